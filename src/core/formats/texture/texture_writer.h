#pragma once

#include "formats/texture/texture_file.h"

#include <vector>

namespace assetscope::texture {

// A texture bundle to write: the header's fields, the chain's values (value 0 the encoding,
// value 1 the pitch) and the TXCB data as stored.
struct TextureSpec {
    TextureHeader header; // the writer sets the two chain offsets
    std::vector<std::int32_t> chainValues;
    Bytes data;
    bool tiled = false; // TXCB 2.0
    // Bytes after the chain in the payload (the readers name none; an odd count makes the header
    // end unaligned, as in the install's TXCB 2.0 rain masks).
    Bytes payloadTail;
    std::uint8_t txchVersion = 1;
    bool headerEndsUnaligned = false; // the two documented swatch texture forms
    bool endsShort = false;
};

// The TXCH payload in the chain layout both readers meet: the fixed fields, a second chain of
// one u32 -1 at 0x34, then each link followed by its value (link 0 at 0x38, its value at 0x40).
Bytes txchPayload(TextureHeader header, const std::vector<std::int32_t>& values, ByteView tail = {});
grub::Bundle textureBundle(const TextureSpec& spec);
Bytes writeTextureBundle(const TextureSpec& spec);

// A read texture written back: the header's fields and the chain's links and values put back
// where they were read, over the payload as stored, then the bundle.
Bytes writeTexture(const TextureFile& file);

// Level data: one block (or texel) repeated over a w x h level of `format`.
Bytes solidLevel(decode::TexelFormat format, std::uint32_t width, std::uint32_t height, ByteView block);
// The value 1 the writer stores: the linear size of mip 0 for a block-compressed format, the
// row pitch otherwise.
std::int32_t pitchValue(decode::TexelFormat format, std::uint32_t width, std::uint32_t height);

} // namespace assetscope::texture
