#pragma once

#include "tree/structure_tree.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace assetscope {

// Where one side of a difference is in its input: a node's offset, size and value, or a byte
// range (value null).
struct DiffSide {
    std::uint64_t offset = 0;
    std::uint64_t size = 0;
    Value value;
};

enum class DiffKind : std::uint8_t {
    Changed, // a node on both sides whose value (or type) differs
    Added,   // a node only in B
    Removed, // a node only in A
    Bytes,   // a byte range that differs where no differing node accounts for it
};
std::string_view diffKindName(DiffKind kind);

// The names a diff path gives the listed children of a node, in order: a child's own name, or
// NAME#n for its n-th repeat among its siblings (n from 1); a lazy array's elements are [i].
std::vector<std::string> childPathNames(const StructureTree& tree, NodeId id);

struct TreeChange {
    DiffKind kind = DiffKind::Changed;
    // Names from below the root joined by '/' (bundle/blob_records/[3]/data_size); a name that
    // repeats among its siblings is NAME#n from its second occurrence on (n counts from 0); the
    // root itself (two formats) is ".", a byte range has no path.
    std::string path;
    std::optional<DiffSide> a;
    std::optional<DiffSide> b;
};

struct TreeDiff {
    std::vector<TreeChange> changes; // in tree order, byte ranges last; at most the limit
    std::uint64_t total = 0;         // every difference found, `changes` included

    bool same() const { return total == 0; }
    std::uint64_t truncated() const { return total - changes.size(); }
};

struct TreeDiffOptions {
    // Differences kept in `changes`; the rest are only counted.
    std::uint64_t maxChanges = std::numeric_limits<std::uint64_t>::max();
};

// Compares two structure trees node by node, matched by their path of names (array elements by
// index). Lazy arrays are compared element by element: an element is decoded only when its
// bytes differ between the inputs, so a huge array costs one pass over its bytes. When no node
// was added or removed and the inputs are the same size, the bytes that differ outside every
// changed node are reported as byte ranges. Two trees of different formats (`formatA` and
// `formatB`) are one change at the root.
TreeDiff diffTrees(const StructureTree& a, std::string_view formatA, const StructureTree& b,
                   std::string_view formatB, const TreeDiffOptions& options = {});

} // namespace assetscope
