#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace assetscope::decode {

// The texel encodings textures store (public-reader-notes.md, "Textures"), named as DXGI names
// them. Qt-free and format-free: a texture format maps its own numbers onto these.
enum class TexelFormat : std::uint8_t {
    BC1,
    BC2,
    BC3,
    BC4,
    BC4Signed,
    BC5,
    BC5Signed,
    BC6HUnsigned,
    BC6HSigned,
    BC7,
    R32G32B32A32Float,
    R16G16B16A16Unorm,
    R16G16B16A16Float,
    R8G8B8A8Unorm,
    B5G6R5,
    B5G5R5A1,
    R8Unorm,
    A8Unorm,
};
inline constexpr int kTexelFormatCount = 18;

struct TexelFormatInfo {
    TexelFormat format;
    std::string_view dxgiName;      // without the DXGI_FORMAT_ prefix: "BC7_UNORM"
    std::uint32_t dxgi = 0;         // DXGI_FORMAT number
    std::uint32_t dxgiSrgb = 0;     // the number of its sRGB form; 0 when it has none
    std::uint8_t blockSize = 1;     // texels per block side: 4 block-compressed, 1 otherwise
    std::uint8_t bytesPerBlock = 0; // bytes per 4x4 block, or per texel when blockSize is 1
    bool isFloat = false;           // decodes to floats (TexelImage::isFloat)
    bool isSigned = false;
    std::uint8_t channels = 4; // channels stored: 1 (R, or A for A8), 2 (RG), 3 (RGB), 4
};

const TexelFormatInfo& texelFormatInfo(TexelFormat format);
bool hasSrgbForm(TexelFormat format);
// The DXGI name without its prefix, with "_SRGB" when `srgb` and the format has that form.
std::string dxgiName(TexelFormat format, bool srgb);
// The DXGI number, the sRGB form's when `srgb` and the format has one.
std::uint32_t dxgiNumber(TexelFormat format, bool srgb);

// Bytes of one width x height level, packed with no padding (a block-compressed level is
// ceil(w/4) x ceil(h/4) blocks); nullopt when it would not fit 64 bits.
std::optional<std::uint64_t> levelByteSize(TexelFormat format, std::uint32_t width, std::uint32_t height);

} // namespace assetscope::decode
