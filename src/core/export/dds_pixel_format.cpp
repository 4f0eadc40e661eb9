#include "export/dds_pixel_format.h"

namespace assetscope::exporting {

namespace {

constexpr std::uint32_t fourCc(char a, char b, char c, char d) {
    return std::uint32_t(std::uint8_t(a)) | std::uint32_t(std::uint8_t(b)) << 8 |
           std::uint32_t(std::uint8_t(c)) << 16 | std::uint32_t(std::uint8_t(d)) << 24;
}

DdsPixelFormat compressed(std::uint32_t code) {
    DdsPixelFormat pf;
    pf.flags = kDdpfFourCc;
    pf.fourCc = code;
    return pf;
}

DdsPixelFormat masked(std::uint32_t flags, std::uint32_t bits, std::uint32_t r, std::uint32_t g,
                      std::uint32_t b, std::uint32_t a) {
    DdsPixelFormat pf;
    pf.flags = flags;
    pf.bitCount = bits;
    pf.masks[0] = r;
    pf.masks[1] = g;
    pf.masks[2] = b;
    pf.masks[3] = a;
    return pf;
}

} // namespace

std::optional<DdsPixelFormat> legacyPixelFormat(decode::TexelFormat format, bool srgb) {
    using decode::TexelFormat;
    // A legacy header has no way to say sRGB: a reader would take the texels as linear.
    if (srgb && decode::hasSrgbForm(format)) return std::nullopt;
    switch (format) {
    case TexelFormat::BC1:
        return compressed(fourCc('D', 'X', 'T', '1'));
    case TexelFormat::BC2:
        return compressed(fourCc('D', 'X', 'T', '3'));
    case TexelFormat::BC3:
        return compressed(fourCc('D', 'X', 'T', '5'));
    // DirectXTex's default; ATI1 and ATI2 only when it is asked for Direct3D 9's names.
    case TexelFormat::BC4:
        return compressed(fourCc('B', 'C', '4', 'U'));
    case TexelFormat::BC5:
        return compressed(fourCc('B', 'C', '5', 'U'));
    // Byte 0 red ... byte 3 alpha, read as one little-endian 32-bit texel.
    case TexelFormat::R8G8B8A8Unorm:
        return masked(kDdpfRgb | kDdpfAlphaPixels, 32, 0x000000FF, 0x0000FF00, 0x00FF0000, 0xFF000000);
    // DXGI's B5G6R5 puts blue in the low bits: Direct3D 9's R5G6B5 masks.
    case TexelFormat::B5G6R5:
        return masked(kDdpfRgb, 16, 0xF800, 0x07E0, 0x001F, 0);
    case TexelFormat::B5G5R5A1:
        return masked(kDdpfRgb | kDdpfAlphaPixels, 16, 0x7C00, 0x03E0, 0x001F, 0x8000);
    case TexelFormat::R8Unorm:
        return masked(kDdpfLuminance, 8, 0xFF, 0, 0, 0);
    case TexelFormat::A8Unorm:
        return masked(kDdpfAlpha, 8, 0, 0, 0, 0xFF);
    default:
        return std::nullopt;
    }
}

} // namespace assetscope::exporting
