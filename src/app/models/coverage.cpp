#include "models/coverage.h"

#include <algorithm>

namespace assetscope::app {

std::vector<ByteRange> unaccountedRanges(const StructureTree& tree) {
    const std::uint64_t total = tree.bytes().size();
    std::vector<ByteRange> covered;
    for (std::size_t id = 0; id < tree.nodeCount(); ++id) {
        const Node& n = tree.node(static_cast<NodeId>(id));
        const bool leaf = n.children.empty() || n.decoder != 0;
        if (!leaf || n.size == 0 || n.kind == NodeKind::File || n.offset >= total) continue;
        covered.push_back({n.offset, n.offset + std::min(n.size, total - n.offset)});
    }
    std::sort(covered.begin(), covered.end(),
              [](const ByteRange& a, const ByteRange& b) { return a.begin < b.begin; });
    std::vector<ByteRange> gaps;
    std::uint64_t at = 0;
    for (const ByteRange& r : covered) {
        if (r.begin > at) gaps.push_back({at, r.begin});
        at = std::max(at, r.end);
    }
    if (at < total) gaps.push_back({at, total});
    return gaps;
}

const ByteRange* nextRange(const std::vector<ByteRange>& ranges, std::uint64_t offset) {
    auto it = std::upper_bound(ranges.begin(), ranges.end(), offset,
                               [](std::uint64_t o, const ByteRange& r) { return o < r.begin; });
    return it == ranges.end() ? nullptr : &*it;
}

const ByteRange* previousRange(const std::vector<ByteRange>& ranges, std::uint64_t offset) {
    auto it = std::lower_bound(ranges.begin(), ranges.end(), offset,
                               [](const ByteRange& r, std::uint64_t o) { return r.begin < o; });
    return it == ranges.begin() ? nullptr : &*std::prev(it);
}

bool inRanges(const std::vector<ByteRange>& ranges, std::uint64_t offset) {
    auto it = std::upper_bound(ranges.begin(), ranges.end(), offset,
                               [](std::uint64_t o, const ByteRange& r) { return o < r.begin; });
    return it != ranges.begin() && offset < std::prev(it)->end;
}

} // namespace assetscope::app
