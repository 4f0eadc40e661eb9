#include "bytes/text_out.h"

#include "bytes/number_text.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cstring>

namespace assetscope {

namespace {

constexpr std::size_t kCapacity = std::size_t{1} << 16;

// Printable ASCII: what nlohmann::json's dump writes unchanged between the quotes, but '"' and
// '\\', which it writes with a backslash before them.
bool printableAscii(std::string_view text) {
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u >= 0x7f) return false;
    }
    return true;
}

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
    if (printableAscii(text)) {
        *this << '"';
        std::size_t from = 0;
        for (std::size_t i = 0; i < text.size(); ++i)
            if (text[i] == '"' || text[i] == '\\') {
                *this << text.substr(from, i - from) << '\\';
                from = i;
            }
        return *this << text.substr(from) << '"';
    }
    return *this << nlohmann::json(std::string(text))
                        .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace assetscope
