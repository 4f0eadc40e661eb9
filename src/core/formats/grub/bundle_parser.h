#pragma once

#include "formats/grub/bundle.h"
#include "tree/structure_tree.h"

#include <functional>

namespace assetscope::grub {

struct ParseOptions {
    int maxDepth = 8; // bundles nested in blobs; deeper ones are reported, not followed
    // Bytes read as nested bundles, all levels together, at most this many times the input's
    // size. Blobs that the arrangement keeps apart nest at most maxDepth times over, so the
    // limit only stops inputs whose blobs were made to be read again and again.
    std::uint64_t maxNestingVolume = 8;
    // What the format reading the outer bundle as its own (a model) supplies: the outer blobs
    // whose versions it judges itself (every other blob is held to the install's list), and
    // whether it lists the bundle's checked rules with its own (Bundle::checkedRules) rather than
    // in a container of the bundle's.
    std::function<bool(std::uint32_t tag)> outerJudgesVersion = {};
    bool outerListsRules = false;
};

// True when the bytes start with a Grub bundle's tag.
bool looksLikeBundle(ByteView bytes);
// True when the bundle's blob records list `tag` (the header's count, bounded by the bytes): how a
// format built on bundles tells its files from other bundles without parsing them.
bool bundleListsTag(ByteView bytes, std::uint32_t tag);

// Reads the bundle that fills `view` (absolute offset `base` in the tree's source), appending its
// nodes under `parent`. Never throws: bad bytes become diagnostics and the bundle holds what
// could be read.
Bundle parseBundle(StructureTree& tree, ByteView view, std::uint64_t base, NodeId parent,
                   const ParseOptions& options = {});

// The whole of the tree's source as one bundle, under the tree's root (made if missing).
Bundle parseBundle(StructureTree& tree, const ParseOptions& options = {});

} // namespace assetscope::grub
