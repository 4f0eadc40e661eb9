#include "notes/node_notes.h"

#include "notes/path_pattern.h"

#include <algorithm>

namespace assetscope::notes {

std::vector<std::string> namesBelowRoot(const StructureTree& tree, NodeId id) {
    std::vector<std::string> names;
    for (NodeId at = id; at != kNoNode && tree.node(at).parent != kNoNode; at = tree.node(at).parent)
        names.push_back(tree.node(at).name);
    std::reverse(names.begin(), names.end());
    return names;
}

NodeId nodeAtNames(StructureTree& tree, const std::vector<std::string>& names) {
    NodeId at = tree.root();
    for (const std::string& name : names) {
        if (at == kNoNode) return kNoNode;
        NodeId next = kNoNode;
        if (tree.isLazyArray(at)) {
            // "[i]": the element is built only when asked for, so it is found by its index.
            std::uint64_t index = 0;
            // At most 19 digits, so the number fits before it is compared with the count.
            const bool isIndex = name.size() > 2 && name.size() <= 21 && name.front() == '[' &&
                                 name.back() == ']' &&
                                 name.find_first_not_of("0123456789", 1) == name.size() - 1;
            if (isIndex) index = std::stoull(name.substr(1, name.size() - 2));
            if (isIndex && index < tree.childCount(at)) next = tree.child(at, index);
        } else {
            for (NodeId c : tree.node(at).children)
                if (tree.node(c).name == name) {
                    next = c;
                    break;
                }
        }
        at = next;
    }
    return at;
}

NodeId nodeOfRange(const StructureTree& tree, const ByteSpan& range) {
    const NodeId root = tree.root();
    if (root == kNoNode) return kNoNode;
    const auto holds = [&](const Node& n) {
        return range.offset >= n.offset && range.offset - n.offset <= n.size && range.size <= n.size &&
               range.offset - n.offset <= n.size - range.size;
    };
    if (!holds(tree.node(root))) return kNoNode;
    NodeId at = root;
    for (;;) {
        const auto& children = tree.node(at).children;
        const auto next = std::find_if(children.begin(), children.end(), [&](NodeId c) {
            const Node& n = tree.node(c);
            return n.size > 0 && holds(n);
        });
        if (next == children.end()) return at;
        at = *next;
    }
}

NodeNotes::NodeNotes(const NotesDocument& notes, std::string_view format, const std::string& sha256,
                     const StructureTree& tree) {
    if (const FileNotes* file = notes.file(sha256))
        for (const Bookmark& b : file->bookmarks) {
            if (!b.range) {
                m_bookmarks.push_back({pathSegments(b.path), &b});
                continue;
            }
            const NodeId node = nodeOfRange(tree, *b.range);
            if (node != kNoNode) m_bookmarks.push_back({namesBelowRoot(tree, node), &b});
        }
    for (const PathNote& p : notes.pathNotes)
        if (p.format == format) m_pathNotes.push_back({pathSegments(p.path), &p});
}

std::vector<AttachedNote> NodeNotes::at(const std::vector<std::string>& names) const {
    std::vector<AttachedNote> out;
    for (const PlacedBookmark& b : m_bookmarks)
        if (b.names == names) out.push_back({AttachedNote::Source::Bookmark, b.bookmark, nullptr});
    for (const Pattern& p : m_pathNotes)
        if (pathMatches(p.segments, names)) out.push_back({AttachedNote::Source::PathNote, nullptr, p.note});
    return out;
}

} // namespace assetscope::notes

#include <nlohmann/json.hpp>

namespace assetscope::notes {

std::string notesJsonMember(const std::vector<AttachedNote>& attached) {
    if (attached.empty()) return {};
    nlohmann::json list = nlohmann::json::array();
    for (const AttachedNote& a : attached) {
        nlohmann::json j = nlohmann::json::object();
        if (a.bookmark) {
            j["source"] = "bookmark";
            if (a.bookmark->range) {
                j["offset"] = a.bookmark->range->offset;
                j["size"] = a.bookmark->range->size;
            } else {
                j["path"] = a.bookmark->path;
            }
        } else {
            j["source"] = "path_note";
            j["path"] = a.pathNote->path;
        }
        j["note"] = a.note();
        j["colour"] = a.colour();
        list.push_back(std::move(j));
    }
    return "\"notes\": " + list.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace assetscope::notes
