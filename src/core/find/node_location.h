#pragma once

#include "tree/structure_tree.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace assetscope {

// Where a byte range sits in a structure tree.
struct NodeLocation {
    NodeId node = kNoNode;    // innermost node of the tree holding the range (a lazy array: the array)
    std::string path;         // down to the innermost node, lazy elements included; empty: only the root
    std::uint64_t offset = 0; // the innermost node's (or element field's) offset and size
    std::uint64_t size = 0;
    const DocField* doc = nullptr; // the innermost node's documented row, if it has one
};

// The innermost node holding [offset, offset + size) (size 0: the byte at offset), descending
// into lazy arrays' elements by decoding them aside, so the tree itself is not changed.
NodeLocation locateRange(const StructureTree& tree, std::uint64_t offset, std::uint64_t size);

// The node of documented field `key` read at `offset` (where a Value find's field tap saw it):
// the innermost node there when it is that field; else any listed node, or any element of a lazy
// array of at most kFieldSearchElements (a field an element reads outside its stride, as a
// metadata record's payload), that is. Nothing when no node is.
inline constexpr std::uint64_t kFieldSearchElements = 4096;
std::optional<NodeLocation> locateField(const StructureTree& tree, std::uint64_t offset,
                                        std::string_view key);

// A node's path of names as `diff` prints it: names below the root joined by '/', a name that
// repeats among its siblings as NAME#n from its second occurrence, "." for the root itself.
std::string diffPath(const StructureTree& tree, NodeId id);

} // namespace assetscope
