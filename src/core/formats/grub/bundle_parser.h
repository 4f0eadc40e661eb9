#pragma once

#include "formats/grub/bundle.h"
#include "tree/structure_tree.h"

namespace assetscope::grub {

struct ParseOptions {
    int maxDepth = 8; // bundles nested in blobs; deeper ones are reported, not followed
};

// True when the bytes start with a Grub bundle's tag.
bool looksLikeBundle(ByteView bytes);

// Reads the bundle that fills `view` (absolute offset `base` in the tree's source), appending its
// nodes under `parent`. Never throws: bad bytes become diagnostics and the bundle holds what
// could be read.
Bundle parseBundle(StructureTree& tree, ByteView view, std::uint64_t base, NodeId parent,
                   const ParseOptions& options = {}, int depth = 0);

// The whole of the tree's source as one bundle, under the tree's root (made if missing).
Bundle parseBundle(StructureTree& tree, const ParseOptions& options = {});

} // namespace assetscope::grub
