// The texel decoder on blocks whose texels are worked out by hand from the specifications
// (Microsoft's block-compression pages, the Khronos Data Format Specification). The blocks are
// made by decode/texel_blocks from chosen fields. tests/app/tst_texel_decode_gl checks the same
// decoder against Mesa's on random blocks.
#include "decode/bc6h_modes.h"
#include "decode/texel_block_decode.h"
#include "decode/texel_blocks.h"
#include "decode/texel_decode.h"
#include "math/half_float.h"

#include <QtTest>

#include <array>
#include <vector>

using namespace assetscope;
using namespace assetscope::decode;

namespace {

using Rgba = std::array<int, 4>;

Rgba texelOf(const std::uint8_t* rgba, int texel) {
    return {rgba[4 * texel], rgba[4 * texel + 1], rgba[4 * texel + 2], rgba[4 * texel + 3]};
}

std::array<std::uint8_t, 64> decodeBc7(const blocks::Block16& block) {
    std::array<std::uint8_t, 64> rgba{};
    detail::bc7Block(block.data(), rgba.data());
    return rgba;
}

template <std::size_t N> ByteView viewOf(const std::array<std::uint8_t, N>& bytes) {
    return ByteView(bytes.data(), bytes.size());
}

// The 5:6:5 endpoints of the BC1 tests: (20, 40, 10) expands to (165, 162, 82) — 20 → 20·8 + 20/4
// = 165, 40 → 40·4 + 40/16 = 162, 10 → 80 + 2 = 82 — and (3, 7, 30) to (24, 28, 247).
const std::uint16_t kBright = blocks::rgb565(20, 40, 10);
const std::uint16_t kDark = blocks::rgb565(3, 7, 30);
const blocks::TexelIndices kRowsOfIndices{0, 1, 2, 3, 3, 2, 1, 0, 1, 1, 1, 1, 2, 2, 2, 2};
const blocks::TexelIndices kRamp3{0, 1, 2, 3, 4, 5, 6, 7, 7, 6, 5, 4, 3, 2, 1, 0};

struct Bc6hCheck {
    int texel;
    std::array<std::uint16_t, 3> half;
};
struct Bc6hCase {
    int mode;
    bool isSigned;
    std::array<std::array<std::uint16_t, 3>, 4> stored;
    std::array<Bc6hCheck, 5> checks; // one-subset modes check the first four
};

// Stored fields and expected half-float bits for every BC6H mode. Two-subset modes use
// partition 0 (texels 2, 3, 6, 7, ... in subset 1, anchor 15) with indices texel 1 → 7,
// texel 2 → 7, texel 4 → 3, else 0; one-subset modes texel 1 → 15, texel 4 → 5, texel 15 → 9.
// E0 of each row is chosen, E1..E3 are differences (+1, -1, +2), (-3, +4, -5), (+5, -6, +7) in
// transformed modes, stored in two's complement of the delta bits.
const Bc6hCase kBc6hCases[] = {
    {1,
     false,
     {{{342, 511, 206}, {1, 31, 2}, {29, 4, 27}, {5, 26, 7}}},
     {{{0, {10617, 15856, 6401}},
       {1, {10648, 15825, 6463}},
       {4, {10630, 15843, 6427}},
       {2, {10772, 15670, 6618}},
       {15, {10524, 15980, 6246}}}}},
    {2,
     false,
     {{{44, 62, 29}, {1, 63, 2}, {61, 4, 59}, {5, 58, 7}}},
     {{{0, {11036, 15500, 7316}},
       {1, {11284, 15252, 7812}},
       {4, {11140, 15395, 7525}},
       {2, {12276, 14012, 9052}},
       {15, {10292, 16492, 6076}}}}},
    {3,
     false,
     {{{685, 1021, 415}, {1, 15, 2}, {29, 4, 11}, {5, 10, 7}}},
     {{{0, {10625, 15833, 6440}},
       {1, {10640, 15817, 6471}},
       {4, {10632, 15826, 6453}},
       {2, {10702, 15740, 6548}},
       {15, {10578, 15895, 6362}}}}},
    {4,
     false,
     {{{686, 1020, 417}, {1, 31, 2}, {13, 4, 11}, {5, 26, 7}}},
     {{{0, {10640, 15817, 6471}},
       {1, {10656, 15802, 6502}},
       {4, {10647, 15811, 6484}},
       {2, {10718, 15724, 6579}},
       {15, {10594, 15879, 6393}}}}},
    {5,
     false,
     {{{687, 1019, 419}, {1, 15, 2}, {13, 4, 27}, {5, 10, 7}}},
     {{{0, {10656, 15802, 6502}},
       {1, {10671, 15786, 6533}},
       {4, {10663, 15795, 6515}},
       {2, {10733, 15709, 6610}},
       {15, {10609, 15864, 6424}}}}},
    {6,
     false,
     {{{176, 250, 114}, {1, 31, 2}, {29, 4, 27}, {5, 26, 7}}},
     {{{0, {10943, 15531, 7099}},
       {1, {11005, 15469, 7223}},
       {4, {10969, 15504, 7151}},
       {2, {11253, 15159, 7533}},
       {15, {10757, 15779, 6789}}}}},
    {7,
     false,
     {{{92, 121, 65}, {1, 31, 2}, {61, 4, 27}, {5, 26, 7}}},
     {{{0, {11470, 15066, 8122}},
       {1, {11594, 14942, 8370}},
       {4, {11522, 15013, 8226}},
       {2, {12090, 14322, 8990}},
       {15, {11098, 15562, 7502}}}}},
    {8,
     false,
     {{{93, 120, 67}, {1, 63, 2}, {29, 4, 27}, {5, 58, 7}}},
     {{{0, {11594, 14942, 8370}},
       {1, {11718, 14818, 8618}},
       {4, {11646, 14889, 8474}},
       {2, {12214, 14198, 9238}},
       {15, {11222, 15438, 7750}}}}},
    {9,
     false,
     {{{94, 119, 69}, {1, 31, 2}, {29, 4, 59}, {5, 26, 7}}},
     {{{0, {11718, 14818, 8618}},
       {1, {11842, 14694, 8866}},
       {4, {11770, 14765, 8722}},
       {2, {12338, 14074, 9486}},
       {15, {11346, 15314, 7998}}}}},
    {10,
     false,
     {{{31, 22, 32}, {38, 17, 35}, {27, 28, 30}, {33, 23, 25}}},
     {{{0, {15624, 11160, 16120}},
       {1, {19096, 8680, 17608}},
       {4, {17088, 10113, 16747}},
       {2, {16616, 11656, 12648}},
       {15, {13640, 14136, 15128}}}}},
    {11,
     false,
     {{{352, 501, 226}, {359, 496, 229}, {0, 0, 0}, {0, 0, 0}}},
     {{{0, {10927, 15546, 7021}},
       {1, {11144, 15391, 7114}},
       {4, {10998, 15495, 7052}},
       {15, {11056, 15454, 7076}}}}},
    {12,
     false,
     {{{694, 1012, 433}, {1, 511, 2}, {0, 0, 0}, {0, 0, 0}}},
     {{{0, {10764, 15693, 6719}},
       {1, {10780, 15678, 6750}},
       {4, {10770, 15688, 6729}},
       {15, {10773, 15684, 6737}}}}},
    {13,
     false,
     {{{1378, 2035, 845}, {1, 255, 2}, {0, 0, 0}, {0, 0, 0}}},
     {{{0, {10683, 15775, 6552}},
       {1, {10691, 15767, 6568}},
       {4, {10685, 15772, 6557}},
       {15, {10688, 15770, 6561}}}}},
    {14,
     false,
     {{{21859, 32754, 13135}, {1, 15, 2}, {0, 0, 0}, {0, 0, 0}}},
     {{{0, {10587, 15865, 6362}},
       {1, {10588, 15864, 6363}},
       {4, {10587, 15865, 6362}},
       {15, {10588, 15864, 6362}}}}},
    {1,
     true,
     {{{171, 769, 102}, {1, 31, 2}, {29, 4, 27}, {5, 26, 7}}},
     {{{0, {10633, 48609, 6355}},
       {1, {10695, 48671, 6479}},
       {4, {10659, 48635, 6407}},
       {2, {10943, 48981, 6789}},
       {15, {10447, 48361, 6045}}}}},
    {10,
     true,
     {{{20, 58, 6}, {27, 53, 9}, {16, 0, 4}, {22, 59, 63}}},
     {{{0, {20336, 39216, 6448}},
       {1, {27280, 44176, 9424}},
       {4, {23265, 41308, 7703}},
       {2, {22320, 38224, 34256}},
       {15, {16368, 0, 4464}}}}},
    {11,
     true,
     {{{181, 779, 102}, {188, 774, 105}, {0, 0, 0}, {0, 0, 0}}},
     {{{0, {11253, 47989, 6355}},
       {1, {11687, 48299, 6541}},
       {4, {11395, 48090, 6416}},
       {15, {11510, 48173, 6465}}}}},
    {14,
     true,
     {{{10936, 49166, 6553}, {1, 15, 2}, {0, 0, 0}, {0, 0, 0}}},
     {{{0, {10594, 48626, 6348}},
       {1, {10595, 48627, 6350}},
       {4, {10594, 48626, 6349}},
       {15, {10595, 48627, 6349}}}}},
};

} // namespace

class TestTexelDecode : public QObject {
    Q_OBJECT

private slots:
    void formatTable() {
        QCOMPARE(dxgiNumber(TexelFormat::BC1, false), 71u);
        QCOMPARE(dxgiNumber(TexelFormat::BC1, true), 72u);
        QCOMPARE(dxgiNumber(TexelFormat::BC2, true), 75u);
        QCOMPARE(dxgiNumber(TexelFormat::BC3, false), 77u);
        QCOMPARE(dxgiNumber(TexelFormat::BC4Signed, false), 81u);
        QCOMPARE(dxgiNumber(TexelFormat::BC5Signed, false), 84u);
        QCOMPARE(dxgiNumber(TexelFormat::BC6HUnsigned, true), 95u); // no sRGB form
        QCOMPARE(dxgiNumber(TexelFormat::BC6HSigned, false), 96u);
        QCOMPARE(dxgiNumber(TexelFormat::BC7, true), 99u);
        QCOMPARE(dxgiNumber(TexelFormat::R16G16B16A16Unorm, false), 11u);
        QCOMPARE(dxgiNumber(TexelFormat::R8G8B8A8Unorm, true), 29u);
        QCOMPARE(dxgiNumber(TexelFormat::A8Unorm, false), 65u);
        QCOMPARE(dxgiName(TexelFormat::BC7, true), std::string("BC7_UNORM_SRGB"));
        QCOMPARE(dxgiName(TexelFormat::BC4, true), std::string("BC4_UNORM"));
        QCOMPARE(dxgiName(TexelFormat::B5G5R5A1, false), std::string("B5G5R5A1_UNORM"));
        // 5 x 3 BC1: 2 x 1 blocks of 8 bytes; 5 x 3 RGBA8: 15 texels of 4.
        QCOMPARE(levelByteSize(TexelFormat::BC1, 5, 3), std::optional<std::uint64_t>(16));
        QCOMPARE(levelByteSize(TexelFormat::BC7, 4096, 4096), std::optional<std::uint64_t>(16777216));
        QCOMPARE(levelByteSize(TexelFormat::R8G8B8A8Unorm, 5, 3), std::optional<std::uint64_t>(60));
        // (2^32 - 1)^2 texels of 16 bytes do not fit 64 bits.
        QVERIFY(!levelByteSize(TexelFormat::R32G32B32A32Float, 0xFFFFFFFFu, 0xFFFFFFFFu));
    }

    void bc1FourColours() {
        const auto block = blocks::bc1(kBright, kDark, blocks::packIndices2(kRowsOfIndices));
        std::array<std::uint8_t, 64> rgba{};
        detail::bc1Block(block.data(), rgba.data());
        // kBright > kDark: four colours. c2 = c0 + (c1 - c0)·85/256 rounded down, red:
        // (171·165 + 85·24) >> 8 = 30255 >> 8 = 118. c3 uses 170/256: (86·165 + 170·24) >> 8 = 71.
        QCOMPARE(texelOf(rgba.data(), 0), (Rgba{165, 162, 82, 255}));
        QCOMPARE(texelOf(rgba.data(), 1), (Rgba{24, 28, 247, 255}));
        QCOMPARE(texelOf(rgba.data(), 2), (Rgba{118, 117, 136, 255}));
        QCOMPARE(texelOf(rgba.data(), 3), (Rgba{71, 73, 191, 255}));
        QCOMPARE(texelOf(rgba.data(), 4), (Rgba{71, 73, 191, 255}));
        QCOMPARE(texelOf(rgba.data(), 12), (Rgba{118, 117, 136, 255}));
    }

    void bc1ThreeColoursAndTransparentBlack() {
        const auto block = blocks::bc1(kDark, kBright, blocks::packIndices2(kRowsOfIndices));
        std::array<std::uint8_t, 64> rgba{};
        detail::bc1Block(block.data(), rgba.data());
        // kDark <= kBright: c2 is the midpoint rounded up, (24 + 165 + 1) / 2 = 95; c3 transparent black.
        QCOMPARE(texelOf(rgba.data(), 0), (Rgba{24, 28, 247, 255}));
        QCOMPARE(texelOf(rgba.data(), 1), (Rgba{165, 162, 82, 255}));
        QCOMPARE(texelOf(rgba.data(), 2), (Rgba{95, 95, 165, 255}));
        QCOMPARE(texelOf(rgba.data(), 3), (Rgba{0, 0, 0, 0}));
    }

    void bc2ExplicitAlpha() {
        // Texel i's alpha nibble is i: alpha i·17. The colour half always decodes four colours,
        // even with c0 <= c1: c3 = (86·24 + 170·165) >> 8 = 30114 >> 8 = 117.
        const auto block = blocks::bc2(0xFEDCBA9876543210ull,
                                       blocks::bc1(kDark, kBright, blocks::packIndices2(kRowsOfIndices)));
        std::array<std::uint8_t, 64> rgba{};
        detail::bc2Block(block.data(), rgba.data());
        QCOMPARE(texelOf(rgba.data(), 0), (Rgba{24, 28, 247, 0}));
        QCOMPARE(texelOf(rgba.data(), 2), (Rgba{70, 72, 192, 34}));
        QCOMPARE(texelOf(rgba.data(), 3), (Rgba{117, 116, 137, 51}));
        QCOMPARE(texelOf(rgba.data(), 15), (Rgba{70, 72, 192, 255}));
    }

    void bc3InterpolatedAlpha() {
        // Alpha 200 > 10: six interpolated values, i/7 as 36, 72, 109, 145, 182, 218 of 256. Index 2:
        // (220·200 + 36·10) >> 8 = 44360 >> 8 = 173.
        const auto block = blocks::bc3(blocks::bc4(200, 10, blocks::packIndices3(kRamp3)),
                                       blocks::bc1(kBright, kDark, blocks::packIndices2(kRowsOfIndices)));
        std::array<std::uint8_t, 64> rgba{};
        detail::bc3Block(block.data(), rgba.data());
        const int expected[8] = {200, 10, 173, 146, 119, 92, 64, 38};
        for (int t = 0; t < 16; ++t)
            QCOMPARE(int(rgba[4 * t + 3]), expected[kRamp3[std::size_t(t)]]);
        QCOMPARE(texelOf(rgba.data(), 2), (Rgba{118, 117, 136, 173}));
    }

    void bc4FourValuesAndExtremes() {
        // 10 <= 200: four interpolated values (i/5 as 51, 102, 153, 204 of 256), then 0 and 255.
        // Index 2: (205·10 + 51·200) >> 8 = 12250 >> 8 = 47.
        const auto block = blocks::bc4(10, 200, blocks::packIndices3(kRamp3));
        std::uint8_t values[16];
        detail::bc4Block(block.data(), values, 1);
        const int expected[8] = {10, 200, 47, 85, 123, 161, 0, 255};
        for (int t = 0; t < 16; ++t)
            QCOMPARE(int(values[t]), expected[kRamp3[std::size_t(t)]]);
        std::string reason;
        const auto image = decodeLevel(TexelFormat::BC4, 4, 4, viewOf(block), reason);
        QVERIFY(image && !image->isFloat);
        QCOMPARE(texelOf(image->rgba8.data(), 2), (Rgba{47, 0, 0, 255})); // BC4 is (r, 0, 0, 1)
    }

    void bc4Signed() {
        // Endpoints -128 and 127 (bytes 0x80, 0x7F): four values. Index 2:
        // (205·(-128) + 51·127) >> 8 = -19763 >> 8 = -78 (rounded down); -128 itself reads as -127.
        const auto block = blocks::bc4(0x80, 0x7F, blocks::packIndices3(kRamp3));
        std::string reason;
        const auto image = decodeLevel(TexelFormat::BC4Signed, 4, 4, viewOf(block), reason);
        QVERIFY(image && image->isFloat);
        const int expected[8] = {-127, 127, -78, -27, 24, 75, -127, 127};
        for (int t = 0; t < 16; ++t) {
            QCOMPARE(image->rgba32f[std::size_t(4 * t)],
                     float(expected[kRamp3[std::size_t(t)]]) * (1.0f / 127.0f));
            QCOMPARE(image->rgba32f[std::size_t(4 * t + 3)], 1.0f);
        }
        QCOMPARE(image->rgba32f[0], -1.0f);
    }

    void bc5TwoChannels() {
        const auto red = blocks::bc4(200, 10, blocks::packIndices3(kRamp3));
        const auto green = blocks::bc4(10, 200, blocks::packIndices3(kRamp3));
        std::string reason;
        const auto image = decodeLevel(TexelFormat::BC5, 4, 4, viewOf(blocks::bc5(red, green)), reason);
        QVERIFY(image);
        QCOMPARE(texelOf(image->rgba8.data(), 2), (Rgba{173, 47, 0, 255}));
        QCOMPARE(texelOf(image->rgba8.data(), 7), (Rgba{38, 255, 0, 255}));
        // Signed: red 100 > -50 (0x64, 0xCE), six values; index 7: (38·100 + 218·(-50)) >> 8 =
        // -7100 >> 8 = -28.
        const auto signedRed = blocks::bc4(0x64, 0xCE, blocks::packIndices3(kRamp3));
        const auto signedImage =
            decodeLevel(TexelFormat::BC5Signed, 4, 4, viewOf(blocks::bc5(signedRed, signedRed)), reason);
        QVERIFY(signedImage);
        QCOMPARE(signedImage->rgba32f[4 * 7], -28 * (1.0f / 127.0f));
        QCOMPARE(signedImage->rgba32f[4 * 7 + 1], -28 * (1.0f / 127.0f));
        QCOMPARE(signedImage->rgba32f[4 * 2], 78 * (1.0f / 127.0f)); // (220·100 - 36·50) >> 8 = 78
        QCOMPARE(signedImage->rgba32f[4 * 2 + 2], 0.0f);
    }

    void bc7Mode0() {
        // Three subsets, partition 0 (rows 0011 0011 0221 2222; anchors 3 and 15), RGB 4 bits + a
        // p-bit per endpoint. E0 (15, 0, 8) p 1 → 5 bits (31, 1, 17) → 8 bits (255, 8, 140).
        blocks::Bc7Fields f;
        f.mode = 0;
        f.endpoints = {
            {{15, 0, 8, 0}, {0, 15, 4, 0}, {5, 10, 1, 0}, {12, 3, 7, 0}, {1, 2, 3, 0}, {14, 13, 12, 0}}};
        f.pbits = {1, 0, 1, 0, 1, 1};
        f.indices = {0, 5, 0, 3, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 2};
        const auto rgba = decodeBc7(blocks::bc7(f));
        QCOMPARE(texelOf(rgba.data(), 0), (Rgba{255, 8, 140, 255}));
        // Texel 1, subset 0, index 5 (weight 46) between (255, 8, 140) and (0, 247, 66):
        // red (18·255 + 46·0 + 32) >> 6 = 4622 >> 6 = 72.
        QCOMPARE(texelOf(rgba.data(), 1), (Rgba{72, 180, 87, 255}));
        QCOMPARE(texelOf(rgba.data(), 2), (Rgba{90, 173, 24, 255}));
        QCOMPARE(texelOf(rgba.data(), 3), (Rgba{136, 121, 62, 255}));
        QCOMPARE(texelOf(rgba.data(), 9), (Rgba{239, 222, 206, 255}));
        QCOMPARE(texelOf(rgba.data(), 15), (Rgba{84, 92, 99, 255}));
    }

    void bc7Mode1() {
        // Two subsets, partition 13 (mask 0xFF00: rows 2 and 3 in subset 1, anchor 15), RGB 6 bits
        // and a p-bit shared per subset. Subset 0 p 1: 63 → 127 → 255, 32 → 65 → 131.
        blocks::Bc7Fields f;
        f.mode = 1;
        f.partition = 13;
        f.endpoints = {{{63, 0, 32, 0}, {0, 63, 1, 0}, {10, 20, 30, 0}, {40, 50, 60, 0}}};
        f.pbits = {1, 0};
        f.indices = {0, 3, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 3};
        const auto rgba = decodeBc7(blocks::bc7(f));
        QCOMPARE(texelOf(rgba.data(), 0), (Rgba{255, 2, 131, 255}));
        // Texel 1, index 3 (weight 27): red (37·255 + 27·2 + 32) >> 6 = 9521 >> 6 = 148.
        QCOMPARE(texelOf(rgba.data(), 1), (Rgba{148, 109, 78, 255}));
        QCOMPARE(texelOf(rgba.data(), 8), (Rgba{110, 150, 190, 255}));
        QCOMPARE(texelOf(rgba.data(), 15), (Rgba{91, 131, 171, 255}));
        QCOMPARE(texelOf(rgba.data(), 12), (Rgba{40, 80, 120, 255}));
    }

    void bc7Mode2() {
        // Three subsets, partition 6 (rows 0022 0022 1111 1111; anchors 15 and 3), RGB 5 bits,
        // 2-bit indices. The specification's own example texel (1, 2) lies in subset 1.
        blocks::Bc7Fields f;
        f.mode = 2;
        f.partition = 6;
        f.endpoints = {
            {{31, 0, 0, 0}, {0, 31, 0, 0}, {0, 0, 31, 0}, {16, 16, 16, 0}, {1, 2, 3, 0}, {30, 29, 28, 0}}};
        f.indices = {1, 0, 2, 1, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0};
        const auto rgba = decodeBc7(blocks::bc7(f));
        // Texel 0, index 1 (weight 21): red (43·255 + 21·0 + 32) >> 6 = 10997 >> 6 = 171.
        QCOMPARE(texelOf(rgba.data(), 0), (Rgba{171, 84, 0, 255}));
        QCOMPARE(texelOf(rgba.data(), 2), (Rgba{169, 166, 163, 255}));
        QCOMPARE(texelOf(rgba.data(), 3), (Rgba{86, 89, 92, 255}));
        QCOMPARE(texelOf(rgba.data(), 9), (Rgba{132, 132, 132, 255}));
        QCOMPARE(texelOf(rgba.data(), 15), (Rgba{0, 0, 255, 255}));
    }

    void bc7Mode3() {
        // Two subsets, partition 17 (mask 0x008E, anchor 2), RGB 7 bits + a p-bit per endpoint.
        blocks::Bc7Fields f;
        f.mode = 3;
        f.partition = 17;
        f.endpoints = {{{100, 50, 0, 0}, {0, 127, 64, 0}, {127, 127, 127, 0}, {10, 20, 30, 0}}};
        f.pbits = {1, 0, 1, 0};
        f.indices = {1, 0, 1, 2, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
        const auto rgba = decodeBc7(blocks::bc7(f));
        // Texel 0, index 1 (weight 21) between (201, 101, 1) and (0, 254, 128):
        // green (43·101 + 21·254 + 32) >> 6 = 9709 >> 6 = 151.
        QCOMPARE(texelOf(rgba.data(), 0), (Rgba{135, 151, 43, 255}));
        QCOMPARE(texelOf(rgba.data(), 2), (Rgba{178, 184, 191, 255}));
        QCOMPARE(texelOf(rgba.data(), 3), (Rgba{97, 111, 124, 255}));
        QCOMPARE(texelOf(rgba.data(), 5), (Rgba{0, 254, 128, 255}));
        QCOMPARE(texelOf(rgba.data(), 1), (Rgba{255, 255, 255, 255}));
    }

    void bc7Mode4() {
        // One subset, rotation 1 (swap A and R), index selection 1 (colour from the 3-bit
        // indices, alpha from the 2-bit ones), RGB 5 bits, alpha 6 bits.
        blocks::Bc7Fields f;
        f.mode = 4;
        f.rotation = 1;
        f.indexSelection = 1;
        f.endpoints = {{{31, 10, 0, 63}, {0, 20, 31, 16}}};
        f.indices = {1, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
        f.secondaryIndices = {3, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
        const auto rgba = decodeBc7(blocks::bc7(f));
        // Texel 0: colour weight 27 (3-bit index 3), red (37·255 + 27·0 + 32) >> 6 = 147; alpha
        // weight 21 (2-bit index 1): (43·255 + 21·65 + 32) >> 6 = 193; then A and R swap.
        QCOMPARE(texelOf(rgba.data(), 0), (Rgba{193, 117, 108, 147}));
        QCOMPARE(texelOf(rgba.data(), 5), (Rgba{65, 165, 255, 0}));
        QCOMPARE(texelOf(rgba.data(), 10), (Rgba{255, 82, 0, 255}));
    }

    void bc7Mode5() {
        // One subset, rotation 2 (swap A and G), RGB 7 bits, alpha 8 bits, 2-bit indices each.
        blocks::Bc7Fields f;
        f.mode = 5;
        f.rotation = 2;
        f.endpoints = {{{127, 0, 64, 200}, {0, 127, 32, 10}}};
        f.indices = {1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0};
        f.secondaryIndices = {1, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0};
        const auto rgba = decodeBc7(blocks::bc7(f));
        // Texel 0: blue (43·129 + 21·64 + 32) >> 6 = 6923 >> 6 = 108; alpha (43·200 + 21·10 + 32)
        // >> 6 = 138; green 84; then A and G swap.
        QCOMPARE(texelOf(rgba.data(), 0), (Rgba{171, 138, 108, 84}));
        QCOMPARE(texelOf(rgba.data(), 7), (Rgba{84, 10, 85, 171}));
        QCOMPARE(texelOf(rgba.data(), 1), (Rgba{255, 200, 129, 0}));
    }

    void bc7Mode6() {
        // One subset, RGBA 7 bits + a p-bit per endpoint, 4-bit indices. Texel 0 asks for index
        // 15, which the anchor cannot store: the writer swaps the endpoints and inverts the indices.
        const auto block = blocks::bc7Mode6({127, 64, 0, 100}, {0, 32, 127, 10}, 1, 0,
                                            {15, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14});
        QCOMPARE(int(block[0]), 0x40); // mode 6: six zeros and a one
        const auto rgba = decodeBc7(block);
        QCOMPARE(texelOf(rgba.data(), 0), (Rgba{0, 64, 254, 20}));
        QCOMPARE(texelOf(rgba.data(), 1), (Rgba{255, 129, 1, 201}));
        // Texel 8, index 7 (weight 30): alpha (34·201 + 30·20 + 32) >> 6 = 7466 >> 6 = 116.
        QCOMPARE(texelOf(rgba.data(), 8), (Rgba{135, 99, 120, 116}));
    }

    void bc7Mode7() {
        // Two subsets, partition 34 (mask 0x5A5A, anchor 6), RGBA 5 bits + a p-bit per endpoint.
        blocks::Bc7Fields f;
        f.mode = 7;
        f.partition = 34;
        f.endpoints = {{{31, 0, 15, 31}, {0, 31, 16, 8}, {8, 8, 8, 16}, {24, 2, 30, 0}}};
        f.pbits = {1, 0, 1, 0};
        f.indices = {1, 3, 2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0};
        const auto rgba = decodeBc7(blocks::bc7(f));
        // Texel 0, weight 21, between (255, 4, 125, 255) and (0, 251, 130, 65): alpha
        // (43·255 + 21·65 + 32) >> 6 = 12362 >> 6 = 193.
        QCOMPARE(texelOf(rgba.data(), 0), (Rgba{171, 85, 127, 193}));
        QCOMPARE(texelOf(rgba.data(), 1), (Rgba{195, 16, 243, 0}));
        QCOMPARE(texelOf(rgba.data(), 2), (Rgba{84, 170, 128, 127}));
        QCOMPARE(texelOf(rgba.data(), 6), (Rgba{110, 52, 126, 90}));
    }

    void bc7ReservedMode() {
        auto rgba = decodeBc7(blocks::Block16{});
        QCOMPARE(texelOf(rgba.data(), 0), (Rgba{0, 0, 0, 0}));
        QCOMPARE(texelOf(rgba.data(), 15), (Rgba{0, 0, 0, 0}));
    }

    void bc6hEveryMode_data() {
        QTest::addColumn<int>("row");
        for (int i = 0; i < int(std::size(kBc6hCases)); ++i)
            QTest::newRow(qPrintable(QStringLiteral("mode %1 %2")
                                         .arg(kBc6hCases[i].mode)
                                         .arg(kBc6hCases[i].isSigned ? "signed" : "unsigned")))
                << i;
    }
    void bc6hEveryMode() {
        // Worked through for mode 11 unsigned (10-bit endpoints, untransformed): E0 red 352 →
        // ((352 << 15) + 0x4000) >> 9 = 22560 → half bits (22560·31) >> 6 = 10927. Texel 4, index 5
        // (weight 21) between 22560 and 23008: (43·22560 + 21·23008 + 32) >> 6 = 22707 → 10998.
        // Mode 1 unsigned (10-bit E0, 5-bit differences): E1 red = 342 + 1 = 343 → 21984 → 10648.
        // Signed (mode 1): E0 green 769 as 10 bits is -255 → -(((255 << 15) + 0x4000) >> 9) = -16352
        // → 0x8000 | ((16352·31) >> 5) = 48609.
        QFETCH(int, row);
        const Bc6hCase& c = kBc6hCases[row];
        const bc6h::Mode* mode = bc6h::modeByNumber(c.mode);
        QVERIFY(mode);
        blocks::Bc6hFields fields;
        fields.mode = c.mode;
        fields.endpoints = c.stored;
        if (mode->twoSubsets) {
            fields.indices[1] = 7;
            fields.indices[2] = 7;
            fields.indices[4] = 3;
        } else {
            fields.indices[1] = 15;
            fields.indices[4] = 5;
            fields.indices[15] = 9;
        }
        const auto block = blocks::bc6h(fields);
        QCOMPARE(bc6h::modeOf(block[0]), mode);
        std::uint16_t half[48];
        detail::bc6hBlock(block.data(), c.isSigned, half);
        for (std::size_t i = 0; i < (mode->twoSubsets ? 5u : 4u); ++i) {
            const Bc6hCheck& check = c.checks[i];
            const std::array<std::uint16_t, 3> got{half[3 * check.texel], half[3 * check.texel + 1],
                                                   half[3 * check.texel + 2]};
            QCOMPARE(got, check.half);
        }
    }

    void bc6hWritersAgree() {
        blocks::TexelIndices indices{5, 15, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};
        blocks::Bc6hFields fields;
        fields.mode = 11;
        fields.endpoints = {{{100, 200, 300}, {900, 800, 1000}, {}, {}}};
        fields.indices = indices;
        QCOMPARE(blocks::bc6hMode11({100, 200, 300}, {900, 800, 1000}, indices), blocks::bc6h(fields));
    }

    void bc6hReservedModeAndLevel() {
        // Five mode bits 10011 (19) are reserved: zeros, alpha 1.
        const auto reserved = blocks::bc6h(blocks::Bc6hFields{.mode = 0});
        QCOMPARE(int(reserved[0]), 0x13);
        std::string reason;
        const auto image = decodeLevel(TexelFormat::BC6HUnsigned, 4, 4, viewOf(reserved), reason);
        QVERIFY(image && image->isFloat);
        QCOMPARE(image->rgba32f[0], 0.0f);
        QCOMPARE(image->rgba32f[3], 1.0f);
        // Mode 11 texel 0: half 10927 (0x2AAF) is 0.0553... as a float.
        blocks::Bc6hFields fields;
        fields.endpoints = kBc6hCases[10].stored;
        const auto level = decodeLevel(TexelFormat::BC6HUnsigned, 4, 4, viewOf(blocks::bc6h(fields)), reason);
        QVERIFY(level);
        QCOMPARE(level->rgba32f[0], math::halfToFloat(10927));
    }

    void uncompressed() {
        std::string reason;
        auto one = [&](TexelFormat format, std::vector<std::uint8_t> bytes) {
            auto image = decodeLevel(format, 1, 1, ByteView(bytes.data(), bytes.size()), reason);
            if (!image) qFatal("%s", reason.c_str());
            return *image;
        };
        QCOMPARE(texelOf(one(TexelFormat::R8G8B8A8Unorm, {1, 2, 3, 4}).rgba8.data(), 0), (Rgba{1, 2, 3, 4}));
        // B5G6R5 0xFC01: red 31 → 255, green 32 → 128 + 2 = 130, blue 1 → 8.
        QCOMPARE(texelOf(one(TexelFormat::B5G6R5, {0x01, 0xFC}).rgba8.data(), 0), (Rgba{255, 130, 8, 255}));
        // B5G5R5A1 0xC11F: alpha 1, red 16 → 132, green 8 → 66, blue 31 → 255.
        QCOMPARE(texelOf(one(TexelFormat::B5G5R5A1, {0x1F, 0xC1}).rgba8.data(), 0),
                 (Rgba{132, 66, 255, 255}));
        QCOMPARE(texelOf(one(TexelFormat::B5G5R5A1, {0x1F, 0x41}).rgba8.data(), 0), (Rgba{132, 66, 255, 0}));
        QCOMPARE(texelOf(one(TexelFormat::R8Unorm, {77}).rgba8.data(), 0), (Rgba{77, 0, 0, 255}));
        QCOMPARE(texelOf(one(TexelFormat::A8Unorm, {99}).rgba8.data(), 0), (Rgba{0, 0, 0, 99}));
        // 1.5, -2, 0.25, 1 as little-endian floats.
        const auto f32 = one(TexelFormat::R32G32B32A32Float,
                             {0, 0, 0xC0, 0x3F, 0, 0, 0, 0xC0, 0, 0, 0x80, 0x3E, 0, 0, 0x80, 0x3F});
        QCOMPARE(f32.rgba32f, (std::vector<float>{1.5f, -2.0f, 0.25f, 1.0f}));
        // Halves 0x3C00 = 1, 0xC000 = -2, 0x3555 = 1365/4096, 0x7C00 = infinity.
        const auto f16 =
            one(TexelFormat::R16G16B16A16Float, {0x00, 0x3C, 0x00, 0xC0, 0x55, 0x35, 0x00, 0x7C});
        QCOMPARE(f16.rgba32f[0], 1.0f);
        QCOMPARE(f16.rgba32f[1], -2.0f);
        QCOMPARE(f16.rgba32f[2], 1365.0f / 4096.0f);
        QVERIFY(std::isinf(f16.rgba32f[3]));
        // Unorm16 as floats v / 65535: 0, 1, 32768/65535, 13107/65535 = 0.2.
        const auto u16 = one(TexelFormat::R16G16B16A16Unorm, {0, 0, 0xFF, 0xFF, 0x00, 0x80, 0x33, 0x33});
        QVERIFY(u16.isFloat);
        QCOMPARE(u16.rgba32f, (std::vector<float>{0.0f, 1.0f, 32768.0f / 65535.0f, 0.2f}));
    }

    void bounds() {
        std::string reason;
        const auto block = blocks::bc1(kBright, kDark, blocks::packIndices2(kRowsOfIndices));
        // One byte short.
        QVERIFY(!decodeLevel(TexelFormat::BC1, 4, 4, ByteView(block.data(), 7), reason));
        QVERIFY2(reason.find("needs 8 bytes; 7 are present") != std::string::npos, reason.c_str());
        // A header's claim far beyond the bytes: refused before allocating.
        const blocks::Block16 sixteen{};
        QVERIFY(!decodeLevel(TexelFormat::BC7, 16384, 16384, viewOf(sixteen), reason));
        QVERIFY(
            !decodeLevel(TexelFormat::R32G32B32A32Float, 0xFFFFFFFFu, 0xFFFFFFFFu, viewOf(sixteen), reason));
        QVERIFY2(reason.find("more than 2^64") != std::string::npos, reason.c_str());
        QVERIFY(!decodeLevel(TexelFormat::BC1, 0, 4, viewOf(block), reason));
        TexelImage reused;
        QVERIFY(!decodeLevelInto(TexelFormat::R8Unorm, 4, 4, viewOf(block), reused, reason));
        QVERIFY(reused.rgba8.empty());
    }

    void oddSizesClip() {
        std::string reason;
        const auto block = blocks::bc1(kBright, kDark, blocks::packIndices2(kRowsOfIndices));
        // 1 x 1: texel 0 of the block.
        const auto tiny = decodeLevel(TexelFormat::BC1, 1, 1, viewOf(block), reason);
        QVERIFY(tiny);
        QCOMPARE(tiny->rgba8.size(), std::size_t(4));
        QCOMPARE(texelOf(tiny->rgba8.data(), 0), (Rgba{165, 162, 82, 255}));
        // 5 x 3: two blocks across, one down; texel (4, y) is texel 4y of the second block, which
        // here decodes three colours.
        std::vector<std::uint8_t> two(block.begin(), block.end());
        const auto second = blocks::bc1(kDark, kBright, blocks::packIndices2(kRowsOfIndices));
        two.insert(two.end(), second.begin(), second.end());
        const auto image = decodeLevel(TexelFormat::BC1, 5, 3, ByteView(two.data(), two.size()), reason);
        QVERIFY(image);
        QCOMPARE(image->rgba8.size(), std::size_t(5 * 3 * 4));
        QCOMPARE(texelOf(image->rgba8.data(), 3), (Rgba{71, 73, 191, 255}));       // (3, 0)
        QCOMPARE(texelOf(image->rgba8.data(), 4), (Rgba{24, 28, 247, 255}));       // (4, 0): index 0
        QCOMPARE(texelOf(image->rgba8.data(), 5 + 4), (Rgba{0, 0, 0, 0}));         // (4, 1): index 3
        QCOMPARE(texelOf(image->rgba8.data(), 10 + 4), (Rgba{165, 162, 82, 255})); // (4, 2): index 1
        QCOMPARE(texelOf(image->rgba8.data(), 10 + 3), (Rgba{24, 28, 247, 255}));  // (3, 2): index 1
    }
};

QTEST_GUILESS_MAIN(TestTexelDecode)
#include "tst_texel_decode.moc"
