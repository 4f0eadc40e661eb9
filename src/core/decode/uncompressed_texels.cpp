#include "decode/uncompressed_texels.h"

#include "math/half_float.h"

#include "bytes/little_endian.h"

#include <bit>
#include <cstring>

namespace assetscope::decode::detail {

namespace {

std::uint8_t expand5(unsigned v) {
    return static_cast<std::uint8_t>((v << 3) | (v >> 2));
}
std::uint8_t expand6(unsigned v) {
    return static_cast<std::uint8_t>((v << 2) | (v >> 4));
}

} // namespace

void uncompressedToRgba8(TexelFormat format, const std::uint8_t* in, std::size_t count, std::uint8_t* out) {
    switch (format) {
    case TexelFormat::R8G8B8A8Unorm:
        std::memcpy(out, in, count * 4);
        return;
    case TexelFormat::B5G6R5:
        for (std::size_t i = 0; i < count; ++i, out += 4) {
            const unsigned v = loadU16(in + 2 * i);
            out[0] = expand5((v >> 11) & 31u);
            out[1] = expand6((v >> 5) & 63u);
            out[2] = expand5(v & 31u);
            out[3] = 255;
        }
        return;
    case TexelFormat::B5G5R5A1:
        for (std::size_t i = 0; i < count; ++i, out += 4) {
            const unsigned v = loadU16(in + 2 * i);
            out[0] = expand5((v >> 10) & 31u);
            out[1] = expand5((v >> 5) & 31u);
            out[2] = expand5(v & 31u);
            out[3] = (v & 0x8000u) ? 255 : 0;
        }
        return;
    case TexelFormat::R8Unorm:
        for (std::size_t i = 0; i < count; ++i, out += 4) {
            out[0] = in[i];
            out[1] = out[2] = 0;
            out[3] = 255;
        }
        return;
    case TexelFormat::A8Unorm:
        for (std::size_t i = 0; i < count; ++i, out += 4) {
            out[0] = out[1] = out[2] = 0;
            out[3] = in[i];
        }
        return;
    default:
        return;
    }
}

void uncompressedToFloat(TexelFormat format, const std::uint8_t* in, std::size_t count, float* out) {
    switch (format) {
    case TexelFormat::R32G32B32A32Float:
        for (std::size_t i = 0; i < count * 4; ++i) {
            std::uint32_t bits = 0;
            for (int b = 3; b >= 0; --b)
                bits = (bits << 8) | in[4 * i + static_cast<std::size_t>(b)];
            out[i] = std::bit_cast<float>(bits);
        }
        return;
    case TexelFormat::R16G16B16A16Float:
        for (std::size_t i = 0; i < count * 4; ++i)
            out[i] = math::halfToFloat(loadU16(in + 2 * i));
        return;
    case TexelFormat::R16G16B16A16Unorm:
        for (std::size_t i = 0; i < count * 4; ++i)
            out[i] = static_cast<float>(loadU16(in + 2 * i)) / 65535.0f;
        return;
    default:
        return;
    }
}

} // namespace assetscope::decode::detail
