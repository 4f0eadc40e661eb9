#pragma once

#include <array>
#include <cstdint>

// Writers of single compressed blocks from chosen fields, so that samples and tests know every
// texel a block decodes to. Each writes the block as the format's specification lays it out
// (Microsoft's block-compression documentation); none chooses fields from texels.
namespace assetscope::decode::blocks {

using Block8 = std::array<std::uint8_t, 8>;
using Block16 = std::array<std::uint8_t, 16>;
// One index per texel, row-major from the top-left texel.
using TexelIndices = std::array<std::uint8_t, 16>;

// A 5:6:5 colour from its three fields (red 0..31, green 0..63, blue 0..31).
std::uint16_t rgb565(std::uint8_t red5, std::uint8_t green6, std::uint8_t blue5);

// BC1: two 5:6:5 endpoints and 2 bits per texel, texel 0 in the low bits. colour0 > colour1
// selects four colours; otherwise three and transparent black.
Block8 bc1(std::uint16_t colour0565, std::uint16_t colour1565, std::uint32_t indices);
// The 2-bit indices packed as bc1 wants them.
std::uint32_t packIndices2(const TexelIndices& indices);

// BC4 (and each channel of BC5, and BC3's alpha): two 8-bit endpoints and 3 bits per texel,
// texel 0 in the low bits of the 48. end0 > end1 interpolates six values between them; otherwise
// four, and index 6 is 0 and index 7 is 255 (signed: -127 and 127). Signed blocks store the
// endpoints as two's complement bytes.
Block8 bc4(std::uint8_t end0, std::uint8_t end1, std::uint64_t indices48);
std::uint64_t packIndices3(const TexelIndices& indices);

// BC2: 4 bits of explicit alpha per texel (texel 0 in the low bits), then a BC1 colour block
// (always decoded with four colours).
Block16 bc2(std::uint64_t alpha4BitsPerTexel, const Block8& colour);
// BC3: a BC4 block of alpha, then a BC1 colour block.
Block16 bc3(const Block8& alpha, const Block8& colour);
// BC5: a BC4 block of red, then one of green.
Block16 bc5(const Block8& red, const Block8& green);

// Writes fields into a 128-bit block from its least significant bit up, the order in which BC6H
// and BC7 store them (bit 0 is the low bit of byte 0).
class BitWriter128 {
public:
    // Appends the low `bits` bits of `value` (at most 64), least significant first.
    void put(std::uint64_t value, int bits);
    // Appends the single bit `bit` of `value`, for layouts that scatter a field's bits.
    void putBit(std::uint64_t value, int bit) { put(value >> bit, 1); }
    int position() const { return m_position; }
    const Block16& block() const { return m_block; }

private:
    Block16 m_block{};
    int m_position = 0;
};

// BC7 mode 6: one subset, RGBA endpoints of 7 bits (0..127) each with its own p-bit, 4-bit
// indices. The anchor (texel 0) stores only 3 bits of its index; when indices[0] is 8 or more
// the writer swaps the endpoints (with their p-bits) and inverts every index, which decodes to
// the same texels because BC7's weights are symmetric.
Block16 bc7Mode6(std::array<std::uint8_t, 4> endpoint0, std::array<std::uint8_t, 4> endpoint1,
                 std::uint8_t pbit0, std::uint8_t pbit1, TexelIndices indices);

// BC6H mode 11: one region, RGB endpoints of 10 bits each, untransformed, 4-bit indices. The
// anchor is handled as in bc7Mode6 (BC6H's weights are the same).
Block16 bc6hMode11(std::array<std::uint16_t, 3> endpoint0, std::array<std::uint16_t, 3> endpoint1,
                   TexelIndices indices);

// Any BC7 block from its fields. Endpoints are stored values (without p-bits), subset s's pair at
// 2s and 2s + 1, channels R G B A (A only in the modes that store alpha). pbits: one per endpoint,
// or one per subset (entries 0 and 1) in mode 1. Anchor texels store one index bit less: their
// indices must have the top bit clear (the writer drops it).
struct Bc7Fields {
    int mode = 6;
    int partition = 0;
    int rotation = 0;
    int indexSelection = 0;
    std::array<std::array<std::uint8_t, 4>, 6> endpoints{};
    std::array<std::uint8_t, 6> pbits{};
    TexelIndices indices{};
    TexelIndices secondaryIndices{};
};
Block16 bc7(const Bc7Fields& fields);

// Any BC6H block from its fields, in Microsoft's mode numbering (1..14). Endpoints are the
// stored fields E0..E3 (R, G, B): for transformed modes E1..E3 are differences from E0 in two's
// complement of the mode's delta bits. Anchor indices must have the top bit clear, as for bc7.
struct Bc6hFields {
    int mode = 11;
    int partition = 0;
    std::array<std::array<std::uint16_t, 3>, 4> endpoints{};
    TexelIndices indices{};
};
Block16 bc6h(const Bc6hFields& fields);

} // namespace assetscope::decode::blocks
