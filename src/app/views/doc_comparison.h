#pragma once

#include "tree/structure_tree.h"

#include <optional>

namespace assetscope::app {

// A node's documented row set against where and how it was actually read.
struct DocComparison {
    const DocField* doc = nullptr;
    std::uint64_t relativeOffset = 0;              // node offset - parent offset
    std::optional<std::uint64_t> documentedOffset; // when the document gives a fixed one
    std::optional<std::uint64_t> documentedSize;   // when the document's size is a plain number
    bool offsetMismatch = false;
    bool sizeMismatch = false;
};

DocComparison compareWithDoc(const StructureTree& tree, NodeId id);

} // namespace assetscope::app
