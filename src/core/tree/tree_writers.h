#pragma once

#include "tree/structure_tree.h"

#include <cstdint>
#include <functional>
#include <limits>
#include <ostream>

namespace assetscope {

struct TreeWriteOptions {
    // Elements printed per array; the rest are left out (the array node keeps its count).
    std::uint64_t maxArray = std::numeric_limits<std::uint64_t>::max();
    // Each range of bytes no node accounts for (tree/coverage.h) as a note diagnostic of rule
    // kUnaccountedRule on the node it falls in, after that node's own diagnostics: the marks fit
    // the node schema, and the tree keeps its nodes.
    bool markUnaccounted = false;
    // JSON only: members added to each node object after its diagnostics (`, "notes": [...]`),
    // given the node's names below the file node; unset or empty text: none.
    std::function<std::string(const std::vector<std::string>& names)> extraJsonMembers = {};
};

inline constexpr const char* kUnaccountedRule = "coverage.unaccounted";

// The marks of TreeWriteOptions::markUnaccounted: each range of bytes no node accounts for, as
// the message of its kUnaccountedRule note ("@0x10 +4: bytes no node accounts for"), with the
// node it falls in; in node order, ranges in file order within a node.
struct UnaccountedMark {
    NodeId node = kNoNode;
    std::string message;
};
std::vector<UnaccountedMark> unaccountedMarks(const StructureTree& tree);

// The node schema of the CLI contract, streamed: one JSON object, the root node. Lazy array
// elements are built one at a time into a scratch tree, so a huge array never sits in memory.
void writeTreeJson(const StructureTree& tree, std::ostream& out, const TreeWriteOptions& options = {});

// An indented text listing of the same tree.
void writeTreeText(const StructureTree& tree, std::ostream& out, const TreeWriteOptions& options = {});

// The value as `dump --json` prints it (13, "Modl", 1.5, [1, 2, 3], true, null).
std::string valueJson(const Value& value);

// The value as shown in text ("Modl", 12, 1.5, [1, 2, 3]).
std::string valueText(const Value& value);

} // namespace assetscope
