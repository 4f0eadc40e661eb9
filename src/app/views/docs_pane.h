#pragma once

#include "views/doc_comparison.h"
#include "views/document_pane.h"

#include <QWidget>

#include <memory>

class QLabel;
class QMenu;

namespace assetscope::app {

class FieldStatsStore;

// The selected field's documented row (structure, documented offset, size, type, confidence,
// note) beside where it was actually read; a mismatch is spelled out in red. Once a folder's
// values of the field were counted in this session, the row's statement is set beside them.
class DocsPane : public QWidget, public DocumentPane {
    Q_OBJECT
public:
    explicit DocsPane(QWidget* parent = nullptr);
    void documentChanged(DocumentView* view, const Document* document) override;
    void nodeSelected(DocumentView& view, NodeId node) override;
    // A comparison's side: its node's documented row.
    void placeShown(const Document& document, NodeId node, std::uint64_t offset) override;
    void showNode(const StructureTree* tree, NodeId id);
    const DocComparison& comparison() const { return m_comparison; }
    QString text() const; // the pane's text without markup (tests, copy)
    // Where the folder findings come from (the window's; none: the pane shows no findings).
    void setFieldStats(const FieldStatsStore* store);
    // The pane's context menu (shown on a right-click; tests look inside).
    std::unique_ptr<QMenu> contextMenu();

signals:
    // The context menu's "Values across a folder…" for the shown field's documented row.
    void fieldValuesRequested(const QString& key);

protected:
    void attached(DocumentContext& context) override;

private:
    void showMenu(const QPoint& pos);
    QString acrossFilesHtml(const DocField& doc) const;

    QLabel* m_label = nullptr;
    DocComparison m_comparison;
    const FieldStatsStore* m_fieldStats = nullptr;
    const StructureTree* m_tree = nullptr; // what is shown, to show again when findings arrive
    NodeId m_node = kNoNode;
    // The user's own notes on the node shown (bookmarks, path notes), as HTML; kept for that node.
    QString m_userNotes;
    const StructureTree* m_userNotesTree = nullptr;
    NodeId m_userNotesNode = kNoNode;
};

} // namespace assetscope::app
