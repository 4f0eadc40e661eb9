#include "tree/coverage.h"

#include <algorithm>

namespace assetscope {

namespace {

// The nodes whose bytes count as accounted for, as the ranges they cover (clamped to the source).
bool coversBytes(const Node& n, std::uint64_t total) {
    const bool leaf = n.children.empty() || n.decoder != 0;
    return leaf && n.size != 0 && n.kind != NodeKind::File && n.offset < total;
}

std::uint64_t clampedEnd(const Node& n, std::uint64_t total) {
    return n.offset + std::min(n.size, total - n.offset);
}

bool contains(const Node& n, const ByteRange& r) {
    return n.offset <= r.begin && r.end - n.offset <= n.size;
}

} // namespace

std::vector<ByteRange> unaccountedRanges(const StructureTree& tree) {
    const std::uint64_t total = tree.bytes().size();
    std::vector<ByteRange> covered;
    for (std::size_t id = 0; id < tree.nodeCount(); ++id) {
        const Node& n = tree.node(static_cast<NodeId>(id));
        if (coversBytes(n, total)) covered.push_back({n.offset, clampedEnd(n, total)});
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

std::uint64_t rangeBytes(const std::vector<ByteRange>& ranges) {
    std::uint64_t n = 0;
    for (const ByteRange& r : ranges)
        n += r.end - r.begin;
    return n;
}

std::string unaccountedSummary(const std::vector<ByteRange>& ranges) {
    const std::uint64_t bytes = rangeBytes(ranges);
    return std::to_string(bytes) + (bytes == 1 ? " byte in " : " bytes in ") + std::to_string(ranges.size()) +
           (ranges.size() == 1 ? " range" : " ranges");
}

std::vector<NodeId> unaccountedOwners(const StructureTree& tree, const std::vector<ByteRange>& ranges) {
    const std::uint64_t total = tree.bytes().size();
    // The covering nodes by where they end and where they begin: a range begins where the
    // coverage before it ends and ends where the next coverage begins.
    std::vector<std::pair<std::uint64_t, NodeId>> byEnd, byBegin;
    for (std::size_t id = 0; id < tree.nodeCount(); ++id) {
        const Node& n = tree.node(static_cast<NodeId>(id));
        if (!coversBytes(n, total)) continue;
        byEnd.emplace_back(clampedEnd(n, total), static_cast<NodeId>(id));
        byBegin.emplace_back(n.offset, static_cast<NodeId>(id));
    }
    std::sort(byEnd.begin(), byEnd.end());
    std::sort(byBegin.begin(), byBegin.end());
    const auto find = [](const std::vector<std::pair<std::uint64_t, NodeId>>& sorted, std::uint64_t at) {
        const auto it = std::lower_bound(sorted.begin(), sorted.end(), std::make_pair(at, NodeId{0}));
        return it != sorted.end() && it->first == at ? it->second : kNoNode;
    };
    std::vector<NodeId> owners;
    owners.reserve(ranges.size());
    for (const ByteRange& r : ranges) {
        NodeId at = r.begin > 0 ? find(byEnd, r.begin) : kNoNode;
        if (at == kNoNode) at = find(byBegin, r.end);
        // Up from the neighbour to the first node around the whole range; the tree's depth
        // bounds the walk.
        while (at != kNoNode && !contains(tree.node(at), r))
            at = tree.node(at).parent;
        owners.push_back(at != kNoNode ? at : tree.root());
    }
    return owners;
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

} // namespace assetscope
