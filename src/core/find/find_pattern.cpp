#include "find/find_in_file.h"

#include <cstring>

namespace assetscope {

namespace {

// The fixed byte memchr looks for: one that is neither 0x00 nor 0xFF when there is one, since
// those fill padding and empty fields and would stop the scan at nearly every byte.
std::size_t anchorIndex(const BytePattern& p) {
    std::size_t best = p.bytes.size();
    for (std::size_t i = 0; i < p.bytes.size(); ++i) {
        if (!p.mask[i]) continue;
        if (best == p.bytes.size()) best = i;
        if (p.bytes[i] != 0x00 && p.bytes[i] != 0xFF) return i;
    }
    return best;
}

bool matchesAt(const std::uint8_t* at, const BytePattern& p) {
    for (std::size_t i = 0; i < p.bytes.size(); ++i)
        if ((at[i] & p.mask[i]) != p.bytes[i]) return false;
    return true;
}

} // namespace

std::vector<std::uint64_t> findPattern(ByteView bytes, const BytePattern& pattern, std::uint64_t from,
                                       std::uint64_t to, std::size_t max, std::uint64_t& total) {
    std::vector<std::uint64_t> out;
    const std::size_t length = pattern.bytes.size();
    const std::size_t anchor = anchorIndex(pattern);
    if (length == 0 || anchor >= length || bytes.size() < length) return out;
    // Starts past size - length cannot hold the whole pattern.
    to = std::min<std::uint64_t>(to, bytes.size() - length + 1);
    if (from >= to) return out;
    const std::uint8_t* data = bytes.data();
    const std::uint8_t wanted = pattern.bytes[anchor];
    // The anchor byte of a start in [from, to) lies in [from + anchor, to + anchor).
    const std::uint8_t* scan = data + from + anchor;
    const std::uint8_t* const end = data + to + anchor;
    while (scan < end) {
        const auto* hit =
            static_cast<const std::uint8_t*>(std::memchr(scan, wanted, static_cast<std::size_t>(end - scan)));
        if (!hit) break;
        const std::uint8_t* start = hit - anchor;
        if (matchesAt(start, pattern)) {
            ++total;
            if (out.size() < max) out.push_back(static_cast<std::uint64_t>(start - data));
        }
        scan = hit + 1;
    }
    return out;
}

} // namespace assetscope
