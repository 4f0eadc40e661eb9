#pragma once

#include <cstdint>
#include <cstring>
#include <ostream>
#include <string_view>
#include <vector>

namespace assetscope {

// Buffered text for the outputs that run to millions of values (placements, dump --json,
// stats): numbers are spelled as number_text spells them, straight into the buffer through
// std::to_chars, with no string per value; the buffer goes to the stream in large writes.
class TextOut {
public:
    explicit TextOut(std::ostream& out);
    ~TextOut(); // flushes
    TextOut(const TextOut&) = delete;
    TextOut& operator=(const TextOut&) = delete;

    TextOut& operator<<(std::string_view text) {
        std::memcpy(reserve(text.size()), text.data(), text.size());
        m_used += text.size();
        return *this;
    }
    TextOut& operator<<(const char* text) { return *this << std::string_view(text); }
    TextOut& operator<<(char c) {
        *reserve(1) = c;
        ++m_used;
        return *this;
    }
    TextOut& operator<<(std::uint64_t v);
    TextOut& operator<<(std::int64_t v);
    TextOut& operator<<(std::uint32_t v) { return *this << std::uint64_t{v}; }
    TextOut& operator<<(std::int32_t v) { return *this << std::int64_t{v}; }
    TextOut& operator<<(std::uint16_t v) { return *this << std::uint64_t{v}; }
    TextOut& operator<<(std::uint8_t v) { return *this << std::uint64_t{v}; }
    // numberText(v, significant): "%.9g" by default. A value written again right away (a
    // uniform scale's three components) is copied from the last one.
    TextOut& number(double v, int significant = 9);
    // A JSON string literal, escaped as nlohmann::json's dump (invalid UTF-8 replaced).
    TextOut& jsonString(std::string_view text);

    void flush();

private:
    // Room for n more characters; the buffer is flushed only when it is full.
    char* reserve(std::size_t n) {
        if (m_used + n > m_buffer.size()) makeRoom(n);
        return m_buffer.data() + m_used;
    }
    void makeRoom(std::size_t n);
    std::ostream& m_out;
    std::vector<char> m_buffer;
    std::size_t m_used = 0;
    double m_lastNumber = 0;
    int m_lastSignificant = 0; // 0: no number yet
    char m_lastText[32];
    std::size_t m_lastLength = 0;
};

} // namespace assetscope
