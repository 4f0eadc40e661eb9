#pragma once

#include <array>
#include <cstdint>
#include <vector>

// The 14 BC6H block modes: which fields each stores and in which bits, from the block descriptions
// of the Khronos Data Format Specification ("BC6H") and Microsoft's "BC6H Format".
namespace assetscope::decode::bc6h {

// The stored fields: endpoints E0..E3 as R, G, B (field 3 × endpoint + channel), then the
// partition number.
inline constexpr int kPartitionField = 12;
inline constexpr int kFieldCount = 13;

// A run of stored bits: `count` bits of the block, the first going to bit `firstBit` of the
// field and the next ones upwards (or downwards when `reversed`, as in the specification's
// R0^10..11).
struct Segment {
    std::uint8_t field = 0;
    std::uint8_t firstBit = 0;
    std::uint8_t count = 0;
    bool reversed = false;
};

struct Mode {
    int number = 0;            // Microsoft's mode number, 1..14
    std::uint8_t modeBits = 0; // the value of the low 2 (modes 1 and 2) or 5 bits
    int modeBitCount = 5;
    bool transformed = false; // E1..E3 stored as differences from E0
    bool twoSubsets = false;
    int endpointBits = 0;
    std::array<int, 3> deltaBits{}; // bits of the stored differences, R G B (transformed modes)
    std::vector<Segment> layout;    // after the mode bits, in stored order
};

// The mode a block's low bits select, or nullptr for a reserved mode (5-bit values 19, 23, 27, 31).
const Mode* modeOf(std::uint8_t lowByte);
// Microsoft's mode `number` (1..14), or nullptr.
const Mode* modeByNumber(int number);

} // namespace assetscope::decode::bc6h
