#pragma once

#include <string>
#include <string_view>

namespace assetscope {

// A message made of parts, in one allocation: `a + b + c` on strings grows the result part by
// part, and a hostile file makes the parsers write diagnostics by the thousand.
template <typename... Parts> std::string joinedText(const Parts&... parts) {
    const std::string_view views[] = {std::string_view(parts)...};
    std::size_t size = 0;
    for (const std::string_view v : views)
        size += v.size();
    std::string text;
    text.reserve(size);
    for (const std::string_view v : views)
        text.append(v);
    return text;
}

} // namespace assetscope
