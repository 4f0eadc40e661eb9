// BC7, written from Microsoft's "BC7 Format" and "BC7 Format Mode Reference" and the Khronos Data
// Format Specification ("BPTC"): modes, endpoint unquantisation with p-bits, partitions and
// anchors, interpolation and rotation.
#include "decode/bptc_tables.h"
#include "decode/texel_block_decode.h"

#include <array>
#include <bit>
#include <cstring>

namespace assetscope::decode::detail {

namespace {

struct Bc7Mode {
    int subsets;
    int partitionBits;
    int rotationBits;
    int indexSelectionBits;
    int colourBits;
    int alphaBits; // 0: alpha is 255
    bool pbitPerEndpoint;
    bool pbitPerSubset;
    int indexBits;
    int secondaryIndexBits; // 0: none
};

constexpr std::array<Bc7Mode, 8> kModes{{
    {3, 4, 0, 0, 4, 0, true, false, 3, 0},
    {2, 6, 0, 0, 6, 0, false, true, 3, 0},
    {3, 6, 0, 0, 5, 0, false, false, 2, 0},
    {2, 6, 0, 0, 7, 0, true, false, 2, 0},
    {1, 0, 2, 1, 5, 6, false, false, 2, 3},
    {1, 0, 2, 0, 7, 8, false, false, 2, 2},
    {1, 0, 0, 0, 7, 7, true, false, 4, 0},
    {2, 6, 0, 0, 5, 5, true, false, 2, 0},
}};

// An n-bit value (5..8) to 8 bits, its high bits replicated below.
inline unsigned expandTo8(unsigned value, int bits) {
    return bits >= 8 ? value : (value << (8 - bits)) | (value >> (2 * bits - 8));
}

template <int Subsets>
void readIndices(BlockBits& bits, int indexBits, int partition, std::uint8_t* indices) {
    for (int texel = 0; texel < 16; ++texel) {
        const int count = bptc::isAnchor(Subsets, partition, texel) ? indexBits - 1 : indexBits;
        indices[texel] = static_cast<std::uint8_t>(bits.read(count));
    }
}

// One mode's block. A template per mode so that the loops and field widths are constants.
template <int ModeNumber> void decodeMode(BlockBits& bits, std::uint8_t* rgba) {
    constexpr Bc7Mode mode = kModes[ModeNumber];
    constexpr int endpointCount = 2 * mode.subsets;
    const int partition = mode.partitionBits ? static_cast<int>(bits.read(mode.partitionBits)) : 0;
    const int rotation = mode.rotationBits ? static_cast<int>(bits.read(mode.rotationBits)) : 0;
    const int indexSelection = mode.indexSelectionBits ? static_cast<int>(bits.read(1)) : 0;

    unsigned endpoints[endpointCount][4];
    for (int channel = 0; channel < 3; ++channel)
        for (int e = 0; e < endpointCount; ++e)
            endpoints[e][channel] = bits.read(mode.colourBits);
    for (int e = 0; e < endpointCount; ++e)
        endpoints[e][3] = mode.alphaBits ? bits.read(mode.alphaBits) : 255u;

    constexpr bool hasPbits = mode.pbitPerEndpoint || mode.pbitPerSubset;
    constexpr int colourBits = mode.colourBits + (hasPbits ? 1 : 0);
    constexpr int alphaBits = mode.alphaBits ? mode.alphaBits + (hasPbits ? 1 : 0) : 0;
    if constexpr (hasPbits) {
        unsigned pbits[endpointCount];
        if constexpr (mode.pbitPerEndpoint) {
            for (int e = 0; e < endpointCount; ++e)
                pbits[e] = bits.read(1);
        } else {
            for (int s = 0; s < mode.subsets; ++s)
                pbits[2 * s] = pbits[2 * s + 1] = bits.read(1);
        }
        // The p-bit is the lowest bit of every channel, alpha included when stored.
        for (int e = 0; e < endpointCount; ++e) {
            for (int channel = 0; channel < 3; ++channel)
                endpoints[e][channel] = (endpoints[e][channel] << 1) | pbits[e];
            if constexpr (mode.alphaBits != 0) endpoints[e][3] = (endpoints[e][3] << 1) | pbits[e];
        }
    }
    for (int e = 0; e < endpointCount; ++e) {
        for (int channel = 0; channel < 3; ++channel)
            endpoints[e][channel] = expandTo8(endpoints[e][channel], colourBits);
        if constexpr (alphaBits != 0) endpoints[e][3] = expandTo8(endpoints[e][3], alphaBits);
    }

    std::uint8_t primary[16], secondary[16];
    readIndices<mode.subsets>(bits, mode.indexBits, partition, primary);
    if constexpr (mode.secondaryIndexBits != 0) readIndices<1>(bits, mode.secondaryIndexBits, 0, secondary);

    // Colour from the secondary indices when the index selection bit is set; alpha from them
    // when the block has them and the bit is clear.
    const bool colourFromSecondary = indexSelection == 1;
    const bool alphaFromSecondary = mode.secondaryIndexBits && indexSelection == 0;
    const std::uint8_t* colourIndices = colourFromSecondary ? secondary : primary;
    const std::uint8_t* alphaIndices = alphaFromSecondary ? secondary : primary;
    const std::uint8_t* colourWeights =
        bptc::weightsFor(colourFromSecondary ? mode.secondaryIndexBits : mode.indexBits);
    const std::uint8_t* alphaWeights =
        bptc::weightsFor(alphaFromSecondary ? mode.secondaryIndexBits : mode.indexBits);

    for (int texel = 0; texel < 16; ++texel) {
        const int subset = bptc::subsetOf(mode.subsets, partition, texel);
        const unsigned* e0 = endpoints[2 * subset];
        const unsigned* e1 = endpoints[2 * subset + 1];
        const unsigned wc = colourWeights[colourIndices[texel]];
        std::uint8_t* out = rgba + 4 * texel;
        for (int channel = 0; channel < 3; ++channel)
            out[channel] = static_cast<std::uint8_t>(((64 - wc) * e0[channel] + wc * e1[channel] + 32) >> 6);
        if constexpr (mode.alphaBits != 0) {
            const unsigned wa = alphaWeights[alphaIndices[texel]];
            out[3] = static_cast<std::uint8_t>(((64 - wa) * e0[3] + wa * e1[3] + 32) >> 6);
        } else {
            out[3] = 255;
        }
        if constexpr (mode.rotationBits != 0) {
            if (rotation != 0) {
                const std::uint8_t swapped = out[rotation - 1];
                out[rotation - 1] = out[3];
                out[3] = swapped;
            }
        }
    }
}

} // namespace

void bc7Block(const std::uint8_t* block, std::uint8_t* rgba) {
    if (block[0] == 0) { // reserved: every channel of every texel 0
        std::memset(rgba, 0, 64);
        return;
    }
    const int modeNumber = std::countr_zero(static_cast<unsigned>(block[0]));
    BlockBits bits(block);
    bits.skip(modeNumber + 1);
    switch (modeNumber) {
    case 0:
        return decodeMode<0>(bits, rgba);
    case 1:
        return decodeMode<1>(bits, rgba);
    case 2:
        return decodeMode<2>(bits, rgba);
    case 3:
        return decodeMode<3>(bits, rgba);
    case 4:
        return decodeMode<4>(bits, rgba);
    case 5:
        return decodeMode<5>(bits, rgba);
    case 6:
        return decodeMode<6>(bits, rgba);
    default:
        return decodeMode<7>(bits, rgba);
    }
}

} // namespace assetscope::decode::detail
