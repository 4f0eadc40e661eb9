#include "views/bookmarks_pane.h"

#include "models/hex_number.h"
#include "notes/path_pattern.h"
#include "notes_store.h"
#include "views/document_view.h"

#include <QHeaderView>
#include <QMenu>
#include <QMessageBox>
#include <QPixmap>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace assetscope::app {

namespace {

enum Column { PlaceColumn, NoteColumn };
constexpr int kKindRole = Qt::UserRole;
constexpr int kIndexRole = Qt::UserRole + 1;
enum Kind { BookmarkKind, PathNoteKind };

QIcon swatch(const std::string& colour) {
    QPixmap p(12, 12);
    p.fill(QColor(QString::fromStdString(colour)));
    return QIcon(p);
}

} // namespace

BookmarksPane::BookmarksPane(NotesStore& store, QWidget* parent) : QWidget(parent), m_store(store) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_list = new QTreeWidget(this);
    m_list->setObjectName(QStringLiteral("bookmarksList"));
    m_list->setHeaderLabels({tr("Place"), tr("Note")});
    m_list->setRootIsDecorated(false);
    m_list->setContextMenuPolicy(Qt::CustomContextMenu);
    m_list->header()->setSectionResizeMode(PlaceColumn, QHeaderView::ResizeToContents);
    layout->addWidget(m_list);
    connect(m_list, &QTreeWidget::itemDoubleClicked, this,
            [this](QTreeWidgetItem* item) { activate(m_list->indexOfTopLevelItem(item)); });
    connect(m_list, &QWidget::customContextMenuRequested, this, [this](const QPoint& pos) {
        QTreeWidgetItem* item = m_list->itemAt(pos);
        if (!item) return;
        QMenu menu;
        menu.addAction(tr("Remove"), this, [this, item] { removeAt(item); });
        menu.exec(m_list->viewport()->mapToGlobal(pos));
    });
    connect(&m_store, &NotesStore::changed, this, &BookmarksPane::rebuild);
}

void BookmarksPane::documentChanged(DocumentView* view, const Document*) {
    m_view = view;
    rebuild();
}

void BookmarksPane::rebuild() {
    m_list->clear();
    if (!m_view || !m_view->document().parsed) return;
    const Document& doc = m_view->document();
    const notes::NotesDocument notes = m_store.notesFor(doc.sha256);
    if (const notes::FileNotes* file = notes.file(doc.sha256))
        for (std::size_t i = 0; i < file->bookmarks.size(); ++i) {
            const notes::Bookmark& b = file->bookmarks[i];
            const QString place =
                b.range ? QStringLiteral("@%1 +%2").arg(hexNumber(b.range->offset)).arg(b.range->size)
                        : QString::fromStdString(b.path);
            auto* item = new QTreeWidgetItem(m_list, {place, QString::fromStdString(b.note)});
            item->setIcon(PlaceColumn, swatch(b.colour));
            item->setData(PlaceColumn, kKindRole, BookmarkKind);
            item->setData(PlaceColumn, kIndexRole, static_cast<qulonglong>(i));
        }
    const std::string format(doc.parsed->format());
    for (std::size_t i = 0; i < notes.pathNotes.size(); ++i) {
        const notes::PathNote& p = notes.pathNotes[i];
        if (p.format != format) continue;
        auto* item = new QTreeWidgetItem(
            m_list, {tr("every %1: %2").arg(QString::fromStdString(format), QString::fromStdString(p.path)),
                     QString::fromStdString(p.note)});
        item->setIcon(PlaceColumn, swatch(p.colour));
        item->setData(PlaceColumn, kKindRole, PathNoteKind);
        item->setData(PlaceColumn, kIndexRole, static_cast<qulonglong>(i));
    }
}

void BookmarksPane::activate(int row) {
    QTreeWidgetItem* item = m_list->topLevelItem(row);
    if (!item || !m_view) return;
    const auto index = static_cast<std::size_t>(item->data(PlaceColumn, kIndexRole).toULongLong());
    const notes::NotesDocument& notes = m_view->notes();
    if (item->data(PlaceColumn, kKindRole).toInt() == BookmarkKind) {
        const notes::FileNotes* file = notes.file(m_view->document().sha256);
        if (file && index < file->bookmarks.size()) m_view->jumpToBookmark(file->bookmarks[index]);
        return;
    }
    if (index >= notes.pathNotes.size()) return;
    // The first node made so far that the pattern matches.
    const StructureTree& tree = *m_view->document().tree();
    const auto pattern = notes::pathSegments(notes.pathNotes[index].path);
    for (std::size_t id = 0; id < tree.nodeCount(); ++id)
        if (notes::pathMatches(pattern, notes::namesBelowRoot(tree, static_cast<NodeId>(id)))) {
            m_view->jumpToNode(static_cast<NodeId>(id));
            return;
        }
}

void BookmarksPane::removeAt(QTreeWidgetItem* item) {
    if (!m_view) return;
    const auto index = static_cast<std::size_t>(item->data(PlaceColumn, kIndexRole).toULongLong());
    QString error;
    const bool ok = item->data(PlaceColumn, kKindRole).toInt() == BookmarkKind
                        ? m_store.removeBookmark(m_view->document().sha256, index, error)
                        : m_store.removePathNote(index, error);
    if (!ok && !error.isEmpty()) QMessageBox::warning(this, tr("Remove Note"), error);
}

} // namespace assetscope::app
