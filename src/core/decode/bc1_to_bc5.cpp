// BC1 to BC5 (S3TC and RGTC), from Microsoft's "Block Compression" documentation and the
// Khronos Data Format Specification. Both give the interpolated values as fractions of the
// endpoints (2/3 c0 + 1/3 c1, 6/7 a0 + 1/7 a1, ...) and leave their rounding open (Direct3D
// allows a tolerance). Here each fraction is an 8-bit fixed-point weight, w/256 with w rounded
// down, and the sum is rounded down: the arithmetic of Mesa's decoder, so the OpenGL cross-check
// (tests/app/tst_texel_decode_gl) compares exactly. No value is more than one step from the exact
// fraction.
#include "decode/texel_block_decode.h"

#include "bytes/little_endian.h"

#include <cstring>

namespace assetscope::decode::detail {

namespace {

std::uint32_t load32(const std::uint8_t* p) {
    return static_cast<std::uint32_t>(p[0]) | (static_cast<std::uint32_t>(p[1]) << 8) |
           (static_cast<std::uint32_t>(p[2]) << 16) | (static_cast<std::uint32_t>(p[3]) << 24);
}
std::uint64_t load48(const std::uint8_t* p) {
    std::uint64_t v = 0;
    for (int i = 5; i >= 0; --i)
        v = (v << 8) | p[i];
    return v;
}

// 5:6:5 to 8 bits a channel, the high bits replicated into the low ones.
void expand565(std::uint16_t c, int out[3]) {
    const int r = (c >> 11) & 31u, g = (c >> 5) & 63u, b = c & 31u;
    out[0] = (r << 3) | (r >> 2);
    out[1] = (g << 2) | (g >> 4);
    out[2] = (b << 3) | (b >> 2);
}

// a + (b - a) × weight/256, rounded down (for signed values too).
inline int lerp256(int a, int b, int weight) {
    return ((256 - weight) * a + weight * b) >> 8;
}

// i/7 (i = 1..6) and i/5 (i = 1..4) as weights out of 256, rounded down.
constexpr int kSevenths[6] = {36, 72, 109, 145, 182, 218};
constexpr int kFifths[4] = {51, 102, 153, 204};

// The eight values a BC4 block's 3-bit indices choose from; `low` and `high` are the values of
// indices 6 and 7 when the block interpolates four.
void bc4Palette(int e0, int e1, int low, int high, int palette[8]) {
    palette[0] = e0;
    palette[1] = e1;
    if (e0 > e1) {
        for (int i = 0; i < 6; ++i)
            palette[2 + i] = lerp256(e0, e1, kSevenths[i]);
    } else {
        for (int i = 0; i < 4; ++i)
            palette[2 + i] = lerp256(e0, e1, kFifths[i]);
        palette[6] = low;
        palette[7] = high;
    }
}

} // namespace

void bc1Block(const std::uint8_t* block, std::uint8_t* rgba, bool allowThreeColour) {
    const std::uint16_t c0 = loadU16(block), c1 = loadU16(block + 2);
    int e0[3], e1[3];
    expand565(c0, e0);
    expand565(c1, e1);
    std::uint8_t palette[4][4];
    const bool fourColours = c0 > c1 || !allowThreeColour;
    for (int c = 0; c < 3; ++c) {
        palette[0][c] = static_cast<std::uint8_t>(e0[c]);
        palette[1][c] = static_cast<std::uint8_t>(e1[c]);
        if (fourColours) {
            // 1/3 and 2/3 as 85/256 and 170/256.
            palette[2][c] = static_cast<std::uint8_t>(lerp256(e0[c], e1[c], 85));
            palette[3][c] = static_cast<std::uint8_t>(lerp256(e0[c], e1[c], 170));
        } else {
            palette[2][c] = static_cast<std::uint8_t>((e0[c] + e1[c] + 1) / 2); // the half rounds up
            palette[3][c] = 0;                                                  // transparent black
        }
    }
    palette[0][3] = palette[1][3] = palette[2][3] = 255;
    palette[3][3] = fourColours ? 255 : 0;
    const std::uint32_t indices = load32(block + 4);
    for (int i = 0; i < 16; ++i)
        std::memcpy(rgba + 4 * i, palette[(indices >> (2 * i)) & 3u], 4);
}

void bc2Block(const std::uint8_t* block, std::uint8_t* rgba) {
    bc1Block(block + 8, rgba, false);
    for (int i = 0; i < 16; ++i) {
        const unsigned a = (block[i / 2] >> (4 * (i & 1))) & 15u;
        rgba[4 * i + 3] = static_cast<std::uint8_t>(a * 17); // 4 bits to 8: a × 255 / 15
    }
}

void bc3Block(const std::uint8_t* block, std::uint8_t* rgba) {
    bc1Block(block + 8, rgba, false);
    bc4Block(block, rgba + 3, 4);
}

void bc4Block(const std::uint8_t* block, std::uint8_t* values, int stride) {
    int palette[8];
    bc4Palette(block[0], block[1], 0, 255, palette);
    const std::uint64_t indices = load48(block + 2);
    for (int i = 0; i < 16; ++i)
        values[i * stride] = static_cast<std::uint8_t>(palette[(indices >> (3 * i)) & 7u]);
}

void bc4SignedBlock(const std::uint8_t* block, float* values, int stride) {
    // Endpoints are two's complement bytes. -128 and -127 both mean -1: values are clamped to
    // -127 after interpolating, as snorm8 converts to float.
    int palette[8];
    bc4Palette(static_cast<std::int8_t>(block[0]), static_cast<std::int8_t>(block[1]), -127, 127, palette);
    const std::uint64_t indices = load48(block + 2);
    for (int i = 0; i < 16; ++i) {
        const int v = palette[(indices >> (3 * i)) & 7u];
        values[i * stride] = static_cast<float>(v < -127 ? -127 : v) * (1.0f / 127.0f); // as vertex snorm
    }
}

} // namespace assetscope::decode::detail
