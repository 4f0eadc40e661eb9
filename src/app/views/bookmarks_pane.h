#pragma once

#include "views/document_pane.h"

#include <QPointer>
#include <QWidget>

class QTreeWidget;
class QTreeWidgetItem;

namespace assetscope::app {

class NotesStore;

// The front file's bookmarks, then the path notes of its format; a double-click jumps to the
// place (the first matching node, for a path note), the context menu removes an entry.
class BookmarksPane : public QWidget, public DocumentPane {
    Q_OBJECT
public:
    explicit BookmarksPane(NotesStore& store, QWidget* parent = nullptr);
    void documentChanged(DocumentView* view, const Document* document) override;
    QTreeWidget* list() const { return m_list; }
    // Jumps to the place of row `row` (tests; a double-click does the same).
    void activate(int row);

private:
    void rebuild();
    void removeAt(QTreeWidgetItem* item);

    NotesStore& m_store;
    QTreeWidget* m_list = nullptr;
    QPointer<DocumentView> m_view;
};

} // namespace assetscope::app
