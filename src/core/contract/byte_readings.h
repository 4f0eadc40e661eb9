#pragma once

#include "bytes/byte_view.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace assetscope {

// Small value decoders for the data inspector and the vertex decoders: each takes the raw
// little-endian bits and gives the number the documents describe (half floats and the fixed
// point: math/).

// s16 / 32767, with -32768 clamped to -1 (the D3D SNORM rule).
float snorm16(std::int16_t v);
// u16 / 65535.
float unorm16(std::uint16_t v);
// R10G10B10A2_UNORM: x, y, z in 0..1 from 10 bits each, w in 0..1 from the top 2 bits (0, 1/3, 2/3, 1).
std::array<float, 4> r10g10b10a2(std::uint32_t bits);

// One line of the data inspector: what the bytes at an offset read as.
struct InspectorRow {
    std::string label; // "u32", "f16", "R10G10B10A2" ...
    std::string value; // the decoded value as text, or "" when too few bytes remain
    std::size_t width; // bytes the reading takes
};

// Every reading of the bytes starting at `offset` (little-endian); readings that would run past
// the end of `bytes` get an empty value.
std::vector<InspectorRow> inspectBytes(ByteView bytes, std::uint64_t offset);

} // namespace assetscope
