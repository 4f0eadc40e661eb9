#include "bytes/text_out.h"

#include "bytes/number_text.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cstring>

namespace assetscope {

namespace {

constexpr std::size_t kCapacity = std::size_t{1} << 16;

} // namespace

TextOut::TextOut(std::ostream& out) : m_out(out), m_buffer(kCapacity) {}

TextOut::~TextOut() {
    flush();
}

void TextOut::flush() {
    if (m_used) m_out.write(m_buffer.data(), static_cast<std::streamsize>(m_used));
    m_used = 0;
}

void TextOut::makeRoom(std::size_t n) {
    flush();
    if (n > m_buffer.size()) m_buffer.resize(n);
}

TextOut& TextOut::operator<<(std::uint64_t v) {
    char* at = reserve(24);
    m_used += static_cast<std::size_t>(std::to_chars(at, at + 24, v).ptr - at);
    return *this;
}

TextOut& TextOut::operator<<(std::int64_t v) {
    char* at = reserve(24);
    m_used += static_cast<std::size_t>(std::to_chars(at, at + 24, v).ptr - at);
    return *this;
}

TextOut& TextOut::number(double v, int significant) {
    // Compared bit for bit: 0.0 and -0.0 are written differently.
    if (significant != m_lastSignificant || std::memcmp(&v, &m_lastNumber, sizeof v) != 0) {
        m_lastLength = writeNumberText(m_lastText, v, significant);
        m_lastNumber = v;
        m_lastSignificant = significant;
    }
    return *this << std::string_view(m_lastText, m_lastLength);
}

TextOut& TextOut::jsonString(std::string_view text) {
    // Printable ASCII is what nlohmann::json's dump writes unchanged between the quotes, but '"'
    // and '\\', which it writes with a backslash before them. One pass straight into the buffer
    // (a listing writes millions of these): nothing counts as written until the closing quote, so
    // at the first byte that is not printable the escaper writes the whole string over it.
    char* const start = reserve(2 * text.size() + 2);
    char* at = start;
    *at++ = '"';
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u >= 0x7f)
            return *this << nlohmann::json(std::string(text))
                                .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        if (c == '"' || c == '\\') *at++ = '\\';
        *at++ = c;
    }
    *at++ = '"';
    m_used += static_cast<std::size_t>(at - start);
    return *this;
}

} // namespace assetscope
