#include "decode/texel_format.h"

#include <array>
#include <limits>

namespace assetscope::decode {

namespace {

// DXGI numbers from Microsoft's DXGI_FORMAT enumeration.
constexpr std::array<TexelFormatInfo, kTexelFormatCount> kInfo{{
    {TexelFormat::BC1, "BC1_UNORM", 71, 72, 4, 8, false, false, 4},
    {TexelFormat::BC2, "BC2_UNORM", 74, 75, 4, 16, false, false, 4},
    {TexelFormat::BC3, "BC3_UNORM", 77, 78, 4, 16, false, false, 4},
    {TexelFormat::BC4, "BC4_UNORM", 80, 0, 4, 8, false, false, 1},
    {TexelFormat::BC4Signed, "BC4_SNORM", 81, 0, 4, 8, true, true, 1},
    {TexelFormat::BC5, "BC5_UNORM", 83, 0, 4, 16, false, false, 2},
    {TexelFormat::BC5Signed, "BC5_SNORM", 84, 0, 4, 16, true, true, 2},
    {TexelFormat::BC6HUnsigned, "BC6H_UF16", 95, 0, 4, 16, true, false, 3},
    {TexelFormat::BC6HSigned, "BC6H_SF16", 96, 0, 4, 16, true, true, 3},
    {TexelFormat::BC7, "BC7_UNORM", 98, 99, 4, 16, false, false, 4},
    {TexelFormat::R32G32B32A32Float, "R32G32B32A32_FLOAT", 2, 0, 1, 16, true, true, 4},
    {TexelFormat::R16G16B16A16Unorm, "R16G16B16A16_UNORM", 11, 0, 1, 8, true, false, 4},
    {TexelFormat::R16G16B16A16Float, "R16G16B16A16_FLOAT", 10, 0, 1, 8, true, true, 4},
    {TexelFormat::R8G8B8A8Unorm, "R8G8B8A8_UNORM", 28, 29, 1, 4, false, false, 4},
    {TexelFormat::B5G6R5, "B5G6R5_UNORM", 85, 0, 1, 2, false, false, 3},
    {TexelFormat::B5G5R5A1, "B5G5R5A1_UNORM", 86, 0, 1, 2, false, false, 4},
    {TexelFormat::R8Unorm, "R8_UNORM", 61, 0, 1, 1, false, false, 1},
    {TexelFormat::A8Unorm, "A8_UNORM", 65, 0, 1, 1, false, false, 1},
}};

constexpr bool tableFollowsEnum() {
    for (std::size_t i = 0; i < kInfo.size(); ++i)
        if (static_cast<std::size_t>(kInfo[i].format) != i) return false;
    return true;
}
static_assert(tableFollowsEnum(), "kInfo must list the formats in enum order");

} // namespace

const TexelFormatInfo& texelFormatInfo(TexelFormat format) {
    const auto index = static_cast<std::size_t>(format);
    return kInfo[index < kInfo.size() ? index : 0];
}

bool hasSrgbForm(TexelFormat format) {
    return texelFormatInfo(format).dxgiSrgb != 0;
}

std::string dxgiName(TexelFormat format, bool srgb) {
    std::string name(texelFormatInfo(format).dxgiName);
    if (srgb && hasSrgbForm(format)) name += "_SRGB";
    return name;
}

std::uint32_t dxgiNumber(TexelFormat format, bool srgb) {
    const TexelFormatInfo& info = texelFormatInfo(format);
    return srgb && info.dxgiSrgb != 0 ? info.dxgiSrgb : info.dxgi;
}

std::optional<std::uint64_t> levelByteSize(TexelFormat format, std::uint32_t width, std::uint32_t height) {
    const TexelFormatInfo& info = texelFormatInfo(format);
    // Widths and heights are 32-bit, so blocks across times blocks down fits 64 bits; only the
    // multiplication by the block's bytes can overflow.
    const std::uint64_t across = (std::uint64_t{width} + info.blockSize - 1) / info.blockSize;
    const std::uint64_t down = (std::uint64_t{height} + info.blockSize - 1) / info.blockSize;
    const std::uint64_t units = across * down;
    if (units > std::numeric_limits<std::uint64_t>::max() / info.bytesPerBlock) return std::nullopt;
    return units * info.bytesPerBlock;
}

} // namespace assetscope::decode
