#pragma once

#include "decode/texel_format.h"

#include <cstdint>
#include <optional>

namespace assetscope::exporting {

// DDS_PIXELFORMAT.dwFlags (Microsoft, "DDS_PIXELFORMAT structure").
inline constexpr std::uint32_t kDdpfAlphaPixels = 0x1;
inline constexpr std::uint32_t kDdpfAlpha = 0x2;
inline constexpr std::uint32_t kDdpfFourCc = 0x4;
inline constexpr std::uint32_t kDdpfRgb = 0x40;
inline constexpr std::uint32_t kDdpfLuminance = 0x20000;

// The pixel format of a DDS_HEADER: a FourCC, or a bit count and the red, green, blue and alpha
// masks.
struct DdsPixelFormat {
    std::uint32_t flags = 0;
    std::uint32_t fourCc = 0;
    std::uint32_t bitCount = 0;
    std::uint32_t masks[4] = {};
};

// The legacy (pre-DX10) pixel format that names `format` exactly, as DirectXTex writes one by
// default: DXT1, DXT3, DXT5, BC4U and BC5U, and the bit masks of R8G8B8A8, B5G6R5, B5G5R5A1, R8
// (as luminance) and A8 (as alpha). nullopt where the DX10 header says the encoding: the sRGB
// forms, BC6H, BC7, the signed formats, and the ones DirectXTex names by a Direct3D 9 format
// number instead of four characters (R16G16B16A16 and the floats; docs/textures.md, "The DDS").
std::optional<DdsPixelFormat> legacyPixelFormat(decode::TexelFormat format, bool srgb);

} // namespace assetscope::exporting
