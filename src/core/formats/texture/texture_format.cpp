#include "formats/texture/texture_file.h"

#include <limits>

namespace assetscope::texture {

using decode::TexelFormat;

std::optional<TexelFormat> formatOfEncoding(std::int32_t encoding) {
    // 16-18 are not known to either reader; 19 is R8 to one reader and A8 to the other: the
    // first reader's R8 is taken (docs/textures.md).
    switch (encoding) {
    case 0:
        return TexelFormat::BC1;
    case 1:
        return TexelFormat::BC2;
    case 2:
        return TexelFormat::BC3;
    case 3:
        return TexelFormat::BC4;
    case 4:
        return TexelFormat::BC4Signed;
    case 5:
        return TexelFormat::BC5;
    case 6:
        return TexelFormat::BC5Signed;
    case 7:
        return TexelFormat::BC6HUnsigned;
    case 8:
        return TexelFormat::BC6HSigned;
    case 9:
        return TexelFormat::BC7;
    case 10:
        return TexelFormat::R32G32B32A32Float;
    case 11:
        return TexelFormat::R16G16B16A16Unorm;
    case 12:
        return TexelFormat::R16G16B16A16Float;
    case 13:
        return TexelFormat::R8G8B8A8Unorm;
    case 14:
        return TexelFormat::B5G6R5;
    case 15:
        return TexelFormat::B5G5R5A1;
    case 19:
        return TexelFormat::R8Unorm;
    case 20:
        return TexelFormat::A8Unorm;
    default:
        return std::nullopt;
    }
}

std::optional<TexelFormat> formatOfTranscoding(std::uint32_t transcoding) {
    static constexpr TexelFormat kByTranscoding[] = {
        TexelFormat::BC1,        TexelFormat::BC2, TexelFormat::BC3,       TexelFormat::BC4,
        TexelFormat::BC4Signed,  TexelFormat::BC5, TexelFormat::BC5Signed, TexelFormat::BC6HUnsigned,
        TexelFormat::BC6HSigned, TexelFormat::BC7};
    if (transcoding < 2 || transcoding - 2 >= std::size(kByTranscoding)) return std::nullopt;
    return kByTranscoding[transcoding - 2];
}

ResolvedFormat resolveFormat(std::uint32_t transcoding, std::optional<std::int32_t> encoding,
                             std::uint32_t colourProfile) {
    ResolvedFormat out;
    if (transcoding >= 2) {
        out.format = formatOfTranscoding(transcoding);
        if (!out.format) out.text = "transcoding " + std::to_string(transcoding);
    } else if (!encoding) {
        out.text = "no encoding";
    } else {
        out.format = formatOfEncoding(*encoding);
        if (!out.format) out.text = "encoding " + std::to_string(*encoding);
    }
    if (out.format) {
        out.srgb = colourProfile != 0 && decode::hasSrgbForm(*out.format);
        out.text = decode::dxgiName(*out.format, out.srgb);
    }
    return out;
}

std::uint32_t mipExtent(std::uint32_t extent, std::uint32_t mip) {
    const std::uint32_t halved = mip >= 32 ? 0 : extent >> mip;
    return halved == 0 ? 1 : halved;
}

std::optional<std::uint64_t> sliceChainBytes(TexelFormat format, std::uint32_t width, std::uint32_t height,
                                             std::uint32_t mips) {
    std::uint64_t total = 0;
    for (std::uint32_t m = 0; m < mips; ++m) {
        const auto level = decode::levelByteSize(format, mipExtent(width, m), mipExtent(height, m));
        if (!level || *level > std::numeric_limits<std::uint64_t>::max() - total) return std::nullopt;
        total += *level;
    }
    return total;
}

} // namespace assetscope::texture
