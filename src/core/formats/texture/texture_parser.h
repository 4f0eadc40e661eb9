#pragma once

#include "formats/texture/texture_file.h"
#include "tree/structure_tree.h"

namespace assetscope::texture {

// True when the bytes are a Grub bundle whose blob records include a TXCB blob (reads only the
// header and the records, bounds-checked).
bool looksLikeTexture(ByteView bytes);

// Reads the TXCB blob of an already parsed bundle: the TXCH payload's fields and parameter chain
// under the payload's node, the resolved format, and the data as a mip chain (TXCB 0.0) or one
// tiled range (TXCB 2.0) under the blob's node. Never throws on bad bytes.
TextureFile parseTexture(StructureTree& tree, grub::Bundle bundle);

} // namespace assetscope::texture
