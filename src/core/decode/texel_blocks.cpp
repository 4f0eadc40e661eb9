#include "decode/texel_blocks.h"

#include "decode/bc6h_modes.h"
#include "decode/bptc_tables.h"

#include <utility>

namespace assetscope::decode::blocks {

namespace {

template <std::size_t N> void storeLE(std::uint64_t value, std::uint8_t* out) {
    for (std::size_t i = 0; i < N; ++i)
        out[i] = static_cast<std::uint8_t>(value >> (8 * i));
}

// Swaps the endpoints and inverts the indices when the anchor's index needs the bit the block
// does not store; with symmetric weights the decoded texels stay the same.
template <typename Endpoint>
void fitAnchor(Endpoint& e0, Endpoint& e1, TexelIndices& indices, std::uint8_t indexMax) {
    if (indices[0] <= indexMax / 2) return;
    std::swap(e0, e1);
    for (std::uint8_t& index : indices)
        index = static_cast<std::uint8_t>(indexMax - (index & indexMax));
}

} // namespace

std::uint16_t rgb565(std::uint8_t red5, std::uint8_t green6, std::uint8_t blue5) {
    return static_cast<std::uint16_t>(((red5 & 0x1Fu) << 11) | ((green6 & 0x3Fu) << 5) | (blue5 & 0x1Fu));
}

Block8 bc1(std::uint16_t colour0565, std::uint16_t colour1565, std::uint32_t indices) {
    Block8 block{};
    storeLE<2>(colour0565, block.data());
    storeLE<2>(colour1565, block.data() + 2);
    storeLE<4>(indices, block.data() + 4);
    return block;
}

std::uint32_t packIndices2(const TexelIndices& indices) {
    std::uint32_t packed = 0;
    for (std::size_t i = 0; i < 16; ++i)
        packed |= static_cast<std::uint32_t>(indices[i] & 3u) << (2 * i);
    return packed;
}

Block8 bc4(std::uint8_t end0, std::uint8_t end1, std::uint64_t indices48) {
    Block8 block{};
    block[0] = end0;
    block[1] = end1;
    storeLE<6>(indices48, block.data() + 2);
    return block;
}

std::uint64_t packIndices3(const TexelIndices& indices) {
    std::uint64_t packed = 0;
    for (std::size_t i = 0; i < 16; ++i)
        packed |= static_cast<std::uint64_t>(indices[i] & 7u) << (3 * i);
    return packed;
}

Block16 bc2(std::uint64_t alpha4BitsPerTexel, const Block8& colour) {
    Block16 block{};
    storeLE<8>(alpha4BitsPerTexel, block.data());
    for (std::size_t i = 0; i < 8; ++i)
        block[8 + i] = colour[i];
    return block;
}

Block16 bc3(const Block8& alpha, const Block8& colour) {
    Block16 block{};
    for (std::size_t i = 0; i < 8; ++i) {
        block[i] = alpha[i];
        block[8 + i] = colour[i];
    }
    return block;
}

Block16 bc5(const Block8& red, const Block8& green) {
    return bc3(red, green);
}

void BitWriter128::put(std::uint64_t value, int bits) {
    for (int i = 0; i < bits && m_position < 128; ++i, ++m_position) {
        if ((value >> i) & 1u) m_block[m_position / 8] |= static_cast<std::uint8_t>(1u << (m_position % 8));
    }
}

Block16 bc7Mode6(std::array<std::uint8_t, 4> endpoint0, std::array<std::uint8_t, 4> endpoint1,
                 std::uint8_t pbit0, std::uint8_t pbit1, TexelIndices indices) {
    struct Endpoint {
        std::array<std::uint8_t, 4> rgba;
        std::uint8_t pbit;
    };
    Endpoint e0{endpoint0, pbit0};
    Endpoint e1{endpoint1, pbit1};
    fitAnchor(e0, e1, indices, 15);
    BitWriter128 w;
    w.put(1u << 6, 7); // mode 6: six zeros, then a one
    for (int channel = 0; channel < 4; ++channel) {
        w.put(e0.rgba[channel], 7);
        w.put(e1.rgba[channel], 7);
    }
    w.put(e0.pbit, 1);
    w.put(e1.pbit, 1);
    w.put(indices[0], 3);
    for (std::size_t i = 1; i < 16; ++i)
        w.put(indices[i], 4);
    return w.block();
}

Block16 bc6hMode11(std::array<std::uint16_t, 3> endpoint0, std::array<std::uint16_t, 3> endpoint1,
                   TexelIndices indices) {
    fitAnchor(endpoint0, endpoint1, indices, 15);
    BitWriter128 w;
    w.put(0x03, 5); // mode 11's five mode bits, 00011
    for (int channel = 0; channel < 3; ++channel)
        w.put(endpoint0[channel], 10);
    for (int channel = 0; channel < 3; ++channel)
        w.put(endpoint1[channel], 10);
    w.put(indices[0], 3);
    for (std::size_t i = 1; i < 16; ++i)
        w.put(indices[i], 4);
    return w.block();
}

namespace {

// The BC7 modes as Microsoft's "BC7 Format Mode Reference" lists them.
struct Bc7Layout {
    int subsets, partitionBits, rotationBits, indexSelectionBits, colourBits, alphaBits;
    int pbits; // 0, one per endpoint (1) or one per subset (2)
    int indexBits, secondaryIndexBits;
};
constexpr std::array<Bc7Layout, 8> kBc7Layouts{{
    {3, 4, 0, 0, 4, 0, 1, 3, 0},
    {2, 6, 0, 0, 6, 0, 2, 3, 0},
    {3, 6, 0, 0, 5, 0, 0, 2, 0},
    {2, 6, 0, 0, 7, 0, 1, 2, 0},
    {1, 0, 2, 1, 5, 6, 0, 2, 3},
    {1, 0, 2, 0, 7, 8, 0, 2, 2},
    {1, 0, 0, 0, 7, 7, 1, 4, 0},
    {2, 6, 0, 0, 5, 5, 1, 2, 0},
}};

void putIndices(BitWriter128& w, const TexelIndices& indices, int bits, int subsets, int partition) {
    for (int texel = 0; texel < 16; ++texel)
        w.put(indices[static_cast<std::size_t>(texel)],
              bptc::isAnchor(subsets, partition, texel) ? bits - 1 : bits);
}

} // namespace

Block16 bc7(const Bc7Fields& fields) {
    const int modeNumber = fields.mode & 7;
    const Bc7Layout& mode = kBc7Layouts[static_cast<std::size_t>(modeNumber)];
    BitWriter128 w;
    w.put(1u << modeNumber, modeNumber + 1);
    w.put(static_cast<std::uint64_t>(fields.partition), mode.partitionBits);
    w.put(static_cast<std::uint64_t>(fields.rotation), mode.rotationBits);
    w.put(static_cast<std::uint64_t>(fields.indexSelection), mode.indexSelectionBits);
    const std::size_t endpoints = 2 * static_cast<std::size_t>(mode.subsets);
    for (std::size_t channel = 0; channel < 3; ++channel)
        for (std::size_t e = 0; e < endpoints; ++e)
            w.put(fields.endpoints[e][channel], mode.colourBits);
    for (std::size_t e = 0; e < endpoints && mode.alphaBits; ++e)
        w.put(fields.endpoints[e][3], mode.alphaBits);
    const std::size_t pbits = mode.pbits == 1 ? endpoints : mode.pbits == 2 ? 2 : 0;
    for (std::size_t p = 0; p < pbits; ++p)
        w.put(fields.pbits[p], 1);
    const int partition = mode.partitionBits ? fields.partition : 0;
    putIndices(w, fields.indices, mode.indexBits, mode.subsets, partition);
    if (mode.secondaryIndexBits) putIndices(w, fields.secondaryIndices, mode.secondaryIndexBits, 1, 0);
    return w.block();
}

Block16 bc6h(const Bc6hFields& fields) {
    const bc6h::Mode* mode = bc6h::modeByNumber(fields.mode);
    if (mode == nullptr) return Block16{0x13}; // a reserved mode (five bits 10011)
    BitWriter128 w;
    w.put(mode->modeBits, mode->modeBitCount);
    for (const bc6h::Segment& segment : mode->layout) {
        const std::uint32_t value = segment.field == bc6h::kPartitionField
                                        ? static_cast<std::uint32_t>(fields.partition)
                                        : fields.endpoints[segment.field / 3u][segment.field % 3u];
        for (int i = 0; i < segment.count; ++i)
            w.putBit(value, segment.reversed ? segment.firstBit - i : segment.firstBit + i);
    }
    const int subsets = mode->twoSubsets ? 2 : 1;
    putIndices(w, fields.indices, mode->twoSubsets ? 3 : 4, subsets, mode->twoSubsets ? fields.partition : 0);
    return w.block();
}

} // namespace assetscope::decode::blocks
