#pragma once

#include "compare/paired_tree.h"

#include <QAbstractItemModel>

namespace assetscope::app {

// One side of a comparison: the rows of a PairedTree as that side sees them. Both sides'
// models share the rows and their internal ids (the row ids), so an index on one side has its
// counterpart at the same place on the other, and two views of them scroll line for line. A
// row whose node only the other side has is an empty, hatched placeholder.
class ComparisonModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum class Side { A, B };
    enum Column { MarkColumn, NameColumn, ValueColumn, OffsetColumn, SizeColumn, TypeColumn, ColumnCount };
    enum Role { RowRole = Qt::UserRole + 1, MarkRole };

    ComparisonModel(PairedTree& rows, Side side, QObject* parent = nullptr);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    bool hasChildren(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    Side side() const { return m_side; }
    PairedTree& rows() const { return m_rows; }
    StructureTree& tree() const { return m_side == Side::A ? m_rows.treeA() : m_rows.treeB(); }
    PairedTree::RowId rowAt(const QModelIndex& index) const;
    QModelIndex indexOfRow(PairedTree::RowId id, int column = 0) const;
    // This side's node of a row (kNoNode for a page or a placeholder).
    NodeId nodeOf(PairedTree::RowId id) const;
    // The bytes a row covers on this side: its node, or its page's elements; empty when absent.
    std::pair<std::uint64_t, std::uint64_t> rangeOf(PairedTree::RowId id) const;

private:
    QString markText(const PairedTree::Row& row) const;
    QVariant markColor(const PairedTree::Row& row) const;
    QVariant tint(PairedTree::RowId id, const PairedTree::Row& row) const;
    QVariant pageData(const PairedTree::Row& row, int column) const;

    PairedTree& m_rows;
    Side m_side;
};

} // namespace assetscope::app
