#include "tree/structure_tree.h"

#include "tree/recorder.h"

#include <algorithm>
#include <array>
#include <charconv>

namespace assetscope {

std::string_view nodeKindName(NodeKind kind) {
    static constexpr std::array<std::string_view, 11> names{"file",  "archive",  "entry",  "bundle",
                                                            "blob",  "metadata", "struct", "field",
                                                            "array", "bytes",    "error"};
    return names[static_cast<std::size_t>(kind)];
}

// Built without `"[" + std::string`, which GCC 12 at -O2 misreads (-Wrestrict).
std::string indexName(std::uint64_t index) {
    std::string out(1, '[');
    out += std::to_string(index);
    out += ']';
    return out;
}

StructureTree::StructureTree(SharedBytes source, bool recordNodes)
    : m_source(std::move(source)), m_recordNodes(recordNodes), m_decoders(1) {}

NodeId StructureTree::append(NodeId parent) {
    if (!m_recordNodes) return kNoNode;
    if (m_nodeCount % kChunkNodes == 0) m_chunks.emplace_back();
    // Also a copied tree's last chunk, which is copied without its spare capacity.
    std::vector<Node>& chunk = m_chunks.back();
    if (chunk.capacity() < kChunkNodes) chunk.reserve(kChunkNodes);
    const auto id = static_cast<NodeId>(m_nodeCount++);
    chunk.emplace_back().parent = parent;
    if (parent != kNoNode) {
        std::vector<NodeId>& siblings = node(parent).children;
        // Room for a record's fields at once: grown one at a time, eight children took four
        // allocations, the commonest of a reading.
        if (siblings.empty()) siblings.reserve(kFirstChildren);
        siblings.push_back(id);
    }
    return id;
}

NodeId StructureTree::add(NodeId parent, Node made) {
    const NodeId id = append(parent);
    if (id == kNoNode) return id;
    Node& n = node(id);
    n = std::move(made);
    n.parent = parent;
    return id;
}

void StructureTree::setSize(NodeId id, std::uint64_t size) {
    if (id != kNoNode) node(id).size = size;
}

namespace {

constexpr std::string_view kSummaryStart = "and ";

// The summary's text for `occurrences` further occurrences of its rule.
void writeSummaryMessage(std::uint64_t occurrences, std::string& out) {
    char digits[24];
    out.assign(kSummaryStart);
    out.append(digits, std::to_chars(digits, digits + sizeof digits, occurrences).ptr);
    out.append(" more like this in the same container (the first ");
    out.append(digits, std::to_chars(digits, digits + sizeof digits, StructureTree::kListedPerRule).ptr);
    out.append(" are listed)");
}

// The summary's text after one more occurrence. A hostile file repeats one rule thousands of
// times: the count is written over, in place, unless it has just gained a digit (10, 100, ...:
// a one and zeros), when the text is made anew.
void countInSummaryMessage(std::uint64_t occurrences, std::string& out) {
    char digits[24] = {}; // to_chars writes at least one; GCC 12 cannot tell
    char* const end = std::to_chars(digits, digits + sizeof digits, occurrences).ptr;
    const auto n = static_cast<std::size_t>(end - digits);
    const bool gainedDigit =
        digits[0] == '1' && std::all_of(digits + 1, end, [](char c) { return c == '0'; });
    if (gainedDigit || out.size() <= kSummaryStart.size() + n)
        writeSummaryMessage(occurrences, out);
    else
        std::copy(digits, end, out.begin() + static_cast<std::ptrdiff_t>(kSummaryStart.size()));
}

} // namespace

void StructureTree::report(NodeId at, std::uint64_t offset, Diagnostic d, std::uint64_t scope) {
    auto found = m_tallies.find(std::pair<std::string_view, std::uint64_t>(d.rule, scope));
    if (found == m_tallies.end()) found = m_tallies.emplace(TallyKey(d.rule, scope), RuleTally{}).first;
    RuleTally& tally = found->second;
    if (tally.listed < kListedPerRule) {
        ++tally.listed;
    } else if (tally.summary != kNoSummary) {
        addRepeat(tally.summary, d.severity);
        return;
    } else {
        tally.summary = static_cast<std::uint32_t>(m_diagnostics.size());
        d.repeats = 0;
        writeSummaryMessage(1, d.message);
    }
    const auto index = static_cast<std::uint32_t>(m_diagnostics.size());
    if (m_diagnostics.empty()) m_diagnostics.reserve(kFirstDiagnostics);
    m_diagnostics.push_back({std::move(d), offset, at});
    if (at == kNoNode || at >= m_nodeCount) return;
    Node& n = node(at);
    if (n.lastDiagnostic == kNoDiagnostic)
        n.firstDiagnostic = index;
    else
        m_diagnostics[n.lastDiagnostic].nextAtNode = index;
    n.lastDiagnostic = index;
}

std::uint32_t StructureTree::summaryOf(std::string_view rule, std::uint64_t scope) const {
    const auto found = m_tallies.find(std::pair<std::string_view, std::uint64_t>(rule, scope));
    return found == m_tallies.end() ? kNoSummary : found->second.summary;
}

void StructureTree::addRepeat(std::uint32_t index, Severity severity) {
    Diagnostic& summary = m_diagnostics[index].diagnostic;
    ++summary.repeats;
    summary.severity = std::min(summary.severity, severity); // Error < Warning < Note
    countInSummaryMessage(summary.occurrences(), summary.message);
}

std::uint64_t StructureTree::errorCount() const {
    std::uint64_t n = 0;
    for (const auto& d : m_diagnostics)
        n += d.diagnostic.severity == Severity::Error ? d.diagnostic.occurrences() : 0;
    return n;
}

std::uint64_t StructureTree::warningCount() const {
    std::uint64_t n = 0;
    for (const auto& d : m_diagnostics)
        n += d.diagnostic.severity == Severity::Warning ? d.diagnostic.occurrences() : 0;
    return n;
}

std::uint32_t StructureTree::addDecoder(ElementDecoder decoder) {
    if (!m_recordNodes) return 0;
    m_decoders.push_back(std::move(decoder));
    return static_cast<std::uint32_t>(m_decoders.size() - 1);
}

std::uint64_t StructureTree::childCount(NodeId id) const {
    const Node& n = node(id);
    return n.decoder ? n.count : n.children.size();
}

NodeId StructureTree::child(NodeId id, std::uint64_t i) {
    Node& array = node(id);
    if (!array.decoder) return array.children[i];
    const auto key = std::make_pair(id, i);
    if (auto it = m_elements.find(key); it != m_elements.end()) return it->second;
    const auto element = static_cast<NodeId>(m_nodeCount);
    buildElement(id, i, *this, id);
    // The element hangs below the array without joining its child list, which stays empty
    // for lazy arrays.
    if (!array.children.empty() && array.children.back() == element) array.children.pop_back();
    m_elements.emplace(key, element);
    return element;
}

void StructureTree::decodeElementInto(NodeId array, std::uint64_t index, StructureTree& out) const {
    buildElement(array, index, out, kNoNode);
}

void StructureTree::buildElement(NodeId array, std::uint64_t index, StructureTree& out, NodeId parent) const {
    const Node& a = node(array);
    const std::uint64_t at = a.offset + index * a.stride;
    // A copy: decoding an element may add decoders (nested arrays) and so move this one.
    const ElementDecoder decode = m_decoders[a.decoder];
    const NodeId id = out.append(parent);
    out.edit(id, [&](Node& element) {
        element.name = indexName(index);
        element.kind = NodeKind::Struct;
        element.offset = at;
        element.size = a.stride;
        element.type = a.type;
    });
    Recorder r(out, bytes(), 0, id);
    r.guard([&] {
        r.seek(at);
        decode(r, index);
    });
}

NodeId StructureTree::innermostAt(std::uint64_t offset) const {
    NodeId best = kNoNode;
    NodeId at = root();
    while (at != kNoNode) {
        best = at;
        NodeId next = kNoNode;
        for (NodeId c : node(at).children) {
            const Node& n = node(c);
            if (n.size > 0 && offset >= n.offset && offset - n.offset < n.size) {
                next = c;
                break;
            }
        }
        at = next;
    }
    return best;
}

std::string StructureTree::path(NodeId id) const {
    std::string out;
    for (NodeId at = id; at != kNoNode; at = node(at).parent)
        out = node(at).name + (out.empty() ? "" : "/" + out);
    return out;
}

} // namespace assetscope
