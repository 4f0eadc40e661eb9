#include "find/find_in_file.h"

#include "docs/doc_table.h"
#include "find/node_location.h"
#include "formats/registry.h"
#include "open/open_input.h"
#include "tree/field_tap.h"
#include "tree/node_text.h"

#include <algorithm>
#include <memory>
#include <tuple>

namespace assetscope {

namespace {

bool cancelled(const FindControl& control) {
    return control.cancel && control.cancel->load(std::memory_order_relaxed);
}

// Bytes are scanned in blocks so that a cancel is seen and progress moves on a large file.
constexpr std::uint64_t kBlock = std::uint64_t{8} << 20;

std::string hexText(ByteView bytes, std::uint64_t offset, std::size_t size) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out;
    for (std::size_t i = 0; i < size; ++i) {
        if (i) out += ' ';
        out += kDigits[bytes[offset + i] >> 4];
        out += kDigits[bytes[offset + i] & 15];
    }
    return out;
}

void scanPatterns(ByteView bytes, const FindQuery& query, const FindControl& control, FindResult& result) {
    struct Hit {
        std::uint64_t offset;
        std::size_t pattern;
    };
    std::vector<Hit> hits;
    const std::uint64_t size = bytes.size();
    for (std::uint64_t from = 0; from < size; from += kBlock) {
        if (cancelled(control)) {
            result.cancelled = true;
            break;
        }
        // Every hit of a later block lies after every hit kept so far.
        const std::size_t room = control.maxMatches - std::min(control.maxMatches, hits.size());
        for (std::size_t p = 0; p < query.patterns.size(); ++p) {
            for (std::uint64_t at :
                 findPattern(bytes, query.patterns[p], from, from + kBlock, room, result.total))
                hits.push_back({at, p});
        }
        // Each pattern kept up to `room` in this block; the earliest of them all are what stay.
        if (hits.size() > control.maxMatches) {
            std::sort(hits.begin(), hits.end(), [](const Hit& a, const Hit& b) {
                return std::tie(a.offset, a.pattern) < std::tie(b.offset, b.pattern);
            });
            hits.resize(control.maxMatches);
        }
        if (control.progress) control.progress(std::min(from + kBlock, size), size);
    }
    std::sort(hits.begin(), hits.end(), [](const Hit& a, const Hit& b) {
        return std::tie(a.offset, a.pattern) < std::tie(b.offset, b.pattern);
    });
    for (const Hit& h : hits) {
        const BytePattern& p = query.patterns[h.pattern];
        FindMatch m;
        m.offset = h.offset;
        m.size = p.bytes.size();
        if (query.kind == FindKind::Text) {
            m.value = query.text;
            m.encoding = p.label;
        } else {
            m.value = hexText(bytes, h.offset, p.bytes.size());
        }
        result.matches.push_back(std::move(m));
    }
}

// The wanted fields of one reading, kept when their value is the one asked for.
class FindTap final : public FieldTap {
public:
    FindTap(std::vector<std::string> keys, const FindQuery& query, const FindControl& control,
            FindResult& result)
        : FieldTap(std::move(keys)), m_query(query), m_control(control), m_result(result) {}
    bool stopped() const override { return cancelled(m_control); }

private:
    void take(std::size_t index, std::uint64_t offset, const Value& value) override {
        if (!m_query.matchesValue(value)) return;
        ++m_result.total;
        if (m_result.matches.size() >= m_control.maxMatches) return;
        FindMatch m;
        m.offset = offset;
        m.value = value;
        m.key = keys()[index];
        m_result.matches.push_back(std::move(m));
    }
    const FindQuery& m_query;
    const FindControl& m_control;
    FindResult& m_result;
};

std::vector<std::string> wantedKeys(const FindQuery& query) {
    if (!query.key.empty()) return {query.key};
    std::vector<std::string> keys;
    for (const DocField& f : DocTable::instance().fields())
        keys.push_back(f.key);
    return keys;
}

// The format the file was read as (null: none).
const FormatHandler* scanValues(const FindTarget& target, const FindQuery& query, const FindControl& control,
                                FindResult& result) {
    FindTap tap(wantedKeys(query), query, control, result);
    ParseSettings settings;
    settings.recordNodes = false;
    settings.tap = &tap;
    const OpenedInput opened =
        openLoaded(target.input, LoadedInput{target.bytes, target.fileName, {}}, settings, target.limits);
    result.supported = opened.parsed != nullptr;
    // Tapped in reading order, which nested bundles and lazy arrays need not keep.
    std::stable_sort(result.matches.begin(), result.matches.end(),
                     [](const FindMatch& a, const FindMatch& b) { return a.offset < b.offset; });
    if (cancelled(control)) result.cancelled = true;
    return opened.handler;
}

void scanNames(const StructureTree& tree, const FindQuery& query, const FindControl& control,
               FindResult& result) {
    for (NodeId id = 0; id < tree.nodeCount(); ++id) {
        if ((id & 0xFFF) == 0 && cancelled(control)) {
            result.cancelled = true;
            return;
        }
        const Node& n = tree.node(id);
        if (!query.matchesName(n.name) && !query.matchesName(n.type) &&
            !query.matchesName(nodeValueText(tree, id)))
            continue;
        ++result.total;
        if (result.matches.size() >= control.maxMatches) continue;
        FindMatch m;
        m.offset = n.offset;
        m.size = n.size;
        m.node = id;
        m.path = diffPath(tree, id);
        m.value = n.value;
        result.matches.push_back(std::move(m));
    }
}

// The tree a match's path is read from: the target's, or one read now with nodes on (only the
// container, with `containerOnly`).
struct TreeAtHand {
    std::unique_ptr<ParsedFile> parsed;
    const StructureTree* tree = nullptr;
};
TreeAtHand treeFor(const FindTarget& target, bool containerOnly = false) {
    TreeAtHand out;
    out.tree = target.tree;
    if (out.tree) return out;
    ParseSettings settings;
    settings.containerOnly = containerOnly;
    OpenedInput opened =
        openLoaded(target.input, LoadedInput{target.bytes, target.fileName, {}}, settings, target.limits);
    out.parsed = std::move(opened.parsed);
    if (out.parsed) out.tree = &out.parsed->tree();
    return out;
}

// Sets a field match's node, path and size from the field's node in `tree`; false when the
// tree has no node of the match's key at its offset.
bool placeField(const StructureTree& tree, FindMatch& m) {
    if (m.key.empty()) return false;
    const auto field = locateField(tree, m.offset, m.key);
    if (!field) return false;
    m.node = field->node;
    m.path = field->path;
    m.size = field->size;
    return true;
}

// Whether every match is a field of another format than the file's own: of the container the
// file's format is built on (a model's bundle fields), which a container-only reading holds.
bool containerFields(const FormatHandler& handler, const std::vector<FindMatch>& matches) {
    return std::all_of(matches.begin(), matches.end(), [&](const FindMatch& m) {
        const std::string_view key = m.key;
        return !key.empty() && key.substr(0, key.find('/')) != handler.name();
    });
}

// Places the matches in the file's tree. A file read again for it is read as little as serves:
// when every match is a container field, the container alone, at a fraction of the cost (a
// model bundle's records, without its meshes); the whole file if a field is not found there.
void placeAll(const FindTarget& target, const FormatHandler* handler, std::vector<FindMatch>& matches) {
    if (!target.tree && handler && containerFields(*handler, matches)) {
        const TreeAtHand container = treeFor(target, true);
        bool placed = container.tree != nullptr;
        for (std::size_t i = 0; placed && i < matches.size(); ++i)
            placed = placeField(*container.tree, matches[i]);
        if (placed) return;
    }
    const TreeAtHand at = treeFor(target);
    if (at.tree)
        for (FindMatch& m : matches)
            placeMatch(*at.tree, m);
}

} // namespace

void placeMatch(const StructureTree& tree, FindMatch& m) {
    if (placeField(tree, m)) return;
    const NodeLocation where = locateRange(tree, m.offset, m.size);
    m.node = where.node;
    m.path = where.path;
    if (m.size == 0 && where.offset == m.offset) m.size = where.size;
}

FindResult findInFile(const FindTarget& target, const FindQuery& query, const FindControl& control) {
    FindResult result;
    if (!target.bytes) {
        result.supported = false;
        return result;
    }
    const ByteView bytes(*target.bytes);
    if (control.progress) control.progress(0, bytes.size());
    const FormatHandler* handler = nullptr;
    if (query.kind == FindKind::Value) {
        handler = scanValues(target, query, control, result);
    } else {
        if (!target.tree && !detectFormat(bytes, target.fileName)) {
            result.supported = false;
            return result;
        }
        if (query.kind == FindKind::Names) {
            const TreeAtHand at = treeFor(target);
            if (at.tree) scanNames(*at.tree, query, control, result);
            if (control.progress) control.progress(bytes.size(), bytes.size());
            return result;
        }
        scanPatterns(bytes, query, control, result);
    }
    if (control.keep && !result.matches.empty() && !control.keep(result.total)) result.matches.clear();
    if (!result.supported || result.matches.empty()) return result;
    if (control.place) placeAll(target, handler, result.matches);
    if (control.progress) control.progress(bytes.size(), bytes.size());
    return result;
}

} // namespace assetscope
