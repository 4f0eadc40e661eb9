#pragma once

#include "bytes/byte_view.h"
#include "bytes/parse_error.h"

#include <bit>
#include <cstring>
#include <string>

namespace assetscope {

// Bytes taken through every ByteReader on this thread. Hostile-input tests bound a parse's work
// by it (with nodes, diagnostics and allocation): unlike time, it does not depend on the machine.
inline thread_local std::uint64_t t_bytesRead = 0;

// A little-endian cursor over a byte span. Every read checks the bounds first and throws
// ParseError{"truncated"} instead of reading past the end, so no caller can over-read.
class ByteReader {
public:
    explicit ByteReader(ByteView data, std::uint64_t pos = 0) : m_data(data), m_pos(pos) {}

    ByteView data() const { return m_data; }
    std::uint64_t pos() const { return m_pos; }
    std::uint64_t size() const { return m_data.size(); }
    std::uint64_t remaining() const { return m_pos <= m_data.size() ? m_data.size() - m_pos : 0; }
    bool atEnd() const { return m_pos >= m_data.size(); }

    void seek(std::uint64_t pos) {
        if (pos > m_data.size()) throw ParseError::truncated(pos, 0, m_data.size());
        m_pos = pos;
    }
    void skip(std::uint64_t n) {
        require(n);
        m_pos += n;
    }
    // Throws unless n bytes remain; used before reading and before allocating for a count.
    void require(std::uint64_t n) const {
        if (n > remaining()) throw ParseError::truncated(m_pos, n, m_data.size());
    }

    template <typename T> T read() {
        static_assert(std::is_trivially_copyable_v<T>);
        require(sizeof(T));
        T value;
        std::memcpy(&value, m_data.data() + m_pos, sizeof(T));
        if constexpr (std::endian::native == std::endian::big && sizeof(T) > 1) value = byteswapValue(value);
        m_pos += sizeof(T);
        t_bytesRead += sizeof(T);
        return value;
    }
    std::uint8_t u8() { return read<std::uint8_t>(); }
    std::uint16_t u16() { return read<std::uint16_t>(); }
    std::uint32_t u32() { return read<std::uint32_t>(); }
    std::uint64_t u64() { return read<std::uint64_t>(); }
    std::int8_t i8() { return read<std::int8_t>(); }
    std::int16_t i16() { return read<std::int16_t>(); }
    std::int32_t i32() { return read<std::int32_t>(); }
    std::int64_t i64() { return read<std::int64_t>(); }
    float f32() { return read<float>(); }
    double f64() { return read<double>(); }

    ByteView bytes(std::uint64_t n) {
        require(n);
        ByteView view = m_data.subspan(m_pos, n);
        m_pos += n;
        t_bytesRead += n;
        return view;
    }
    std::string string(std::uint64_t n) {
        ByteView view = bytes(n);
        return std::string(view.begin(), view.end());
    }

private:
    template <typename T> static T byteswapValue(T value) {
        unsigned char raw[sizeof(T)];
        std::memcpy(raw, &value, sizeof(T));
        for (std::size_t i = 0; i < sizeof(T) / 2; ++i)
            std::swap(raw[i], raw[sizeof(T) - 1 - i]);
        std::memcpy(&value, raw, sizeof(T));
        return value;
    }

    ByteView m_data;
    std::uint64_t m_pos;
};

} // namespace assetscope
