#include "models/where_used_model.h"

#include "docs/parameter_names.h"
#include "models/hex_number.h"

#include <QFontDatabase>

namespace assetscope::app {

WhereUsedModel::WhereUsedModel(QObject* parent) : QAbstractTableModel(parent) {}

void WhereUsedModel::setUses(std::vector<materials::MaterialUse> uses) {
    beginResetModel();
    m_uses = std::move(uses);
    endResetModel();
}

QString WhereUsedModel::lookText(const materials::MaterialUse& use) {
    const QString name = QString::fromStdString(use.look);
    switch (use.kind) {
    case MaterialLook::Kind::Instance:
        return use.slot ? tr("slot %1: %2").arg(*use.slot).arg(name) : tr("slot: %1").arg(name);
    case MaterialLook::Kind::Material:
        return tr("material %1").arg(name);
    case MaterialLook::Kind::Shader:
        return tr("shader %1").arg(name);
    }
    return name;
}

QString WhereUsedModel::referenceText(const materials::MaterialUse& use) {
    if (use.parameter) return QString::fromStdString(parameterLabel(*use.parameter));
    return use.kind == MaterialLook::Kind::Instance ? tr("material") : tr("shader");
}

int WhereUsedModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_uses.size());
}

int WhereUsedModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant WhereUsedModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const materials::MaterialUse& use = at(index.row());
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case FileColumn:
            return QString::fromStdString(use.input);
        case LookColumn:
            return lookText(use);
        case ReferenceColumn:
            return referenceText(use);
        case PathColumn:
            return QString::fromStdString(use.path);
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        if (use.key.empty()) return QString::fromStdString(use.input);
        return tr("%1 at %2 (find --field %1 finds this value)")
            .arg(QString::fromStdString(use.key), hexNumber(use.offset));
    }
    if (role == Qt::FontRole && index.column() == PathColumn)
        return QFontDatabase::systemFont(QFontDatabase::FixedFont);
    return {};
}

QVariant WhereUsedModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case FileColumn:
        return tr("File");
    case LookColumn:
        return tr("Look");
    case ReferenceColumn:
        return tr("Names it as");
    case PathColumn:
        return tr("Game path");
    default:
        return {};
    }
}

} // namespace assetscope::app
