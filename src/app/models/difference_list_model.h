#pragma once

#include "compare/tree_diff.h"

#include <QAbstractTableModel>

namespace assetscope::app {

// The differences of a comparison as a flat table, in the order diffTrees gives them (tree
// order, byte ranges no field covers last): kind, path, and where and what each side holds.
class DifferenceListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { NumberColumn, KindColumn, PathColumn, AColumn, BColumn, ColumnCount };

    explicit DifferenceListModel(const std::vector<TreeChange>& changes, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // One side's "@0x28 = 24", or "@0x1F0 +2" for a byte range, "—" when that side has nothing.
    static QString sideText(const std::optional<DiffSide>& side, DiffKind kind);

private:
    const std::vector<TreeChange>& m_changes; // the view's TreeDiff, which outlives this model
};

} // namespace assetscope::app
