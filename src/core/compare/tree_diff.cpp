#include "compare/tree_diff.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <deque>
#include <map>

namespace assetscope {

std::string_view diffKindName(DiffKind kind) {
    switch (kind) {
    case DiffKind::Changed:
        return "changed";
    case DiffKind::Added:
        return "added";
    case DiffKind::Removed:
        return "removed";
    case DiffKind::Bytes:
        return "bytes";
    }
    return "changed";
}

std::vector<std::string> childPathNames(const StructureTree& tree, NodeId id) {
    std::vector<std::string> out;
    std::map<std::string_view, std::uint64_t> seen;
    for (NodeId c : tree.node(id).children) {
        const std::string& name = tree.node(c).name;
        const std::uint64_t k = seen[name]++;
        out.push_back(k ? name + "#" + std::to_string(k) : name);
    }
    return out;
}

namespace {

// Values compare as their bits: a NaN equals the same NaN, -0 differs from +0 (other bytes).
bool sameNumber(double x, double y) {
    return std::bit_cast<std::uint64_t>(x) == std::bit_cast<std::uint64_t>(y);
}

bool sameValue(const Value& x, const Value& y) {
    if (x.index() != y.index()) return false;
    if (const auto* d = std::get_if<double>(&x)) return sameNumber(*d, std::get<double>(y));
    if (const auto* v = std::get_if<std::vector<double>>(&x)) {
        const auto& w = std::get<std::vector<double>>(y);
        return v->size() == w.size() && std::equal(v->begin(), v->end(), w.begin(), sameNumber);
    }
    return x == y;
}

bool hasValue(const Node& n) {
    return !std::holds_alternative<std::monostate>(n.value);
}

struct Ref {
    const StructureTree* tree = nullptr;
    NodeId id = kNoNode;
    const Node& node() const { return tree->node(id); }
};

std::string childPath(const std::string& parent, const std::string& name) {
    return parent.empty() ? name : parent + "/" + name;
}

// Arrays at most this long are decoded whole; longer ones are compared by their elements' bytes
// first. The bytes of an element decide only when its nodes lie within its stride (a metadata
// record's payload lies elsewhere), which a short array is not worth the sampling for.
constexpr std::uint64_t kDecodeWhole = 4096;

class Differ {
public:
    explicit Differ(const TreeDiffOptions& options) : m_options(options) {}

    TreeDiff take() { return std::move(m_result); }

    void emit(TreeChange change) {
        if (change.kind == DiffKind::Changed && change.a)
            m_covered.emplace_back(change.a->offset, change.a->size);
        if (change.kind == DiffKind::Added || change.kind == DiffKind::Removed) m_structural = true;
        ++m_result.total;
        if (m_result.changes.size() < m_options.maxChanges) m_result.changes.push_back(std::move(change));
    }

    void compareChildrenOf(Ref a, Ref b, const std::string& path) {
        const Node& na = a.node();
        const Node& nb = b.node();
        if (na.decoder && nb.decoder)
            compareLazy(a, b, path);
        else
            compareListed(a, b, path);
    }

    void compare(Ref a, Ref b, const std::string& path) {
        const Node& na = a.node();
        const Node& nb = b.node();
        if (na.offset != nb.offset) m_shifted = true;
        const bool valued = hasValue(na) || hasValue(nb);
        if (na.kind != nb.kind || (valued && (!sameValue(na.value, nb.value) || na.type != nb.type)))
            emit({DiffKind::Changed, path, side(na), side(nb)});
        compareChildrenOf(a, b, path);
    }

    // Bytes that differ at the same offsets, outside every changed node. Only meaningful when
    // the two layouts agree: nothing added or removed, every matched node at the same offset.
    void compareBytes(ByteView a, ByteView b) {
        if (m_structural || m_shifted) return;
        std::sort(m_covered.begin(), m_covered.end());
        const std::size_t common = std::min(a.size(), b.size());
        std::size_t at = 0;
        constexpr std::size_t kBlock = 4096;
        while (at < common) {
            const std::size_t n = std::min(kBlock, common - at);
            if (std::memcmp(a.data() + at, b.data() + at, n) == 0) {
                at += n;
                continue;
            }
            while (at < common && a[at] == b[at])
                ++at;
            std::size_t end = at;
            while (end < common && a[end] != b[end])
                ++end;
            uncovered(at, end - at);
            at = end;
        }
        // A tail only one input has: its length in each (zero in the shorter one).
        if (a.size() != b.size()) emitBytes(common, a.size() - common, b.size() - common);
    }

private:
    static DiffSide side(const Node& n) { return {n.offset, n.size, n.value}; }

    // Reports [offset, offset + size) less the changed nodes' ranges.
    void uncovered(std::uint64_t offset, std::uint64_t size) {
        std::uint64_t at = offset;
        const std::uint64_t end = offset + size;
        for (const auto& [start, length] : m_covered) {
            if (start + length <= at) continue;
            if (start >= end) break;
            if (start > at) emitBytes(at, start - at, start - at);
            at = std::max(at, start + length);
        }
        if (at < end) emitBytes(at, end - at, end - at);
    }

    void emitBytes(std::uint64_t offset, std::uint64_t sizeA, std::uint64_t sizeB) {
        emit({DiffKind::Bytes, std::string(), DiffSide{offset, sizeA, {}}, DiffSide{offset, sizeB, {}}});
    }

    static bool within(const StructureTree& t, std::uint64_t lo, std::uint64_t hi) {
        for (NodeId id = 0; id < t.nodeCount(); ++id) {
            const Node& n = t.node(id);
            const std::uint64_t size = n.decoder ? n.count * n.stride : n.size;
            if (n.offset < lo || n.offset > hi || size > hi - n.offset) return false;
        }
        return true;
    }

    // Whether an element's bytes speak for its nodes: its first and last elements' nodes lie
    // within their strides.
    static bool selfContained(Ref array) {
        const Node& n = array.node();
        for (const std::uint64_t i : {std::uint64_t{0}, n.count - 1}) {
            StructureTree scratch(array.tree->source());
            array.tree->decodeElementInto(array.id, i, scratch);
            const std::uint64_t at = n.offset + i * n.stride;
            if (!within(scratch, at, at + n.stride)) return false;
        }
        return true;
    }

    static bool sameElementBytes(Ref a, Ref b, std::uint64_t i) {
        const Node& na = a.node();
        const Node& nb = b.node();
        const ByteView ba = a.tree->bytes();
        const ByteView bb = b.tree->bytes();
        const std::uint64_t oa = na.offset + i * na.stride;
        const std::uint64_t ob = nb.offset + i * nb.stride;
        if (oa > ba.size() || na.stride > ba.size() - oa || ob > bb.size() || nb.stride > bb.size() - ob)
            return false;
        return std::memcmp(ba.data() + oa, bb.data() + ob, na.stride) == 0;
    }

    void compareLazy(Ref a, Ref b, const std::string& path) {
        const Node& na = a.node();
        const Node& nb = b.node();
        const std::uint64_t common = std::min(na.count, nb.count);
        const bool byBytes =
            na.stride == nb.stride && common > kDecodeWhole && selfContained(a) && selfContained(b);
        for (std::uint64_t i = 0; i < common; ++i) {
            if (byBytes && sameElementBytes(a, b, i)) continue;
            StructureTree sa(a.tree->source());
            StructureTree sb(b.tree->source());
            a.tree->decodeElementInto(a.id, i, sa);
            b.tree->decodeElementInto(b.id, i, sb);
            compare({&sa, sa.root()}, {&sb, sb.root()}, childPath(path, indexName(i)));
        }
        for (std::uint64_t i = common; i < na.count; ++i)
            emit({DiffKind::Removed, childPath(path, indexName(i)),
                  DiffSide{na.offset + i * na.stride, na.stride, {}}, std::nullopt});
        for (std::uint64_t i = common; i < nb.count; ++i)
            emit({DiffKind::Added, childPath(path, indexName(i)), std::nullopt,
                  DiffSide{nb.offset + i * nb.stride, nb.stride, {}}});
    }

    // A node's children with their names in the path (a repeated name numbered), lazy elements
    // decoded into scratch trees that `keep` holds.
    struct Child {
        std::string name;
        Ref ref;
    };
    static std::vector<Child> childrenOf(Ref at, std::deque<StructureTree>& keep) {
        std::vector<Child> out;
        const Node& n = at.node();
        if (n.decoder) {
            for (std::uint64_t i = 0; i < n.count; ++i) {
                StructureTree& scratch = keep.emplace_back(at.tree->source());
                at.tree->decodeElementInto(at.id, i, scratch);
                out.push_back({indexName(i), {&scratch, scratch.root()}});
            }
            return out;
        }
        std::vector<std::string> names = childPathNames(*at.tree, at.id);
        for (std::size_t i = 0; i < names.size(); ++i)
            out.push_back({std::move(names[i]), {at.tree, n.children[i]}});
        return out;
    }

    void compareListed(Ref a, Ref b, const std::string& path) {
        std::deque<StructureTree> keepA;
        std::deque<StructureTree> keepB;
        const std::vector<Child> ca = childrenOf(a, keepA);
        const std::vector<Child> cb = childrenOf(b, keepB);
        std::map<std::string_view, std::size_t> inB;
        for (std::size_t i = 0; i < cb.size(); ++i)
            inB.emplace(cb[i].name, i);
        std::vector<bool> matched(cb.size(), false);
        for (const Child& c : ca) {
            auto it = inB.find(c.name);
            if (it == inB.end()) {
                emit({DiffKind::Removed, childPath(path, c.name), side(c.ref.node()), std::nullopt});
                continue;
            }
            matched[it->second] = true;
            compare(c.ref, cb[it->second].ref, childPath(path, c.name));
        }
        for (std::size_t i = 0; i < cb.size(); ++i)
            if (!matched[i])
                emit({DiffKind::Added, childPath(path, cb[i].name), std::nullopt, side(cb[i].ref.node())});
    }

    const TreeDiffOptions& m_options;
    TreeDiff m_result;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> m_covered; // changed nodes' ranges in A
    bool m_structural = false;
    bool m_shifted = false;
};

} // namespace

TreeDiff diffTrees(const StructureTree& a, std::string_view formatA, const StructureTree& b,
                   std::string_view formatB, const TreeDiffOptions& options) {
    Differ differ(options);
    if (formatA != formatB) {
        differ.emit({DiffKind::Changed, ".", DiffSide{0, a.bytes().size(), std::string(formatA)},
                     DiffSide{0, b.bytes().size(), std::string(formatB)}});
        return differ.take();
    }
    // The roots are the inputs themselves, named after their files: only what is below them counts.
    if (a.root() != kNoNode && b.root() != kNoNode)
        differ.compareChildrenOf({&a, a.root()}, {&b, b.root()}, std::string());
    differ.compareBytes(a.bytes(), b.bytes());
    return differ.take();
}

} // namespace assetscope
