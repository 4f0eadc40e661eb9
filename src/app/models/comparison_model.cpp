#include "models/comparison_model.h"

#include "models/hex_number.h"
#include "models/structure_model.h"
#include "views/difference_style.h"

#include <QBrush>
#include <QFont>

namespace assetscope::app {

ComparisonModel::ComparisonModel(PairedTree& rows, Side side, QObject* parent)
    : QAbstractItemModel(parent), m_rows(rows), m_side(side) {}

PairedTree::RowId ComparisonModel::rowAt(const QModelIndex& index) const {
    return index.isValid() ? static_cast<PairedTree::RowId>(index.internalId()) : PairedTree::kNoRow;
}

QModelIndex ComparisonModel::indexOfRow(PairedTree::RowId id, int column) const {
    if (id == PairedTree::kNoRow || id >= m_rows.rowCount()) return {};
    return createIndex(static_cast<int>(m_rows.row(id).indexInParent), column, static_cast<quintptr>(id));
}

NodeId ComparisonModel::nodeOf(PairedTree::RowId id) const {
    if (id == PairedTree::kNoRow) return kNoNode;
    const PairedTree::Row& r = m_rows.row(id);
    if (r.page) return kNoNode;
    return m_side == Side::A ? r.a : r.b;
}

std::pair<std::uint64_t, std::uint64_t> ComparisonModel::rangeOf(PairedTree::RowId id) const {
    if (id == PairedTree::kNoRow) return {0, 0};
    const PairedTree::Row& r = m_rows.row(id);
    const NodeId node = m_side == Side::A ? r.a : r.b;
    if (node == kNoNode) return {0, 0};
    const Node& n = tree().node(node);
    if (r.page) {
        // Only the elements this side has.
        const std::uint64_t count = tree().childCount(node);
        if (r.first >= count || n.stride == 0) return {0, 0};
        const std::uint64_t last = std::min(count, r.first + r.count);
        return {n.offset + r.first * n.stride, n.offset + last * n.stride};
    }
    return {n.offset, n.offset + n.size};
}

QModelIndex ComparisonModel::index(int row, int column, const QModelIndex& parent) const {
    if (row < 0 || column < 0 || column >= ColumnCount || row >= rowCount(parent)) return {};
    if (!parent.isValid()) return createIndex(row, column, static_cast<quintptr>(m_rows.root()));
    const PairedTree::RowId id = m_rows.child(rowAt(parent), static_cast<std::size_t>(row));
    return createIndex(row, column, static_cast<quintptr>(id));
}

QModelIndex ComparisonModel::parent(const QModelIndex& child) const {
    if (!child.isValid()) return {};
    return indexOfRow(m_rows.row(rowAt(child)).parent);
}

int ComparisonModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid()) return m_rows.root() == PairedTree::kNoRow ? 0 : 1;
    if (parent.column() > 0) return 0;
    return static_cast<int>(m_rows.childCount(rowAt(parent)));
}

int ComparisonModel::columnCount(const QModelIndex&) const {
    return ColumnCount;
}

bool ComparisonModel::hasChildren(const QModelIndex& parent) const {
    return rowCount(parent) > 0;
}

QString ComparisonModel::markText(const PairedTree::Row& row) const {
    if (row.kind) return differenceLetter(*row.kind);
    if (row.bytesHere) return differenceLetter(DiffKind::Bytes);
    if (row.differencesInside) return differencesInsideLetter();
    return {};
}

QVariant ComparisonModel::markColor(const PairedTree::Row& row) const {
    if (row.kind) return differenceColor(*row.kind);
    if (row.bytesHere) return differenceColor(DiffKind::Bytes);
    if (row.differencesInside) return differencesInsideColor();
    return {};
}

QVariant ComparisonModel::tint(PairedTree::RowId id, const PairedTree::Row& row) const {
    const NodeId mine = m_side == Side::A ? row.a : row.b;
    if (mine == kNoNode) return QBrush(QColor(0x80, 0x80, 0x80, 70), Qt::BDiagPattern);
    if (m_rows.oneSided(id)) return differenceTint(m_side == Side::A ? DiffKind::Removed : DiffKind::Added);
    if (row.kind) return differenceTint(*row.kind);
    if (row.bytesHere) return differenceTint(DiffKind::Bytes);
    return {};
}

QVariant ComparisonModel::pageData(const PairedTree::Row& row, int column) const {
    const NodeId array = m_side == Side::A ? row.a : row.b;
    switch (column) {
    case NameColumn:
        return QStringLiteral("[%1 … %2]").arg(row.first).arg(row.first + row.count - 1);
    case OffsetColumn:
        return array == kNoNode
                   ? QVariant()
                   : QVariant(hexNumber(tree().node(array).offset + row.first * tree().node(array).stride));
    case TypeColumn:
        return array == kNoNode ? QVariant() : QVariant(QString::fromStdString(tree().node(array).type));
    default:
        return {};
    }
}

QVariant ComparisonModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid()) return {};
    const PairedTree::RowId id = rowAt(index);
    const PairedTree::Row& row = m_rows.row(id);
    const NodeId node = row.page ? kNoNode : (m_side == Side::A ? row.a : row.b);
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        if (column == MarkColumn) return markText(row);
        if (row.page) return pageData(row, column);
        if (node == kNoNode) return {};
        {
            const Node& n = tree().node(node);
            switch (column) {
            case NameColumn:
                return QString::fromStdString(n.name);
            case ValueColumn:
                return StructureModel::valueText(tree(), node);
            case OffsetColumn:
                return hexNumber(n.offset);
            case SizeColumn:
                return QString::number(n.size);
            case TypeColumn:
                return n.type.empty() ? QString::fromUtf8(nodeKindName(n.kind))
                                      : QString::fromStdString(n.type);
            default:
                return {};
            }
        }
    case Qt::ForegroundRole:
        return column == MarkColumn ? markColor(row) : QVariant();
    case Qt::FontRole:
        if (column == MarkColumn) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::BackgroundRole:
        return tint(id, row);
    case Qt::TextAlignmentRole:
        if (column == MarkColumn) return QVariant(Qt::AlignCenter);
        return column == OffsetColumn || column == SizeColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                                              : QVariant();
    case Qt::ToolTipRole: {
        QStringList lines;
        if (row.kind == DiffKind::Changed) lines << tr("changed");
        if (row.kind == DiffKind::Added) lines << tr("only in B (added)");
        if (row.kind == DiffKind::Removed) lines << tr("only in A (removed)");
        if (row.bytesHere) lines << tr("differing bytes no field covers: %1 range(s)").arg(row.bytesHere);
        if (row.differencesInside) lines << tr("differences inside: %1").arg(row.differencesInside);
        return lines.isEmpty() ? QVariant() : QVariant(lines.join(QLatin1Char('\n')));
    }
    case RowRole:
        return static_cast<quint32>(id);
    case MarkRole:
        return markText(row);
    default:
        return {};
    }
}

QVariant ComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::ToolTipRole && section == MarkColumn) return tr("What differs: see the legend above");
    if (role != Qt::DisplayRole) return {};
    static const char* const names[] = {"Δ", "Name", "Value", "Offset", "Size", "Type"};
    return section >= 0 && section < ColumnCount ? QString::fromUtf8(names[section]) : QVariant();
}

} // namespace assetscope::app
