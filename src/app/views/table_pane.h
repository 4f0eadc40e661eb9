#pragma once

#include "tree/structure_tree.h"

#include <QWidget>

class QLabel;
class QTableView;
class QAbstractTableModel;

namespace assetscope::app {

class DocumentView;
class ArrayTableModel;
class BlobTableModel;
class MetadataTableModel;

// A table that follows the tree selection: the elements of the lazy array holding the selected
// node (vertices, indices, instance records — whatever core records as an array), or the blobs
// and metadata of the bundle holding it, or else the records (or fields) around it. Picking a
// row selects its node in the tree.
class TablePane : public QWidget {
    Q_OBJECT
public:
    explicit TablePane(QWidget* parent = nullptr);
    void setDocumentView(DocumentView* view);
    void followNode(NodeId id);

    QTableView* mainTable() const { return m_main; }
    QTableView* detailTable() const { return m_detail; }
    QAbstractTableModel* mainModel() const { return m_mainModel; }
    QString title() const;

private:
    void showArray(NodeId array, NodeId selected);
    bool showBundle(NodeId selected);
    void showRecords(NodeId selected);
    void clearTables(const QString& message);
    void onMainRowChanged();
    void selectRow(QTableView* table, int row);

    DocumentView* m_view = nullptr;
    QLabel* m_title = nullptr;
    QTableView* m_main = nullptr;
    QTableView* m_detail = nullptr;
    QAbstractTableModel* m_mainModel = nullptr;
    MetadataTableModel* m_detailModel = nullptr;
    bool m_following = false;
};

} // namespace assetscope::app
