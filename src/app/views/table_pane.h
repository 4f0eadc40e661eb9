#pragma once

#include "models/selection_subject.h"
#include "tree/structure_tree.h"
#include "views/document_pane.h"

#include <QWidget>

class QLabel;
class QTableView;
class QAbstractTableModel;

namespace assetscope::app {

class DocumentView;

// A table that follows the tree selection and shows core's decoded results for it:
//  - a model mesh: its vertices (one column per decoded attribute) above its triangles;
//  - a .pgeo block: its instances (decoded position, rows, scale, variant, building id ...);
//  - a MeshSet LOD or section: the LOD's sections above the current section's vertices;
//  - else the elements of the lazy array holding the node, the blobs and metadata of the
//    bundle holding it, or the records (or fields) around it.
// Rows are decoded as they scroll into view. Picking a row selects its node in the tree, and
// instance / triangle / section rows are announced so the 3D pane can mark them.
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
    const SelectionSubject& subject() const { return m_subject; }

    // Selects a triangle row of the mesh shown (the 3D pane picked it).
    void selectTriangle(qint64 triangle);

signals:
    void instanceSelected(qint64 instance); // global index into the file's placements; -1: none
    void triangleSelected(int mesh, qint64 triangle);
    void sectionSelected(int lod, int section);

private:
    void showArray(NodeId array, NodeId selected);
    bool showBundle(NodeId selected);
    void showRecords(NodeId selected);
    void showMesh(const SelectionSubject& subject);
    void showInstances(const SelectionSubject& subject);
    void showSections(const SelectionSubject& subject);
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
    SelectionSubject m_subject;
    bool m_following = false;
    bool m_inRowChange = false; // a table row is selecting its node in the tree
};

} // namespace assetscope::app
