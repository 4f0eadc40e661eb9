#pragma once

#include <cstdint>
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

    TextOut& operator<<(std::string_view text);
    TextOut& operator<<(const char* text) { return *this << std::string_view(text); }
    TextOut& operator<<(char c);
    TextOut& operator<<(std::uint64_t v);
    TextOut& operator<<(std::int64_t v);
    TextOut& operator<<(std::uint32_t v) { return *this << std::uint64_t{v}; }
    TextOut& operator<<(std::int32_t v) { return *this << std::int64_t{v}; }
    TextOut& operator<<(std::uint16_t v) { return *this << std::uint64_t{v}; }
    TextOut& operator<<(std::uint8_t v) { return *this << std::uint64_t{v}; }
    // numberText(v, significant): "%.9g" by default.
    TextOut& number(double v, int significant = 9);
    // A JSON string literal, escaped as nlohmann::json's dump (invalid UTF-8 replaced).
    TextOut& jsonString(std::string_view text);

    void flush();

private:
    char* reserve(std::size_t n); // room for n more characters
    std::ostream& m_out;
    std::vector<char> m_buffer;
    std::size_t m_used = 0;
};

} // namespace assetscope
