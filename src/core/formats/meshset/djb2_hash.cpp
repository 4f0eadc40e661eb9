#include "formats/meshset/djb2_hash.h"

namespace assetscope::meshset {

std::uint32_t djb2Xor(std::string_view text) {
    std::uint32_t h = 5381;
    for (const char c : text)
        h = (h * 33u) ^ static_cast<std::uint8_t>(c);
    return h;
}

} // namespace assetscope::meshset
