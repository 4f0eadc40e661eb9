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

} // namespace assetscope
