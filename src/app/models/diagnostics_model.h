#pragma once

#include "tree/structure_tree.h"

#include <QAbstractTableModel>

namespace assetscope::app {

// The tree's diagnostics, one a row: severity, rule, offset, node path, message.
class DiagnosticsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { SeverityColumn, RuleColumn, OffsetColumn, NodeColumn, MessageColumn, ColumnCount };
    enum Role { NodeRole = Qt::UserRole + 1, OffsetRole };

    explicit DiagnosticsModel(QObject* parent = nullptr);
    void setTree(const StructureTree* tree);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const StructureTree* m_tree = nullptr;
};

} // namespace assetscope::app
