#include "bytes/guid_text.h"

#include <algorithm>
#include <cstdio>

namespace assetscope {

namespace {
// Text position of each stored byte: the first three groups are little-endian (Windows layout).
constexpr int kTextOrder[16] = {3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15};

int hexDigit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}
} // namespace

std::string guidText(const Guid& guid) {
    std::string out;
    out.reserve(36);
    for (int i = 0; i < 16; ++i) {
        if (i == 4 || i == 6 || i == 8 || i == 10) out += '-';
        char buf[3];
        std::snprintf(buf, sizeof buf, "%02x", guid[kTextOrder[i]]);
        out += buf;
    }
    return out;
}

std::optional<Guid> guidFromText(std::string_view text) {
    if (text.size() != 36) return std::nullopt;
    Guid guid{};
    std::size_t pos = 0;
    for (int i = 0; i < 16; ++i) {
        if (i == 4 || i == 6 || i == 8 || i == 10) {
            if (text[pos] != '-') return std::nullopt;
            ++pos;
        }
        const int hi = hexDigit(text[pos]), lo = hexDigit(text[pos + 1]);
        if (hi < 0 || lo < 0) return std::nullopt;
        guid[kTextOrder[i]] = static_cast<std::uint8_t>(hi * 16 + lo);
        pos += 2;
    }
    return guid;
}

bool isZero(const Guid& guid) {
    return std::all_of(guid.begin(), guid.end(), [](std::uint8_t b) { return b == 0; });
}

} // namespace assetscope
