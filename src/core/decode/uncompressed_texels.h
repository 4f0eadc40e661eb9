#pragma once

#include "decode/texel_format.h"

#include <cstddef>
#include <cstdint>

// Rows of uncompressed texels to RGBA: each decodes `count` texels from `in` (packed, little
// endian) into four channels a texel.
namespace assetscope::decode::detail {

// The 8-bit formats: R8G8B8A8, B5G6R5, B5G5R5A1, R8 and A8.
void uncompressedToRgba8(TexelFormat format, const std::uint8_t* in, std::size_t count, std::uint8_t* out);
// The float formats and R16G16B16A16_UNORM.
void uncompressedToFloat(TexelFormat format, const std::uint8_t* in, std::size_t count, float* out);

} // namespace assetscope::decode::detail
