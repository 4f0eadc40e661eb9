#include "contract/byte_readings.h"

#include "math/fixed_point.h"
#include "math/half_float.h"

#include <bit>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

namespace assetscope {

float snorm16(std::int16_t v) {
    return v == -32768 ? -1.0f : static_cast<float>(v) / 32767.0f;
}

float unorm16(std::uint16_t v) {
    return static_cast<float>(v) / 65535.0f;
}

std::array<float, 4> r10g10b10a2(std::uint32_t bits) {
    return {static_cast<float>(bits & 0x3FF) / 1023.0f, static_cast<float>((bits >> 10) & 0x3FF) / 1023.0f,
            static_cast<float>((bits >> 20) & 0x3FF) / 1023.0f, static_cast<float>(bits >> 30) / 3.0f};
}

namespace {

template <typename T> T load(ByteView bytes, std::uint64_t offset) {
    T v;
    std::memcpy(&v, bytes.data() + offset, sizeof(T));
    return v; // the project targets little-endian hosts, like the files
}

std::string format(const char* pattern, auto... args) {
    char buffer[96];
    std::snprintf(buffer, sizeof buffer, pattern, args...);
    return buffer;
}

std::string floatText(double v) {
    return format("%.9g", v);
}

} // namespace

std::vector<InspectorRow> inspectBytes(ByteView bytes, std::uint64_t offset) {
    std::vector<InspectorRow> rows;
    const std::uint64_t remaining = offset < bytes.size() ? bytes.size() - offset : 0;
    auto add = [&](std::string label, std::size_t width, auto text) {
        rows.push_back({std::move(label), remaining >= width ? text() : std::string(), width});
    };
    add("u8", 1, [&] { return std::to_string(load<std::uint8_t>(bytes, offset)); });
    add("i8", 1, [&] { return std::to_string(load<std::int8_t>(bytes, offset)); });
    add("u16", 2, [&] { return std::to_string(load<std::uint16_t>(bytes, offset)); });
    add("i16", 2, [&] { return std::to_string(load<std::int16_t>(bytes, offset)); });
    add("u32", 4, [&] {
        const auto v = load<std::uint32_t>(bytes, offset);
        return format("%u (0x%08X)", v, v);
    });
    add("i32", 4, [&] { return std::to_string(load<std::int32_t>(bytes, offset)); });
    add("u64", 8, [&] { return std::to_string(load<std::uint64_t>(bytes, offset)); });
    add("i64", 8, [&] { return std::to_string(load<std::int64_t>(bytes, offset)); });
    add("f16", 2, [&] { return floatText(math::halfToFloat(load<std::uint16_t>(bytes, offset))); });
    add("f32", 4, [&] { return floatText(load<float>(bytes, offset)); });
    add("f64", 8, [&] { return format("%.17g", load<double>(bytes, offset)); });
    add("snorm16", 2, [&] { return floatText(snorm16(load<std::int16_t>(bytes, offset))); });
    add("unorm16", 2, [&] { return floatText(unorm16(load<std::uint16_t>(bytes, offset))); });
    add("R10G10B10A2", 4, [&] {
        const auto v = r10g10b10a2(load<std::uint32_t>(bytes, offset));
        return format("%.6g, %.6g, %.6g, %.6g", v[0], v[1], v[2], v[3]);
    });
    add("fixed 16.16 (sign-magnitude)", 4,
        [&] { return format("%.6f", math::fixedToDouble(load<std::uint32_t>(bytes, offset))); });
    add("tag", 4, [&] { return tagText(load<std::uint32_t>(bytes, offset)); });
    return rows;
}

} // namespace assetscope
