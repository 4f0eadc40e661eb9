#pragma once

#include "bytes/byte_view.h"

#include <bit>
#include <cstring>
#include <string_view>

namespace assetscope {

// Little-endian output buffer for the writers.
class ByteWriter {
public:
    std::size_t size() const { return m_out.size(); }
    void reserve(std::size_t n) { m_out.reserve(n); }
    Bytes take() { return std::move(m_out); }
    const Bytes& bytes() const { return m_out; }

    template <typename T> void put(T value) {
        static_assert(std::is_trivially_copyable_v<T>);
        unsigned char raw[sizeof(T)];
        std::memcpy(raw, &value, sizeof(T));
        if constexpr (std::endian::native == std::endian::big)
            for (std::size_t i = 0; i < sizeof(T) / 2; ++i)
                std::swap(raw[i], raw[sizeof(T) - 1 - i]);
        m_out.insert(m_out.end(), raw, raw + sizeof(T));
    }
    void u8(std::uint8_t v) { put(v); }
    void u16(std::uint16_t v) { put(v); }
    void u32(std::uint32_t v) { put(v); }
    void u64(std::uint64_t v) { put(v); }
    void i8(std::int8_t v) { put(v); }
    void i16(std::int16_t v) { put(v); }
    void i32(std::int32_t v) { put(v); }
    void i64(std::int64_t v) { put(v); }
    void f32(float v) { put(v); }
    void bytes(ByteView b) { m_out.insert(m_out.end(), b.begin(), b.end()); }
    void text(std::string_view s) { m_out.insert(m_out.end(), s.begin(), s.end()); }
    // Zero bytes up to an absolute size (no-op when already there).
    void padTo(std::size_t n) {
        if (m_out.size() < n)
            m_out.resize(n, 0);
    }
    void align(std::size_t a) { padTo((m_out.size() + a - 1) / a * a); }
    // Overwrites bytes already written (for sizes known later).
    template <typename T> void patch(std::size_t at, T value) {
        std::memcpy(m_out.data() + at, &value, sizeof(T));
    }

private:
    Bytes m_out;
};

} // namespace assetscope
