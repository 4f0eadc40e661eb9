#include "models/instance_table_model.h"

#include <climits>

namespace assetscope::app {

InstanceTableModel::InstanceTableModel(const pgeo::Block& block, int blockIndex, std::uint64_t firstInstance,
                                       QObject* parent)
    : QAbstractTableModel(parent), m_block(block), m_blockIndex(blockIndex), m_firstInstance(firstInstance) {}

int InstanceTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0
                            : static_cast<int>(std::min<std::uint64_t>(m_block.instances.count(), INT_MAX));
}

int InstanceTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant InstanceTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount) return {};
    if (role == Qt::TextAlignmentRole) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != NumberRole) return {};
    const auto row = static_cast<std::uint64_t>(index.row());
    const pgeo::InstanceRecord r = m_block.instance(row);
    const pgeo::Vec3d p = r.positionMetres();
    const int c = index.column();
    auto number = [role](double v, int digits) {
        return role == NumberRole ? QVariant(v) : QVariant(QString::number(v, 'f', digits));
    };
    switch (c) {
    case XColumn:
        return number(p.x, 4);
    case YColumn:
        return number(p.y, 4);
    case ZColumn:
        return number(p.z, 4);
    case Row0X:
    case Row0Y:
    case Row0Z:
    case Row1X:
    case Row1Y:
    case Row1Z:
        return number(r.rotation[static_cast<std::size_t>(c - Row0X)], 5);
    case ScaleX:
    case ScaleY:
    case ScaleZ:
        return number(r.scale[static_cast<std::size_t>(c - ScaleX)], 5);
    case VariationColumn:
        if (role == NumberRole) return {};
        return QStringLiteral("%1 %2 %3 %4")
            .arg(r.variation[0])
            .arg(r.variation[1])
            .arg(r.variation[2])
            .arg(r.variation[3]);
    case VariantColumn:
        return role == NumberRole ? QVariant(r.materialVariant)
                                  : QVariant(QString::number(r.materialVariant));
    case BuildingColumn:
        return role == NumberRole ? QVariant(r.buildingId) : QVariant(QString::number(r.buildingId));
    case FlagsColumn:
        return role == NumberRole
                   ? QVariant(r.flags)
                   : QVariant(QStringLiteral("0x") +
                              QStringLiteral("%1").arg(r.flags, 8, 16, QLatin1Char('0')).toUpper());
    case RandomColumn:
        return role == NumberRole ? QVariant(r.random) : QVariant(QString::number(r.random));
    case CurveColumn: {
        const bool curve = m_block.hasCurve(row);
        return role == NumberRole ? QVariant(curve) : QVariant(curve ? tr("yes") : QString());
    }
    default:
        return {};
    }
}

QVariant InstanceTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return {};
    if (orientation == Qt::Vertical) return QString::number(section);
    static const char* const names[ColumnCount] = {
        "x (m)",   "y (m)",   "z (m)",   "row0.x",    "row0.y",  "row0.z",      "row1.x", "row1.y", "row1.z",
        "scale.x", "scale.y", "scale.z", "variation", "variant", "building id", "flags",  "random", "curve"};
    return section >= 0 && section < ColumnCount ? tr(names[section]) : QVariant();
}

} // namespace assetscope::app
