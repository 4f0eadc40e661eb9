#pragma once

#include "tree/structure_tree.h"

#include <QAbstractTableModel>
#include <QStringList>

namespace assetscope::app {

// The children of a node as table rows. When they are records (structs of fields, like a
// bundle's blob records) each field is a column; otherwise each child is a row of name, value,
// offset, size, type and confidence.
class RecordsTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    RecordsTableModel(const StructureTree& tree, NodeId container, QObject* parent = nullptr);
    NodeId container() const { return m_container; }
    bool recordLayout() const { return m_records; }
    NodeId rowNode(int row) const;
    int rowOf(NodeId node) const; // the row holding `node` (itself or below it); -1 if none

    // The nearest ancestor (up to a few levels) whose children are records, else the parent.
    static NodeId containerFor(const StructureTree& tree, NodeId selected);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    static bool holdsRecords(const StructureTree& tree, NodeId id);

    const StructureTree& m_tree;
    NodeId m_container;
    std::vector<NodeId> m_rows;
    bool m_records = false;
    QStringList m_columns;
};

} // namespace assetscope::app
