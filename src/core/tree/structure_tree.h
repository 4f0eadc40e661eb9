#pragma once

#include "bytes/byte_view.h"
#include "docs/confidence.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <variant>
#include <vector>

namespace assetscope {

struct DocField;
class FieldTap;
class Recorder;

using NodeId = std::uint32_t;
inline constexpr NodeId kNoNode = 0xFFFFFFFFu;

enum class NodeKind : std::uint8_t {
    File,
    Archive,
    Entry,
    Bundle,
    Blob,
    Metadata,
    Struct,
    Field,
    Array,
    Bytes,
    Error
};
std::string_view nodeKindName(NodeKind kind);
// The name of element `index` of an array or list: "[3]".
std::string indexName(std::uint64_t index);

// number, string, bool, array of numbers, or nothing (containers)
using Value =
    std::variant<std::monostate, bool, std::int64_t, std::uint64_t, double, std::string, std::vector<double>>;

struct Diagnostic {
    Severity severity = Severity::Error;
    std::string rule; // stable id, e.g. "grub.header.version"
    std::string message;
    // A summary stands for further occurrences of its rule that were counted but not listed.
    std::uint64_t repeats = 0;

    std::uint64_t occurrences() const { return 1 + repeats; }
};

inline constexpr std::uint32_t kNoDiagnostic = 0xFFFFFFFFu;

struct LocatedDiagnostic {
    Diagnostic diagnostic;
    std::uint64_t offset = 0; // absolute
    NodeId node = kNoNode;
    std::uint32_t nextAtNode = kNoDiagnostic; // the next diagnostic reported at the same node
};

// Builds the nodes of element `index` of a lazy array; the recorder is positioned at the element.
using ElementDecoder = std::function<void(Recorder&, std::uint64_t index)>;

struct Node {
    std::string name;
    std::string type;
    Value value;
    std::string display; // a readable form of the value where the number alone says little (flags, enums)
    std::uint64_t offset = 0;
    std::uint64_t size = 0;
    NodeId parent = kNoNode;
    NodeKind kind = NodeKind::Field;
    Confidence confidence = Confidence::None;
    const DocField* doc = nullptr;
    std::vector<NodeId> children;
    // The node's diagnostics, a chain through StructureTree::diagnostics() (see diagnosticsAt):
    // most nodes have none, and those that have one need no list of their own.
    std::uint32_t firstDiagnostic = kNoDiagnostic;
    std::uint32_t lastDiagnostic = kNoDiagnostic;
    // Lazy arrays: elements are made on demand from the decoder (index into the tree's decoders).
    std::uint64_t count = 0;
    std::uint64_t stride = 0;
    std::uint32_t decoder = 0; // 0: no lazy elements
};

// The diagnostics reported at one node, in the order they were reported (StructureTree::diagnosticsAt).
class NodeDiagnostics {
public:
    class iterator {
    public:
        using value_type = Diagnostic;
        using difference_type = std::ptrdiff_t;
        iterator() = default;
        iterator(const std::vector<LocatedDiagnostic>* list, std::uint32_t at) : m_list(list), m_at(at) {}
        const Diagnostic& operator*() const { return (*m_list)[m_at].diagnostic; }
        iterator& operator++() {
            m_at = (*m_list)[m_at].nextAtNode;
            return *this;
        }
        iterator operator++(int) {
            iterator was = *this;
            ++*this;
            return was;
        }
        bool operator==(const iterator& other) const { return m_at == other.m_at; }

    private:
        const std::vector<LocatedDiagnostic>* m_list = nullptr;
        std::uint32_t m_at = kNoDiagnostic;
    };

    NodeDiagnostics(const std::vector<LocatedDiagnostic>& list, std::uint32_t first)
        : m_list(&list), m_first(first) {}
    iterator begin() const { return {m_list, m_first}; }
    iterator end() const { return {m_list, kNoDiagnostic}; }
    bool empty() const { return m_first == kNoDiagnostic; }

private:
    const std::vector<LocatedDiagnostic>* m_list;
    std::uint32_t m_first;
};

// A flat vector of nodes with parent/child indices: cheap to build, trivially mapped to model
// indices, streamed to JSON. Can be built with nodes switched off, keeping only diagnostics
// (batch reading).
class StructureTree {
public:
    explicit StructureTree(SharedBytes source = {}, bool recordNodes = true);

    bool recordsNodes() const { return m_recordNodes; }
    // The sink for a few documented fields while nodes are off (field statistics); null: none.
    FieldTap* tap() const { return m_tap; }
    void setTap(FieldTap* tap) { m_tap = tap; }
    const SharedBytes& source() const { return m_source; }
    ByteView bytes() const { return m_source ? ByteView(*m_source) : ByteView(); }

    NodeId root() const { return m_nodeCount == 0 ? kNoNode : 0; }
    std::size_t nodeCount() const { return m_nodeCount; }
    const Node& node(NodeId id) const { return m_chunks[id / kChunkNodes][id % kChunkNodes]; }
    Node& node(NodeId id) { return m_chunks[id / kChunkNodes][id % kChunkNodes]; }

    // A new node below `parent`, built in place for the caller to fill (node(id)); kNoNode while
    // nodes are off. A node never moves once added: a reference to it stays valid.
    NodeId append(NodeId parent);
    NodeId add(NodeId parent, Node node);
    void setSize(NodeId id, std::uint64_t size);
    // Changes a recorded node (its readable form, a computed value). Does nothing when `id` is
    // kNoNode, as every id is while nodes are off, so a parser needs no check of its own and
    // builds no text for a node that is not there.
    template <typename Change> void edit(NodeId id, Change&& change) {
        if (id != kNoNode) change(node(id));
    }

    // Diagnostics are kept even when nodes are not. One rule in one container (`scope`, the
    // container's absolute offset) is listed kListedPerRule times; further occurrences are
    // counted in one summary diagnostic, so a hostile file cannot flood memory or the views
    // while every count stays exact.
    static constexpr std::uint32_t kListedPerRule = 20;
    void report(NodeId at, std::uint64_t offset, Diagnostic d, std::uint64_t scope = 0);
    // Whether the next occurrence of `rule` in `scope` is only counted in the rule's summary.
    // Counts it, and returns true, when it is: its message need not be made. `severityOf()` gives
    // the occurrence's severity (a documented-field lookup); it is asked only when it can change
    // the summary's, which an error's never does.
    template <typename SeverityOf>
    requires std::is_invocable_r_v<Severity, SeverityOf>
    bool countRepeat(std::string_view rule, std::uint64_t scope, SeverityOf&& severityOf) {
        const std::uint32_t summary = summaryOf(rule, scope);
        if (summary == kNoSummary) return false;
        const Severity now = m_diagnostics[summary].diagnostic.severity;
        addRepeat(summary, now == Severity::Error ? now : severityOf());
        return true;
    }
    bool countRepeat(std::string_view rule, std::uint64_t scope, Severity severity) {
        return countRepeat(rule, scope, [severity] { return severity; });
    }
    const std::vector<LocatedDiagnostic>& diagnostics() const { return m_diagnostics; }
    NodeDiagnostics diagnosticsAt(NodeId id) const { return {m_diagnostics, node(id).firstDiagnostic}; }
    // Occurrences, summaries counted with what they stand for.
    std::uint64_t errorCount() const;
    std::uint64_t warningCount() const;

    // Lazy arrays.
    std::uint32_t addDecoder(ElementDecoder decoder);
    bool isLazyArray(NodeId id) const { return node(id).decoder != 0; }
    std::uint64_t childCount(NodeId id) const;
    // The i-th child; for a lazy array the element node is built on first use and cached.
    NodeId child(NodeId id, std::uint64_t i);
    // Builds element `index` of a lazy array into another tree (rooted there), leaving this one as is.
    void decodeElementInto(NodeId array, std::uint64_t index, StructureTree& out) const;

    // The innermost node whose range holds `offset` (materialised nodes only).
    NodeId innermostAt(std::uint64_t offset) const;
    std::string path(NodeId id) const;

private:
    void buildElement(NodeId array, std::uint64_t index, StructureTree& out, NodeId parent) const;

    SharedBytes m_source;
    bool m_recordNodes;
    FieldTap* m_tap = nullptr;
    // Nodes live in chunks that are never grown past their first capacity, so adding a node
    // moves none of the others: a hostile file makes hundreds of thousands, and one vector of
    // them was copied again at every doubling (under the fuzzers' sanitizers, into fresh pages).
    static constexpr std::size_t kChunkNodes = 256;
    static constexpr std::size_t kFirstChildren = 8;
    std::vector<std::vector<Node>> m_chunks;
    std::size_t m_nodeCount = 0;
    std::vector<LocatedDiagnostic> m_diagnostics;
    // A file with any diagnostic most often has several: the list starts with room for 16.
    static constexpr std::size_t kFirstDiagnostics = 16;
    static constexpr std::uint32_t kNoSummary = 0xFFFFFFFFu;
    struct RuleTally {
        std::uint32_t listed = 0;
        std::uint32_t summary = kNoSummary; // index of the summary diagnostic, once there is one
    };
    // Hashed, and looked up by the rule as it is, without a string made per occurrence.
    using TallyKey = std::pair<std::string, std::uint64_t>;
    struct TallyHash {
        using is_transparent = void;
        template <typename Key> std::size_t operator()(const Key& key) const {
            return std::hash<std::string_view>{}(key.first) ^ (std::hash<std::uint64_t>{}(key.second) << 1);
        }
    };
    struct TallyEqual {
        using is_transparent = void;
        template <typename A, typename B> bool operator()(const A& a, const B& b) const {
            return a.second == b.second && std::string_view(a.first) == std::string_view(b.first);
        }
    };
    std::unordered_map<TallyKey, RuleTally, TallyHash, TallyEqual> m_tallies;
    // The index of the summary diagnostic of `rule` in `scope`; kNoSummary while it has none.
    std::uint32_t summaryOf(std::string_view rule, std::uint64_t scope) const;
    void addRepeat(std::uint32_t summary, Severity severity);
    std::vector<ElementDecoder> m_decoders; // [0] unused
    std::map<std::pair<NodeId, std::uint64_t>, NodeId> m_elements;
};

} // namespace assetscope
