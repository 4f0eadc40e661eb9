#include "bytes/byte_view.h"

namespace assetscope {

std::string tagText(std::uint32_t tag) {
    std::string text;
    for (int shift = 24; shift >= 0; shift -= 8) {
        const char c = static_cast<char>((tag >> shift) & 0xFF);
        text.push_back(c >= 0x20 && c < 0x7F ? c : '.');
    }
    // Two-letter metadata tags are padded with spaces ("Id  "); show them trimmed.
    while (!text.empty() && text.back() == ' ')
        text.pop_back();
    return text;
}

std::uint32_t tagFromText(std::string_view text) {
    std::uint32_t tag = 0;
    for (std::size_t i = 0; i < 4; ++i)
        tag = (tag << 8) | static_cast<std::uint8_t>(i < text.size() ? text[i] : ' ');
    return tag;
}

} // namespace assetscope
