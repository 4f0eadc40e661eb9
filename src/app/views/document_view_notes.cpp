#include "views/document_view.h"

#include "models/structure_model.h"
#include "views/hex_view.h"

#include <QTreeView>

namespace assetscope::app {

void DocumentView::setNotes(notes::NotesDocument notes) {
    m_notes = std::move(notes);
    m_nodeNotes.reset();
    StructureTree* tree = m_document->tree();
    if (!m_model || !tree || !m_document->parsed) return;
    m_nodeNotes =
        std::make_unique<notes::NodeNotes>(m_notes, m_document->parsed->format(), m_document->sha256, *tree);
    std::vector<HexView::Mark> marks;
    if (const notes::FileNotes* file = m_notes.file(m_document->sha256))
        for (const notes::Bookmark& b : file->bookmarks) {
            ByteRange range;
            if (b.range) {
                range = {b.range->offset, b.range->offset + b.range->size};
            } else if (const NodeId id = bookmarkNode(b); id != kNoNode) {
                range = {tree->node(id).offset, tree->node(id).offset + tree->node(id).size};
            }
            if (range.end > range.begin) marks.push_back({range, QColor(QString::fromStdString(b.colour))});
        }
    hexView()->setMarks(std::move(marks));
    if (m_nodeNotes->empty()) {
        m_model->setNoteMarks({});
    } else {
        m_model->setNoteMarks([this](NodeId id) -> std::optional<StructureModel::NoteMark> {
            const auto attached = notesAt(id);
            if (attached.empty()) return std::nullopt;
            QStringList lines;
            for (const notes::AttachedNote& a : attached)
                lines << (a.pathNote ? tr("Your note (every file): %1") : tr("Bookmark: %1"))
                             .arg(QString::fromStdString(a.note()));
            return StructureModel::NoteMark{QColor(QString::fromStdString(attached.front().colour())),
                                            lines.join(QLatin1Char('\n'))};
        });
    }
    treeView()->viewport()->update();
}

std::vector<notes::AttachedNote> DocumentView::notesAt(NodeId id) const {
    if (!m_nodeNotes || !m_document->tree() || id == kNoNode) return {};
    return m_nodeNotes->at(notes::namesBelowRoot(*m_document->tree(), id));
}

NodeId DocumentView::bookmarkNode(const notes::Bookmark& bookmark) {
    StructureTree* tree = m_document->tree();
    if (!tree) return kNoNode;
    if (bookmark.range) return notes::nodeOfRange(*tree, *bookmark.range);
    return notes::nodeAtNames(*tree, notes::pathSegments(bookmark.path));
}

void DocumentView::jumpToBookmark(const notes::Bookmark& bookmark) {
    if (bookmark.range) {
        jumpToRange({bookmark.range->offset, bookmark.range->offset + bookmark.range->size});
        return;
    }
    const NodeId id = bookmarkNode(bookmark);
    if (id != kNoNode) jumpToNode(id);
}

} // namespace assetscope::app
