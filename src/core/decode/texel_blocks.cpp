#include "decode/texel_blocks.h"

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

} // namespace assetscope::decode::blocks
