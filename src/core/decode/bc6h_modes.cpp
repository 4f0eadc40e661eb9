#include "decode/bc6h_modes.h"

#include <string_view>

namespace assetscope::decode::bc6h {

namespace {

struct ModeText {
    int number;
    std::uint8_t modeBits;
    int modeBitCount;
    bool transformed;
    bool twoSubsets;
    int endpointBits;
    std::array<int, 3> deltaBits;
    // The block description after the mode bits, in the specification's notation: "r0:9-0" is
    // R0 bits 9 down to 0 (the first stored bit is bit 0), "r0:10-11" bits 10 and 11 stored from
    // bit 11 down, "g2:4" one bit, "pb" the partition number's five bits.
    std::string_view layout;
};

constexpr std::array<ModeText, 14> kModes{{
    {1,
     0x00,
     2,
     true,
     true,
     10,
     {5, 5, 5},
     "g2:4 b2:4 b3:4 r0:9-0 g0:9-0 b0:9-0 r1:4-0 g3:4 g2:3-0 g1:4-0 b3:0 g3:3-0 b1:4-0 b3:1 b2:3-0 "
     "r2:4-0 b3:2 r3:4-0 b3:3 pb:4-0"},
    {2,
     0x01,
     2,
     true,
     true,
     7,
     {6, 6, 6},
     "g2:5 g3:4 g3:5 r0:6-0 b3:0 b3:1 b2:4 g0:6-0 b2:5 b3:2 g2:4 b0:6-0 b3:3 b3:5 b3:4 r1:5-0 g2:3-0 "
     "g1:5-0 g3:3-0 b1:5-0 b2:3-0 r2:5-0 r3:5-0 pb:4-0"},
    {3,
     0x02,
     5,
     true,
     true,
     11,
     {5, 4, 4},
     "r0:9-0 g0:9-0 b0:9-0 r1:4-0 r0:10 g2:3-0 g1:3-0 g0:10 b3:0 g3:3-0 b1:3-0 b0:10 b3:1 b2:3-0 "
     "r2:4-0 b3:2 r3:4-0 b3:3 pb:4-0"},
    {4,
     0x06,
     5,
     true,
     true,
     11,
     {4, 5, 4},
     "r0:9-0 g0:9-0 b0:9-0 r1:3-0 r0:10 g3:4 g2:3-0 g1:4-0 g0:10 g3:3-0 b1:3-0 b0:10 b3:1 b2:3-0 "
     "r2:3-0 b3:0 b3:2 r3:3-0 g2:4 b3:3 pb:4-0"},
    {5,
     0x0A,
     5,
     true,
     true,
     11,
     {4, 4, 5},
     "r0:9-0 g0:9-0 b0:9-0 r1:3-0 r0:10 b2:4 g2:3-0 g1:3-0 g0:10 b3:0 g3:3-0 b1:4-0 b0:10 b2:3-0 "
     "r2:3-0 b3:1 b3:2 r3:3-0 b3:4 b3:3 pb:4-0"},
    {6,
     0x0E,
     5,
     true,
     true,
     9,
     {5, 5, 5},
     "r0:8-0 b2:4 g0:8-0 g2:4 b0:8-0 b3:4 r1:4-0 g3:4 g2:3-0 g1:4-0 b3:0 g3:3-0 b1:4-0 b3:1 b2:3-0 "
     "r2:4-0 b3:2 r3:4-0 b3:3 pb:4-0"},
    {7,
     0x12,
     5,
     true,
     true,
     8,
     {6, 5, 5},
     "r0:7-0 g3:4 b2:4 g0:7-0 b3:2 g2:4 b0:7-0 b3:3 b3:4 r1:5-0 g2:3-0 g1:4-0 b3:0 g3:3-0 b1:4-0 "
     "b3:1 b2:3-0 r2:5-0 r3:5-0 pb:4-0"},
    {8,
     0x16,
     5,
     true,
     true,
     8,
     {5, 6, 5},
     "r0:7-0 b3:0 b2:4 g0:7-0 g2:5 g2:4 b0:7-0 g3:5 b3:4 r1:4-0 g3:4 g2:3-0 g1:5-0 g3:3-0 b1:4-0 "
     "b3:1 b2:3-0 r2:4-0 b3:2 r3:4-0 b3:3 pb:4-0"},
    {9,
     0x1A,
     5,
     true,
     true,
     8,
     {5, 5, 6},
     "r0:7-0 b3:1 b2:4 g0:7-0 b2:5 g2:4 b0:7-0 b3:5 b3:4 r1:4-0 g3:4 g2:3-0 g1:4-0 b3:0 g3:3-0 "
     "b1:5-0 b2:3-0 r2:4-0 b3:2 r3:4-0 b3:3 pb:4-0"},
    {10,
     0x1E,
     5,
     false,
     true,
     6,
     {0, 0, 0},
     "r0:5-0 g3:4 b3:0 b3:1 b2:4 g0:5-0 g2:5 b2:5 b3:2 g2:4 b0:5-0 g3:5 b3:3 b3:5 b3:4 r1:5-0 "
     "g2:3-0 g1:5-0 g3:3-0 b1:5-0 b2:3-0 r2:5-0 r3:5-0 pb:4-0"},
    {11, 0x03, 5, false, false, 10, {0, 0, 0}, "r0:9-0 g0:9-0 b0:9-0 r1:9-0 g1:9-0 b1:9-0"},
    {12, 0x07, 5, true, false, 11, {9, 9, 9}, "r0:9-0 g0:9-0 b0:9-0 r1:8-0 r0:10 g1:8-0 g0:10 b1:8-0 b0:10"},
    {13,
     0x0B,
     5,
     true,
     false,
     12,
     {8, 8, 8},
     "r0:9-0 g0:9-0 b0:9-0 r1:7-0 r0:10-11 g1:7-0 g0:10-11 b1:7-0 b0:10-11"},
    {14,
     0x0F,
     5,
     true,
     false,
     16,
     {4, 4, 4},
     "r0:9-0 g0:9-0 b0:9-0 r1:3-0 r0:10-15 g1:3-0 g0:10-15 b1:3-0 b0:10-15"},
}};

int parseNumber(std::string_view text, std::size_t& at) {
    int value = 0;
    while (at < text.size() && text[at] >= '0' && text[at] <= '9')
        value = value * 10 + (text[at++] - '0');
    return value;
}

// One token: "r0:9-0", "b3:4" or "pb:4-0".
Segment parseSegment(std::string_view token) {
    Segment segment;
    if (token.starts_with("pb")) {
        segment.field = kPartitionField;
    } else {
        const int channel = token[0] == 'r' ? 0 : token[0] == 'g' ? 1 : 2;
        segment.field = static_cast<std::uint8_t>(3 * (token[1] - '0') + channel);
    }
    std::size_t at = token.find(':') + 1;
    const int high = parseNumber(token, at);
    int low = high;
    if (at < token.size() && token[at] == '-') {
        ++at;
        low = parseNumber(token, at);
    }
    // "a-b" with a >= b stores bit b first, upwards; a < b stores bit b first, downwards.
    segment.firstBit = static_cast<std::uint8_t>(low);
    segment.reversed = high < low;
    segment.count = static_cast<std::uint8_t>((high > low ? high - low : low - high) + 1);
    return segment;
}

std::vector<Mode> buildModes() {
    std::vector<Mode> modes;
    for (const ModeText& text : kModes) {
        Mode mode{text.number,     text.modeBits,     text.modeBitCount, text.transformed,
                  text.twoSubsets, text.endpointBits, text.deltaBits,    {}};
        std::string_view rest = text.layout;
        while (!rest.empty()) {
            const std::size_t space = rest.find(' ');
            mode.layout.push_back(parseSegment(rest.substr(0, space)));
            rest = space == std::string_view::npos ? std::string_view{} : rest.substr(space + 1);
        }
        modes.push_back(std::move(mode));
    }
    return modes;
}

const std::vector<Mode>& modes() {
    static const std::vector<Mode> built = buildModes();
    return built;
}

// Mode by the low five bits of the block (modes 1 and 2 use only two).
const std::array<const Mode*, 32>& modesByLowBits() {
    static const std::array<const Mode*, 32> table = [] {
        std::array<const Mode*, 32> byBits{};
        for (const Mode& mode : modes()) {
            for (unsigned bits = 0; bits < 32; ++bits) {
                const unsigned low = mode.modeBitCount == 2 ? (bits & 3u) : bits;
                if ((bits & 3u) < 2 && mode.modeBitCount == 5) continue;
                if (low == mode.modeBits) byBits[bits] = &mode;
            }
        }
        return byBits;
    }();
    return table;
}

} // namespace

const Mode* modeOf(std::uint8_t lowByte) {
    return modesByLowBits()[lowByte & 31u];
}

const Mode* modeByNumber(int number) {
    return number >= 1 && number <= 14 ? &modes()[static_cast<std::size_t>(number - 1)] : nullptr;
}

} // namespace assetscope::decode::bc6h
