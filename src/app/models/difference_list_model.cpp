#include "models/difference_list_model.h"

#include "tree/tree_writers.h"
#include "views/difference_style.h"

#include <QFont>

namespace assetscope::app {

DifferenceListModel::DifferenceListModel(const std::vector<TreeChange>& changes, QObject* parent)
    : QAbstractTableModel(parent), m_changes(changes) {}

int DifferenceListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_changes.size());
}

int DifferenceListModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QString DifferenceListModel::sideText(const std::optional<DiffSide>& side, DiffKind kind) {
    if (!side) return QStringLiteral("—");
    const QString at = QStringLiteral("@0x") + QString::number(side->offset, 16).toUpper();
    if (kind == DiffKind::Bytes) return at + QStringLiteral(" +%1").arg(side->size);
    if (std::holds_alternative<std::monostate>(side->value)) return at;
    return at + QStringLiteral(" = ") + QString::fromStdString(valueText(side->value));
}

QVariant DifferenceListModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const TreeChange& c = m_changes[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NumberColumn:
            return index.row() + 1;
        case KindColumn:
            return differenceLetter(c.kind) + QLatin1Char(' ') + QString::fromUtf8(diffKindName(c.kind));
        case PathColumn:
            return c.kind == DiffKind::Bytes ? tr("(bytes no field covers)") : QString::fromStdString(c.path);
        case AColumn:
            return sideText(c.a, c.kind);
        case BColumn:
            return sideText(c.b, c.kind);
        default:
            return {};
        }
    case Qt::ForegroundRole:
        return index.column() == KindColumn ? QVariant(differenceColor(c.kind)) : QVariant();
    case Qt::FontRole:
        if (index.column() == KindColumn) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == NumberColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    default:
        return {};
    }
}

QVariant DifferenceListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    static const char* const names[] = {"#", "Difference", "Path", "In A", "In B"};
    return section >= 0 && section < ColumnCount ? tr(names[section]) : QVariant();
}

} // namespace assetscope::app
