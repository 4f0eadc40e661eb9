#pragma once

// A texture's texels as the viewers see them, through the document contract: the level decoder
// and its image (the decode layer's, format-free), and which stored bytes hold a texel. The
// window includes this header, never decode/ itself.

#include "contract/texture.h"
#include "decode/texel_decode.h"

#include <cstdint>
#include <optional>
#include <utility>

namespace assetscope {

using decode::decodeLevelInto;
using decode::levelByteSize;
using decode::TexelFormat;
using decode::TexelFormatInfo;
using decode::texelFormatInfo;
using decode::TexelImage;

// The absolute [begin, end) of the stored bytes that hold texel (x, y) of `level`: its block of
// a block-compressed encoding, its own bytes otherwise; nullopt outside the level, or where the
// level's recorded size does not reach that far.
std::optional<std::pair<std::uint64_t, std::uint64_t>>
texelByteRange(TexelFormat format, const TextureLevel& level, std::uint32_t x, std::uint32_t y);

} // namespace assetscope
