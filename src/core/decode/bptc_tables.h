#pragma once

#include <array>
#include <cstdint>

// The tables BC6H and BC7 share, from the Khronos Data Format Specification's "BPTC Compressed
// Texture Image Formats" (the same as Microsoft's BC7 and BC6H documentation).
namespace assetscope::decode::bptc {

// Subset of each texel (row-major, texel 0 top-left) for the 64 partitions of two subsets: bit i
// of the mask set puts texel i in subset 1.
extern const std::array<std::uint16_t, 64> kTwoSubsetMasks;
// Subset of each texel for the 64 partitions of three subsets: two bits per texel, texel 0 in
// the low bits.
extern const std::array<std::uint32_t, 64> kThreeSubsetPartitions;
// Anchor texel of subset 1 in the two-subset partitions; of subsets 1 and 2 in the three-subset
// ones. Subset 0's anchor is always texel 0.
extern const std::array<std::uint8_t, 64> kAnchorTwoOfTwo;
extern const std::array<std::uint8_t, 64> kAnchorTwoOfThree;
extern const std::array<std::uint8_t, 64> kAnchorThreeOfThree;

// Interpolation weights (out of 64) for 2-, 3- and 4-bit indices.
inline constexpr std::array<std::uint8_t, 4> kWeights2{0, 21, 43, 64};
inline constexpr std::array<std::uint8_t, 8> kWeights3{0, 9, 18, 27, 37, 46, 55, 64};
inline constexpr std::array<std::uint8_t, 16> kWeights4{0,  4,  9,  13, 17, 21, 26, 30,
                                                        34, 38, 43, 47, 51, 55, 60, 64};

inline const std::uint8_t* weightsFor(int indexBits) {
    return indexBits == 2 ? kWeights2.data() : indexBits == 3 ? kWeights3.data() : kWeights4.data();
}

// Subset (0, 1 or 2) of texel `texel` in partition `partition` of a block with `subsets` subsets.
inline int subsetOf(int subsets, int partition, int texel) {
    if (subsets == 2) return (kTwoSubsetMasks[partition] >> texel) & 1;
    if (subsets == 3) return static_cast<int>((kThreeSubsetPartitions[partition] >> (2 * texel)) & 3u);
    return 0;
}

// Whether texel `texel` is an anchor (stores its index with one bit less).
inline bool isAnchor(int subsets, int partition, int texel) {
    if (texel == 0) return true;
    if (subsets == 2) return texel == kAnchorTwoOfTwo[partition];
    if (subsets == 3) return texel == kAnchorTwoOfThree[partition] || texel == kAnchorThreeOfThree[partition];
    return false;
}

} // namespace assetscope::decode::bptc
