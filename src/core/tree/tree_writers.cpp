#include "tree/tree_writers.h"
#include "bytes/number_text.h"
#include "bytes/text_out.h"
#include "tree/coverage.h"

#include "docs/doc_table.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace assetscope {

namespace {

std::string number(double v) {
    if (!std::isfinite(v)) return "null"; // JSON has no NaN or infinity
    return numberText(v);
}

std::string quoted(const std::string& s) {
    return nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// The unaccounted ranges by the node each falls in, for the writers to mark beside that node.
class UnaccountedMarks {
public:
    UnaccountedMarks(const StructureTree& tree, bool wanted) : m_tree(tree) {
        if (wanted) m_marks = unaccountedMarks(tree);
    }

    // The messages of the ranges falling in `id` (none for a lazy element's scratch tree).
    template <typename Each> void forEach(const StructureTree& tree, NodeId id, Each each) const {
        if (&tree != &m_tree) return;
        auto it = std::lower_bound(m_marks.begin(), m_marks.end(), id,
                                   [](const UnaccountedMark& m, NodeId n) { return m.node < n; });
        for (; it != m_marks.end() && it->node == id; ++it)
            each(it->message);
    }

private:
    const StructureTree& m_tree;
    std::vector<UnaccountedMark> m_marks;
};

// Walks a tree, materialising lazy array elements one at a time in a scratch tree.
template <typename Visitor> class Walker {
public:
    Walker(const StructureTree& tree, const TreeWriteOptions& options, Visitor& visit)
        : m_tree(tree), m_options(options), m_visit(visit) {}

    void walk(const StructureTree& tree, NodeId id, int depth) {
        const Node& n = tree.node(id);
        m_visit.open(tree, id, depth);
        if (n.decoder) {
            const std::uint64_t shown = std::min(n.count, m_options.maxArray);
            for (std::uint64_t i = 0; i < shown; ++i) {
                StructureTree scratch(tree.source());
                tree.decodeElementInto(id, i, scratch);
                m_visit.child(i);
                walk(scratch, scratch.root(), depth + 1);
            }
        } else {
            const std::uint64_t shown = n.kind == NodeKind::Array
                                            ? std::min<std::uint64_t>(n.children.size(), m_options.maxArray)
                                            : n.children.size();
            for (std::uint64_t i = 0; i < shown; ++i) {
                m_visit.child(i);
                walk(tree, n.children[i], depth + 1);
            }
        }
        m_visit.close(tree, id, depth);
    }

private:
    const StructureTree& m_tree;
    const TreeWriteOptions& m_options;
    Visitor& m_visit;
};

// Writes straight into a TextOut: a dump runs to millions of nodes, and a string per value
// would cost more than the walk.
struct JsonVisitor {
    TextOut& out;
    const UnaccountedMarks& marks;
    const TreeWriteOptions& options;
    std::vector<std::string> names; // below the file node, kept only for options.extraJsonMembers

    void number(double v) {
        if (std::isfinite(v))
            out.number(v);
        else
            out << "null"; // JSON has no NaN or infinity
    }
    void value(const Value& value) {
        std::visit(
            [&](const auto& v) {
                using T = std::decay_t<decltype(v)>;
                if constexpr (std::is_same_v<T, std::monostate>)
                    out << "null";
                else if constexpr (std::is_same_v<T, bool>)
                    out << (v ? "true" : "false");
                else if constexpr (std::is_same_v<T, std::int64_t> || std::is_same_v<T, std::uint64_t>)
                    out << v;
                else if constexpr (std::is_same_v<T, double>)
                    number(v);
                else if constexpr (std::is_same_v<T, std::string>)
                    out.jsonString(v);
                else {
                    out << '[';
                    for (std::size_t i = 0; i < v.size(); ++i) {
                        if (i) out << ", ";
                        number(v[i]);
                    }
                    out << ']';
                }
            },
            value);
    }
    void open(const StructureTree& tree, NodeId id, int depth) {
        const Node& n = tree.node(id);
        if (options.extraJsonMembers && depth > 0) names.push_back(n.name);
        out << "{\"name\": ";
        out.jsonString(n.name) << ", \"kind\": \"" << nodeKindName(n.kind) << "\", \"offset\": " << n.offset
                               << ", \"size\": " << n.size << ", \"type\": ";
        out.jsonString(n.type) << ", \"value\": ";
        value(n.value);
        if (n.confidence != Confidence::None)
            out << ", \"confidence\": \"" << confidenceName(n.confidence) << "\"";
        if (n.kind == NodeKind::Array)
            out << ", \"count\": " << std::uint64_t{n.decoder ? n.count : n.children.size()}
                << ", \"stride\": " << n.stride;
        out << ", \"children\": [";
    }
    void child(std::uint64_t i) {
        if (i) out << ", ";
    }
    void close(const StructureTree& tree, NodeId id, int) {
        out << "], \"diagnostics\": [";
        bool first = true;
        for (const Diagnostic& d : tree.diagnosticsAt(id)) {
            out << (first ? "" : ", ") << "{\"severity\": \"" << severityName(d.severity) << "\", \"rule\": ";
            out.jsonString(d.rule) << ", \"message\": ";
            out.jsonString(d.message) << '}';
            first = false;
        }
        marks.forEach(tree, id, [&](const std::string& message) {
            out << (first ? "" : ", ") << "{\"severity\": \"note\", \"rule\": \"" << kUnaccountedRule
                << "\", \"message\": ";
            out.jsonString(message) << '}';
            first = false;
        });
        out << "]";
        if (options.extraJsonMembers) {
            const std::string extra = options.extraJsonMembers(names);
            if (!extra.empty()) out << ", " << extra;
            if (!names.empty()) names.pop_back();
        }
        out << "}";
    }
};

struct TextVisitor {
    std::ostream& out;
    const UnaccountedMarks& marks;

    void open(const StructureTree& tree, NodeId id, int depth) {
        const Node& n = tree.node(id);
        out << std::string(static_cast<std::size_t>(depth) * 2, ' ') << n.name;
        if (!std::holds_alternative<std::monostate>(n.value)) out << " = " << valueText(n.value);
        if (!n.display.empty()) out << " (" << n.display << ")";
        out << "  [" << nodeKindName(n.kind);
        if (!n.type.empty() && n.type != nodeKindName(n.kind)) out << " " << n.type;
        out << "] @" << hexText(n.offset) << " +" << n.size;
        if (n.kind == NodeKind::Array)
            out << " count " << (n.decoder ? n.count : n.children.size()) << " stride " << n.stride;
        if (n.confidence != Confidence::None) out << " " << confidenceName(n.confidence);
        out << "\n";
        for (const Diagnostic& d : tree.diagnosticsAt(id)) {
            out << std::string(static_cast<std::size_t>(depth) * 2 + 2, ' ') << "! "
                << severityName(d.severity) << " [" << d.rule << "] " << d.message << "\n";
        }
        marks.forEach(tree, id, [&](const std::string& message) {
            out << std::string(static_cast<std::size_t>(depth) * 2 + 2, ' ') << "! note [" << kUnaccountedRule
                << "] " << message << "\n";
        });
    }
    void child(std::uint64_t) {}
    void close(const StructureTree& tree, NodeId id, int depth) {
        const Node& n = tree.node(id);
        const std::uint64_t count = n.decoder ? n.count : n.children.size();
        if (n.kind == NodeKind::Array && count > 0 && m_maxArray < count)
            out << std::string(static_cast<std::size_t>(depth) * 2 + 2, ' ') << "... " << (count - m_maxArray)
                << " more\n";
    }
    std::uint64_t m_maxArray;
};

} // namespace

std::vector<UnaccountedMark> unaccountedMarks(const StructureTree& tree) {
    const std::vector<ByteRange> ranges = unaccountedRanges(tree);
    const std::vector<NodeId> owners = unaccountedOwners(tree, ranges);
    std::vector<UnaccountedMark> marks;
    marks.reserve(ranges.size());
    for (std::size_t i = 0; i < ranges.size(); ++i) {
        // Appended piece by piece: GCC 12 warns (-Wrestrict) on a chain of + from a literal.
        std::string message = "@";
        message.append(hexText(ranges[i].begin))
            .append(" +")
            .append(std::to_string(ranges[i].end - ranges[i].begin))
            .append(": bytes no node accounts for");
        marks.push_back({owners[i], std::move(message)});
    }
    std::stable_sort(marks.begin(), marks.end(),
                     [](const UnaccountedMark& a, const UnaccountedMark& b) { return a.node < b.node; });
    return marks;
}

std::string valueJson(const Value& value) {
    return std::visit(
        [](const auto& v) -> std::string {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, std::monostate>)
                return "null";
            else if constexpr (std::is_same_v<T, bool>)
                return v ? "true" : "false";
            else if constexpr (std::is_same_v<T, std::int64_t> || std::is_same_v<T, std::uint64_t>)
                return std::to_string(v);
            else if constexpr (std::is_same_v<T, double>)
                return number(v);
            else if constexpr (std::is_same_v<T, std::string>)
                return quoted(v);
            else {
                std::string s = "[";
                for (std::size_t i = 0; i < v.size(); ++i)
                    s += (i ? ", " : "") + number(v[i]);
                return s + "]";
            }
        },
        value);
}

std::string valueText(const Value& value) {
    if (const auto* s = std::get_if<std::string>(&value)) return quoted(*s);
    return valueJson(value);
}

void writeTreeJson(const StructureTree& tree, std::ostream& out, const TreeWriteOptions& options) {
    if (tree.root() == kNoNode) {
        out << "null\n";
        return;
    }
    TextOut text(out);
    const UnaccountedMarks marks(tree, options.markUnaccounted);
    JsonVisitor visitor{text, marks, options, {}};
    Walker<JsonVisitor>(tree, options, visitor).walk(tree, tree.root(), 0);
    text << '\n';
}

void writeTreeText(const StructureTree& tree, std::ostream& out, const TreeWriteOptions& options) {
    if (tree.root() == kNoNode) return;
    const UnaccountedMarks marks(tree, options.markUnaccounted);
    TextVisitor visitor{out, marks, options.maxArray};
    Walker<TextVisitor>(tree, options, visitor).walk(tree, tree.root(), 0);
}

} // namespace assetscope
