#pragma once

#include "document.h"
#include "find/find_query.h"
#include "jump_history.h"
#include "notes/node_notes.h"
#include "tree/coverage.h"
#include "tree/structure_tree.h"

#include <QWidget>

#include <memory>

class QLineEdit;
class QMenu;
class QTimer;
class QTreeView;

namespace Ui {
class DocumentView;
}

namespace assetscope::app {

class FindBar;
class FindSession;
class HexView;
class StructureModel;

// One open file: the structure tree (with its filter box) beside the hex pane, linked both ways.
class DocumentView : public QWidget {
    Q_OBJECT
public:
    explicit DocumentView(std::shared_ptr<Document> document, QWidget* parent = nullptr);
    ~DocumentView() override;

    Document& document() const { return *m_document; }
    const std::shared_ptr<Document>& documentPtr() const { return m_document; }
    StructureModel* model() const { return m_model; }
    QTreeView* treeView() const;
    HexView* hexView() const;
    QLineEdit* filterEdit() const;

    NodeId currentNode() const;
    // Selects a node in the tree (expanding its ancestors), which also marks its bytes.
    bool selectNode(NodeId id);
    // Selects the innermost node holding the byte and puts the hex cursor on it.
    void selectOffset(std::uint64_t offset);
    // Selects the innermost node holding `range`'s first byte, then marks exactly `range` in the
    // hex pane with the cursor on its first byte (a texel's block inside a mip level's node).
    void selectRange(ByteRange range);
    void applyFilter(const QString& text);

    // Jumps: the selection moves and the tab's history records where it left and landed
    // (document_view_history.cpp). A caller that selects its own way records with recordJump.
    void jumpToNode(NodeId id);
    void jumpToOffset(std::uint64_t offset);
    void jumpToRange(ByteRange range);
    Place currentPlace() const;
    void recordJump(const Place& from);
    bool goBack();
    bool goForward();
    const JumpHistory& history() const { return m_history; }

    // The notes shown on this file: bookmarks tint the tree and the hex pane, path notes the tree
    // (document_view_notes.cpp).
    void setNotes(notes::NotesDocument notes);
    const notes::NotesDocument& notes() const { return m_notes; }
    std::vector<notes::AttachedNote> notesAt(NodeId id) const;
    // The node a bookmark stands on (a range's innermost node), kNoNode when it is not in this file.
    NodeId bookmarkNode(const notes::Bookmark& bookmark);
    void jumpToBookmark(const notes::Bookmark& bookmark);

    QString currentValueText() const;
    QString currentPath() const;

    // The tree's context menu for the current node (shown on a right-click; tests look inside).
    std::unique_ptr<QMenu> treeMenu();

    // The find bar over the document and its find (document_view_find.cpp). The bar's Names
    // kind is the tree filter; the other kinds run core's find off the UI thread.
    FindBar* findBar() const { return m_findBar; }
    FindSession* findSession() const { return m_find; }
    void showFindBar();
    void closeFindBar();
    // Goes to match `row` of the find: selects the node holding it and marks exactly its bytes.
    // Every jump to a match goes through here.
    void goToFindMatch(int row);
    // F3 and Shift+F3: false when there is no match to go to.
    bool findNext();
    bool findPrevious();

signals:
    void currentNodeChanged(assetscope::NodeId node);
    // "Values across a folder…" on a field with a documented row.
    void fieldValuesRequested(const QString& key);
    // Find Across Folder… of this request (the find bar's, or the current field's value);
    // `archive` when the user asked to pick an archive rather than a folder.
    void findAcrossFolderRequested(const assetscope::FindRequest& request, bool archive);
    // "Where is this used?" on the document.
    void whereUsedRequested();
    // The tree's context menu is about to show, for the window to add its entries.
    void treeMenuShown(QMenu* menu);
    // A find of this document finished (its matches are in findSession()'s model).
    void findFinished();
    void cursorMoved(quint64 offset);
    void historyChanged();

protected:
    // The mouse's back and forward buttons over the tree or the bytes.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void showPlace(const Place& place);
    void onCurrentChanged();
    void onByteClicked(quint64 offset);
    void onHover(qint64 offset);
    void showTreeMenu(const QPoint& pos);
    void expandMatches();
    void setUpFind();
    void onFindFinished();
    void addFindActions(QMenu& menu);

    std::unique_ptr<Ui::DocumentView> m_ui; // ui/document_view.ui
    std::shared_ptr<Document> m_document;
    StructureModel* m_model = nullptr;
    QTimer* m_filterTimer = nullptr;
    FindBar* m_findBar = nullptr;
    FindSession* m_find = nullptr;
    bool m_selectingFromHex = false;
    JumpHistory m_history;
    notes::NotesDocument m_notes;
    std::unique_ptr<notes::NodeNotes> m_nodeNotes; // points into m_notes
};

} // namespace assetscope::app
