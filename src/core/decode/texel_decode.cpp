#include "decode/texel_decode.h"

#include "decode/texel_block_decode.h"
#include "decode/uncompressed_texels.h"
#include "math/half_float.h"

#include <algorithm>
#include <cstring>

namespace assetscope::decode {

namespace {

// Runs `decodeBlock(blockBytes, texels)` over every 4x4 block of the level and copies each
// block's texels (four channels of T) into place, clipping blocks at the right and bottom edges.
template <typename T, typename BlockFn>
void forEachBlock(const std::uint8_t* data, std::uint32_t width, std::uint32_t height, std::size_t blockBytes,
                  T* out, BlockFn decodeBlock) {
    const std::size_t across = (std::size_t{width} + 3) / 4, down = (std::size_t{height} + 3) / 4;
    const std::size_t rowTexels = width;
    T texels[64];
    for (std::size_t by = 0; by < down; ++by) {
        const std::size_t rows = std::min<std::size_t>(4, height - 4 * by);
        for (std::size_t bx = 0; bx < across; ++bx) {
            decodeBlock(data + (by * across + bx) * blockBytes, texels);
            T* target = out + ((4 * by) * rowTexels + 4 * bx) * 4;
            const std::size_t columns = std::min<std::size_t>(4, width - 4 * bx);
            if (columns == 4) {
                for (std::size_t r = 0; r < rows; ++r)
                    std::memcpy(target + r * rowTexels * 4, texels + 16 * r, 16 * sizeof(T));
            } else {
                for (std::size_t r = 0; r < rows; ++r)
                    std::memcpy(target + r * rowTexels * 4, texels + 16 * r, columns * 4 * sizeof(T));
            }
        }
    }
}

void decodeBlocks8(TexelFormat format, const std::uint8_t* data, std::uint32_t w, std::uint32_t h,
                   std::uint8_t* out) {
    switch (format) {
    case TexelFormat::BC1:
        forEachBlock(data, w, h, 8, out,
                     [](const std::uint8_t* b, std::uint8_t* t) { detail::bc1Block(b, t); });
        return;
    case TexelFormat::BC2:
        forEachBlock(data, w, h, 16, out, detail::bc2Block);
        return;
    case TexelFormat::BC3:
        forEachBlock(data, w, h, 16, out, detail::bc3Block);
        return;
    case TexelFormat::BC4:
        forEachBlock(data, w, h, 8, out, [](const std::uint8_t* b, std::uint8_t* t) {
            for (int i = 0; i < 16; ++i) {
                t[4 * i + 1] = t[4 * i + 2] = 0;
                t[4 * i + 3] = 255;
            }
            detail::bc4Block(b, t, 4);
        });
        return;
    case TexelFormat::BC5:
        forEachBlock(data, w, h, 16, out, [](const std::uint8_t* b, std::uint8_t* t) {
            for (int i = 0; i < 16; ++i) {
                t[4 * i + 2] = 0;
                t[4 * i + 3] = 255;
            }
            detail::bc4Block(b, t, 4);
            detail::bc4Block(b + 8, t + 1, 4);
        });
        return;
    case TexelFormat::BC7:
        forEachBlock(data, w, h, 16, out, detail::bc7Block);
        return;
    default:
        detail::uncompressedToRgba8(format, data, std::size_t{w} * h, out);
        return;
    }
}

void decodeBlocksFloat(TexelFormat format, const std::uint8_t* data, std::uint32_t w, std::uint32_t h,
                       float* out) {
    switch (format) {
    case TexelFormat::BC4Signed:
        forEachBlock(data, w, h, 8, out, [](const std::uint8_t* b, float* t) {
            for (int i = 0; i < 16; ++i) {
                t[4 * i + 1] = t[4 * i + 2] = 0.0f;
                t[4 * i + 3] = 1.0f;
            }
            detail::bc4SignedBlock(b, t, 4);
        });
        return;
    case TexelFormat::BC5Signed:
        forEachBlock(data, w, h, 16, out, [](const std::uint8_t* b, float* t) {
            for (int i = 0; i < 16; ++i) {
                t[4 * i + 2] = 0.0f;
                t[4 * i + 3] = 1.0f;
            }
            detail::bc4SignedBlock(b, t, 4);
            detail::bc4SignedBlock(b + 8, t + 1, 4);
        });
        return;
    case TexelFormat::BC6HUnsigned:
    case TexelFormat::BC6HSigned: {
        const bool isSigned = format == TexelFormat::BC6HSigned;
        forEachBlock(data, w, h, 16, out, [isSigned](const std::uint8_t* b, float* t) {
            std::uint16_t half[48];
            detail::bc6hBlock(b, isSigned, half);
            for (int i = 0; i < 16; ++i) {
                for (int c = 0; c < 3; ++c)
                    t[4 * i + c] = math::halfToFloat(half[3 * i + c]);
                t[4 * i + 3] = 1.0f;
            }
        });
        return;
    }
    default:
        detail::uncompressedToFloat(format, data, std::size_t{w} * h, out);
        return;
    }
}

} // namespace

bool decodeLevelInto(TexelFormat format, std::uint32_t width, std::uint32_t height, ByteView data,
                     TexelImage& image, std::string& reason) {
    image.width = image.height = 0;
    image.rgba8.clear();
    image.rgba32f.clear();
    const auto index = static_cast<int>(format);
    if (index < 0 || index >= kTexelFormatCount) {
        reason = "unknown texel format";
        return false;
    }
    if (width == 0 || height == 0) {
        reason = "the level has no texels (" + std::to_string(width) + " x " + std::to_string(height) + ")";
        return false;
    }
    const std::optional<std::uint64_t> needed = levelByteSize(format, width, height);
    if (!needed || *needed > data.size()) {
        reason = "a " + std::to_string(width) + " x " + std::to_string(height) + " " +
                 dxgiName(format, false) + " level needs " +
                 (needed ? std::to_string(*needed) : std::string("more than 2^64")) + " bytes; " +
                 std::to_string(data.size()) + " are present";
        return false;
    }
    // The bytes are there, so the texel count is bounded by them (at most 16 texels per 8 bytes).
    const std::size_t channels = std::size_t{width} * height * 4;
    image.width = width;
    image.height = height;
    image.isFloat = texelFormatInfo(format).isFloat;
    if (image.isFloat) {
        image.rgba32f.resize(channels);
        decodeBlocksFloat(format, data.data(), width, height, image.rgba32f.data());
    } else {
        image.rgba8.resize(channels);
        decodeBlocks8(format, data.data(), width, height, image.rgba8.data());
    }
    return true;
}

std::optional<TexelImage> decodeLevel(TexelFormat format, std::uint32_t width, std::uint32_t height,
                                      ByteView data, std::string& reason) {
    TexelImage image;
    if (!decodeLevelInto(format, width, height, data, image, reason)) return std::nullopt;
    return image;
}

} // namespace assetscope::decode
