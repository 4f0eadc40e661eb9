#pragma once

#include "contract/table_source.h"
#include "tree/structure_tree.h"
#include "tree/subject.h"
#include "views/document_pane.h"

#include <QWidget>

class QLabel;
class QTableView;
class QAbstractTableModel;
class QModelIndex;

namespace assetscope::app {

class DocumentView;
class TextureLevelsTable;

// A table that follows the tree selection and shows core's decoded results for it: the tables
// of the node's subject (a model mesh's vertices above its triangles, a .pgeo block's
// instances, a MeshSet LOD's sections above a section's vertices, a bundle's blobs above a
// blob's metadata: whatever the format's tables() gives), else the elements of the lazy array
// holding the node, or the records (or fields) around it. In a file holding a texture whose
// format gives no table for the node, the texture's bytes (and the file's root) show its mip
// chain, built from the document's TextureDescription.
// Rows are decoded as they scroll into view. Picking a row selects its node in the tree, and
// rows that stand for an instance or a triangle are announced so the 3D pane can mark them.
class TablePane : public QWidget, public DocumentPane {
    Q_OBJECT
public:
    explicit TablePane(QWidget* parent = nullptr);
    void documentChanged(DocumentView* view, const Document*) override { setDocumentView(view); }
    void nodeSelected(DocumentView&, NodeId node) override { followNode(node); }
    void setDocumentView(DocumentView* view);
    void followNode(NodeId id);

    QTableView* mainTable() const { return m_main; }
    QTableView* detailTable() const { return m_detail; }
    QAbstractTableModel* mainModel() const { return m_mainModel; }
    QAbstractTableModel* detailModel() const { return m_detailModel; }
    QString title() const;
    const Subject& subject() const { return m_subject; }

    // Selects the row that stands for `mark` (the 3D pane picked its triangle or instance).
    void selectMark(const RowMark& mark);

signals:
    void instanceSelected(qint64 instance); // index into the file's placed instances
    void triangleSelected(const assetscope::Subject& subject, qint64 triangle);

private:
    void showArray(NodeId array, NodeId selected);
    void showRecords(NodeId selected);
    bool showTextureLevels(NodeId selected);
    bool showSubject(const Subject& subject);
    void announceMark(const RowMark& mark);
    void setMainModel(QAbstractTableModel* model);
    void setDetailModel(QAbstractTableModel* model);
    void clearTables(const QString& message);
    void onMainRowChanged();
    void onDetailRowChanged();
    void selectRow(QTableView* table, int row);
    void selectFromRow(NodeId node);

    DocumentView* m_view = nullptr;
    QLabel* m_title = nullptr;
    QTableView* m_main = nullptr;
    QTableView* m_detail = nullptr;
    QAbstractTableModel* m_mainModel = nullptr;
    QAbstractTableModel* m_detailModel = nullptr;
    Subject m_subject;
    bool m_detailPerRow = false;                  // the detail table follows the main table's row
    NodeId m_array = kNoNode;                     // the lazy array whose elements the main table shows
    const TextureLevelsTable* m_levels = nullptr; // the mip chain the main table shows
    bool m_following = false;
    bool m_inRowChange = false; // a table row is selecting its node in the tree
};

} // namespace assetscope::app
