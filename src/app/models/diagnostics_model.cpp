#include "models/diagnostics_model.h"

#include "views/confidence_style.h"

#include <QApplication>
#include <QStyle>

namespace assetscope::app {

DiagnosticsModel::DiagnosticsModel(QObject* parent) : QAbstractTableModel(parent) {}

void DiagnosticsModel::setTree(const StructureTree* tree) {
    beginResetModel();
    m_tree = tree;
    endResetModel();
}

int DiagnosticsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_tree ? 0 : static_cast<int>(m_tree->diagnostics().size());
}

int DiagnosticsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DiagnosticsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !m_tree) return {};
    const LocatedDiagnostic& d = m_tree->diagnostics()[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SeverityColumn:
            return QString::fromUtf8(severityName(d.diagnostic.severity));
        case RuleColumn:
            return QString::fromStdString(d.diagnostic.rule);
        case OffsetColumn:
            return QStringLiteral("0x") + QString::number(d.offset, 16).toUpper();
        case NodeColumn:
            return d.node != kNoNode && d.node < m_tree->nodeCount()
                       ? QString::fromStdString(m_tree->path(d.node))
                       : QString();
        case MessageColumn:
            return QString::fromStdString(d.diagnostic.message);
        default:
            return {};
        }
    case Qt::DecorationRole:
        if (index.column() != SeverityColumn) return {};
        switch (d.diagnostic.severity) {
        case Severity::Error:
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxCritical);
        case Severity::Warning:
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        case Severity::Note:
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxInformation);
        }
        return {};
    case Qt::ToolTipRole:
        return QString::fromStdString(d.diagnostic.message);
    case NodeRole:
        return static_cast<quint32>(d.node);
    case OffsetRole:
        return static_cast<quint64>(d.offset);
    default:
        return {};
    }
}

QVariant DiagnosticsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    static const char* const names[] = {"Severity", "Rule", "Offset", "Node", "Message"};
    return section >= 0 && section < ColumnCount ? QString::fromLatin1(names[section]) : QVariant();
}

} // namespace assetscope::app
