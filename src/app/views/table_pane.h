#pragma once

#include "contract/table_source.h"
#include "tree/structure_tree.h"
#include "tree/subject.h"
#include "views/document_pane.h"

#include <QWidget>

class QLabel;
class QSplitter;
class QTableView;
class QAbstractTableModel;
class QModelIndex;

namespace assetscope::app {

class DocumentLooks;
class DocumentView;
class LookLinksTable;
class LookParametersTable;
class TextureLevelsTable;

// A table that follows the tree selection and shows core's decoded results for it: the tables
// of the node's subject (a model mesh's vertices above its triangles, a .pgeo block's
// instances, a MeshSet LOD's sections above a section's vertices, a bundle's blobs above a
// blob's metadata: whatever the format's tables() gives), else the elements of the lazy array
// holding the node, or the records (or fields) around it. In a file holding a texture whose
// format gives no table for the node, the texture's bytes (and the file's root) show its mip
// chain, built from the document's TextureDescription. A model's material slot, and a material or
// shader file, show the look's effective parameters above its chain and textures
// (table_pane_looks.cpp); a row leads to the record it was read from, or the file it names.
// Rows are decoded as they scroll into view. Picking a row selects its node in the tree, and
// rows that stand for an instance or a triangle are marked through the window's context, where
// the 3D pane shows them; the 3D pane's picks come back the same way and select their row. An
// instance row's context menu opens the model of its block.
class TablePane : public QWidget, public DocumentPane {
    Q_OBJECT
public:
    explicit TablePane(QWidget* parent = nullptr);
    void documentChanged(DocumentView* view, const Document*) override { setDocumentView(view); }
    void nodeSelected(DocumentView&, NodeId node) override { followNode(node); }
    void marked(const PaneMark& mark) override;
    void setDocumentView(DocumentView* view);
    void followNode(NodeId id);
    // Where the looks of documents come from, their chains followed (table_pane_looks.cpp).
    void setLooks(DocumentLooks* looks);

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
    // A look's row leads to another file: open it (`input`, as "a.zip::b") and select `node`
    // there (kNoNode: nothing in particular).
    void openRequested(const QString& input, quint32 node);

protected:
    void attached(DocumentContext& context) override;

private:
    void showArray(NodeId array, NodeId selected);
    void showRecords(NodeId selected);
    bool showTextureLevels(NodeId selected);
    bool showSubject(const Subject& subject);
    // table_pane_looks.cpp
    bool showLook(NodeId selected);
    void showLookTables(int look);
    QString lookTitle(int look) const;
    void onLookRowActivated(QTableView* table, int row);
    void refollowLook();
    void announceMark(const RowMark& mark);
    void setMainModel(QAbstractTableModel* model);
    void setDetailModel(QAbstractTableModel* model);
    void clearTables(const QString& message);
    void onMainRowChanged();
    void onDetailRowChanged();
    void selectRow(QTableView* table, int row);
    void selectFromRow(NodeId node);
    // The main table's menu on an instance row: the model of the block the instance belongs to.
    void showInstanceMenu(const QPoint& pos);

    DocumentView* m_view = nullptr;
    QLabel* m_title = nullptr;
    QTableView* m_main = nullptr;
    QTableView* m_detail = nullptr;
    QSplitter* m_splitter = nullptr; // the main table above the detail table
    QAbstractTableModel* m_mainModel = nullptr;
    QAbstractTableModel* m_detailModel = nullptr;
    Subject m_subject;
    bool m_detailPerRow = false;                  // the detail table follows the main table's row
    NodeId m_array = kNoNode;                     // the lazy array whose elements the main table shows
    const TextureLevelsTable* m_levels = nullptr; // the mip chain the main table shows
    DocumentLooks* m_looks = nullptr;
    int m_look = -1;          // the look whose tables (or whose chain being followed) are shown
    bool m_lookReady = false; // its chain was followed: its tables are shown
    const LookParametersTable* m_lookParameters = nullptr;
    const LookLinksTable* m_lookLinks = nullptr;
    bool m_following = false;
    bool m_inRowChange = false; // a table row is selecting its node in the tree
};

} // namespace assetscope::app
