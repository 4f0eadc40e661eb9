#pragma once

#include "formats/texture/texture_file.h"
#include "tree/structure_tree.h"

namespace assetscope::texture {

// Level nodes are made one by one up to this many; a texture with more (only a made-up header
// claims thousands of slices) shows its slices as one lazy array instead.
inline constexpr std::size_t kMaxLevelNodes = 4096;

// The TXCB data under the blob's node: TXCB 2.0 as one tiled range; TXCB 0.0 of a known format
// as its mip chain, one node per level per slice in stored order, the levels whose bytes are all
// there in `file.levels`. A chain that does not fit the blob is an error (a refusal); bytes after
// the chain stay outside it, with a note.
void readTextureData(StructureTree& tree, TextureFile& file);

} // namespace assetscope::texture
