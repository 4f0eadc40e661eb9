#pragma once

#include "notes/notes.h"
#include "notes/path_pattern.h"
#include "tree/structure_tree.h"

#include <string>
#include <vector>

namespace assetscope::notes {

// A note as it attaches to one node: a bookmark of the file or a path note of its format.
struct AttachedNote {
    enum class Source { Bookmark, PathNote } source = Source::Bookmark;
    const Bookmark* bookmark = nullptr; // Source::Bookmark
    const PathNote* pathNote = nullptr; // Source::PathNote
    const std::string& note() const { return bookmark ? bookmark->note : pathNote->note; }
    const std::string& colour() const { return bookmark ? bookmark->colour : pathNote->colour; }
};

// The names of a node below the file node (the root's own name left out), as notes name nodes.
std::vector<std::string> namesBelowRoot(const StructureTree& tree, NodeId id);

// The node with these names below the file node, building lazy array elements on the way
// ("[3]" of a lazy array); kNoNode when there is none.
NodeId nodeAtNames(StructureTree& tree, const std::vector<std::string>& names);

// The node a byte-range bookmark attaches to: the innermost node (of those made) whose bytes hold
// the whole range; the root when none of its children does, kNoNode for a range past the file.
NodeId nodeOfRange(const StructureTree& tree, const ByteSpan& range);

// Which notes attach to which node of one file: its bookmarks (found by the file's SHA-256) and
// its format's path notes. Keeps pointers into `notes`, which must outlive it.
class NodeNotes {
public:
    NodeNotes(const NotesDocument& notes, std::string_view format, const std::string& sha256,
              const StructureTree& tree);

    // The notes on the node with these names below the file node, bookmarks first.
    std::vector<AttachedNote> at(const std::vector<std::string>& names) const;
    bool empty() const { return m_bookmarks.empty() && m_pathNotes.empty(); }

private:
    struct PlacedBookmark {
        std::vector<std::string> names;
        const Bookmark* bookmark;
    };
    struct Pattern {
        std::vector<std::string> segments;
        const PathNote* note;
    };
    std::vector<PlacedBookmark> m_bookmarks;
    std::vector<Pattern> m_pathNotes;
};

} // namespace assetscope::notes

namespace assetscope::notes {

// The `"notes": [...]` member `dump --json --notes` adds to a node object; empty when none attach.
std::string notesJsonMember(const std::vector<AttachedNote>& attached);

} // namespace assetscope::notes
