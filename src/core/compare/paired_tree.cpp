#include "compare/paired_tree.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <map>

namespace assetscope {

PairedTree::PairedTree(StructureTree& a, StructureTree& b, Paging paging) : m_a(a), m_b(b), m_paging(paging) {
    if (a.root() != kNoNode || b.root() != kNoNode) {
        Row root;
        root.a = a.root();
        root.b = b.root();
        addRow(std::move(root));
    }
}

bool PairedTree::oneSided(RowId id) const {
    return m_rows[id].a == kNoNode || m_rows[id].b == kNoNode;
}

PairedTree::RowId PairedTree::addRow(Row row) {
    m_rows.push_back(std::move(row));
    m_children.emplace_back();
    return static_cast<RowId>(m_rows.size() - 1);
}

std::uint64_t PairedTree::countOf(const StructureTree& tree, NodeId id) const {
    return id == kNoNode ? 0 : tree.childCount(id);
}

void PairedTree::build(RowId id) {
    if (m_children[id].built) return;
    const Row r = m_rows[id]; // a copy: adding rows moves the vector
    Children out;
    out.built = true;
    const bool indexed = (r.a != kNoNode && m_a.isLazyArray(r.a)) || (r.b != kNoNode && m_b.isLazyArray(r.b));
    if (r.page) {
        out.lazy = true;
        out.rows.assign(r.count, kNoRow);
    } else if (indexed) {
        const std::uint64_t count = std::max(countOf(m_a, r.a), countOf(m_b, r.b));
        if (count > m_paging.listUpTo && m_paging.span) {
            const std::uint64_t span = m_paging.span(count);
            for (std::uint64_t first = 0; first < count; first += span) {
                Row page;
                page.a = r.a;
                page.b = r.b;
                page.parent = id;
                page.indexInParent = static_cast<std::uint32_t>(out.rows.size());
                page.page = true;
                page.first = first;
                page.count = std::min(span, count - first);
                out.rows.push_back(addRow(std::move(page)));
            }
        } else {
            out.lazy = true;
            out.rows.assign(count, kNoRow);
        }
    } else {
        m_children[id] = std::move(out);
        buildListed(id);
        return;
    }
    m_children[id] = std::move(out);
}

// A's children in order; a child only B has goes after the B child before it, so each side
// reads in its own order.
void PairedTree::buildListed(RowId id) {
    const Row r = m_rows[id];
    const std::vector<std::string> namesA =
        r.a == kNoNode ? std::vector<std::string>() : childPathNames(m_a, r.a);
    const std::vector<std::string> namesB =
        r.b == kNoNode ? std::vector<std::string>() : childPathNames(m_b, r.b);
    std::map<std::string_view, std::size_t> inA;
    std::map<std::string_view, std::size_t> inB;
    for (std::size_t i = 0; i < namesA.size(); ++i)
        inA.emplace(namesA[i], i);
    for (std::size_t j = 0; j < namesB.size(); ++j)
        inB.emplace(namesB[j], j);

    std::vector<RowId> rows;
    const auto add = [&](std::size_t i, std::size_t j, const std::string& name) {
        Row row;
        row.a = i < namesA.size() ? m_a.node(r.a).children[i] : kNoNode;
        row.b = j < namesB.size() ? m_b.node(r.b).children[j] : kNoNode;
        row.parent = id;
        row.indexInParent = static_cast<std::uint32_t>(rows.size());
        row.name = name;
        rows.push_back(addRow(std::move(row)));
    };
    const std::size_t none = std::numeric_limits<std::size_t>::max();
    std::size_t nextB = 0;
    const auto addOnlyInBBefore = [&](std::size_t end) {
        for (; nextB < end; ++nextB)
            if (!inA.count(namesB[nextB])) add(none, nextB, namesB[nextB]);
    };
    for (std::size_t i = 0; i < namesA.size(); ++i) {
        const auto it = inB.find(namesA[i]);
        if (it == inB.end()) {
            add(i, none, namesA[i]);
            continue;
        }
        addOnlyInBBefore(it->second);
        nextB = std::max(nextB, it->second + 1);
        add(i, it->second, namesA[i]);
    }
    addOnlyInBBefore(namesB.size());
    m_children[id].rows = std::move(rows);
}

PairedTree::RowId PairedTree::element(RowId parent, std::size_t slot) {
    const Row p = m_rows[parent];
    const std::uint64_t i = p.page ? p.first + slot : slot;
    Row row;
    row.a = i < countOf(m_a, p.a) ? m_a.child(p.a, i) : kNoNode;
    row.b = i < countOf(m_b, p.b) ? m_b.child(p.b, i) : kNoNode;
    row.parent = parent;
    row.indexInParent = static_cast<std::uint32_t>(slot);
    row.name = indexName(i);
    return addRow(std::move(row));
}

std::size_t PairedTree::childCount(RowId id) {
    build(id);
    return m_children[id].rows.size();
}

PairedTree::RowId PairedTree::child(RowId id, std::size_t i) {
    build(id);
    if (i >= m_children[id].rows.size()) return kNoRow;
    if (m_children[id].rows[i] == kNoRow) {
        const RowId made = element(id, i);
        m_children[id].rows[i] = made;
    }
    return m_children[id].rows[i];
}

// Element `index` below an array row (through its page when it has pages) or a page row.
PairedTree::RowId PairedTree::findIndex(RowId at, std::uint64_t index) {
    build(at);
    const Row& r = m_rows[at];
    if (m_children[at].lazy) {
        const std::uint64_t slot = r.page ? index - r.first : index;
        if ((r.page && index < r.first) || slot >= m_children[at].rows.size()) return kNoRow;
        return child(at, static_cast<std::size_t>(slot));
    }
    const std::vector<RowId>& pages = m_children[at].rows;
    if (pages.empty() || !m_rows[pages.front()].page) return kNoRow;
    const std::uint64_t span = m_rows[pages.front()].count;
    const std::uint64_t k = index / span;
    if (k >= pages.size()) return kNoRow;
    return findIndex(pages[static_cast<std::size_t>(k)], index);
}

PairedTree::RowId PairedTree::find(std::string_view path) {
    RowId at = root();
    if (path == ".") return at;
    while (at != kNoRow && !path.empty()) {
        build(at);
        std::size_t taken = 0;
        RowId next = kNoRow;
        const std::vector<RowId>& rows = m_children[at].rows;
        const bool indexed = m_children[at].lazy || (!rows.empty() && m_rows[rows.front()].page);
        if (indexed) {
            std::uint64_t index = 0;
            const std::size_t close = path.find(']');
            if (path.front() != '[' || close == std::string_view::npos) return kNoRow;
            const auto parsed = std::from_chars(path.data() + 1, path.data() + close, index);
            if (parsed.ec != std::errc() || parsed.ptr != path.data() + close) return kNoRow;
            next = findIndex(at, index);
            taken = close + 1;
        } else {
            // A name may itself hold a '/': the longest child name the path starts with.
            for (const RowId c : rows) {
                const std::string& name = m_rows[c].name;
                const bool whole =
                    path.size() == name.size() || (path.size() > name.size() && path[name.size()] == '/');
                if (name.size() > taken && whole && path.substr(0, name.size()) == name) {
                    taken = name.size();
                    next = c;
                }
            }
        }
        if (next == kNoRow || (taken < path.size() && path[taken] != '/')) return kNoRow;
        path.remove_prefix(std::min(path.size(), taken + 1));
        at = next;
    }
    return at;
}

PairedTree::RowId PairedTree::rowAt(bool sideA, std::uint64_t offset) {
    const StructureTree& tree = sideA ? m_a : m_b;
    RowId at = root();
    for (int depth = 0; at != kNoRow && depth < 256; ++depth) {
        build(at);
        const NodeId here = sideA ? m_rows[at].a : m_rows[at].b;
        RowId next = kNoRow;
        const std::vector<RowId>& rows = m_children[at].rows;
        const bool indexed = m_children[at].lazy || (!rows.empty() && m_rows[rows.front()].page);
        if (indexed) {
            if (here == kNoNode || !tree.isLazyArray(here)) break;
            const Node& n = tree.node(here);
            if (n.stride == 0 || offset < n.offset || (offset - n.offset) / n.stride >= n.count) break;
            next = findIndex(at, (offset - n.offset) / n.stride);
        } else {
            for (const RowId c : rows) {
                const NodeId id = sideA ? m_rows[c].a : m_rows[c].b;
                if (id == kNoNode) continue;
                const Node& n = tree.node(id);
                const std::uint64_t size = n.decoder ? n.count * n.stride : n.size;
                if (size > 0 && offset >= n.offset && offset - n.offset < size) {
                    next = c;
                    break;
                }
            }
        }
        if (next == kNoRow) break;
        at = next;
    }
    return at;
}

PairedTree::RowId PairedTree::mark(const TreeChange& change) {
    const bool bytes = change.kind == DiffKind::Bytes;
    const RowId at = bytes ? (change.a ? rowAt(true, change.a->offset) : kNoRow) : find(change.path);
    if (at == kNoRow) return kNoRow;
    if (bytes)
        ++m_rows[at].bytesHere;
    else
        m_rows[at].kind = change.kind;
    for (RowId up = m_rows[at].parent; up != kNoRow; up = m_rows[up].parent)
        ++m_rows[up].differencesInside;
    return at;
}

} // namespace assetscope
