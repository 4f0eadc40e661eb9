#include "models/install_model.h"

#include <QLocale>

namespace assetscope::app {

using install::Kind;
using install::NodeId;

namespace {

bool isContainer(Kind kind) {
    return kind == Kind::Folder || kind == Kind::Archive || kind == Kind::ArchiveFolder;
}

} // namespace

InstallModel::InstallModel(std::shared_ptr<install::InstallIndex> index, QObject* parent)
    : QAbstractItemModel(parent), m_index(std::move(index)) {
    reset();
}

void InstallModel::reset() {
    beginResetModel();
    m_rows.clear();
    m_rowOf.clear();
    // The root's own rows are there at once: its first level.
    std::vector<NodeId> rows = rowsFor(install::InstallIndex::root());
    for (std::size_t i = 0; i < rows.size(); ++i)
        m_rowOf[rows[i]] = static_cast<int>(i);
    m_rows[install::InstallIndex::root()] = std::move(rows);
    endResetModel();
}

std::vector<NodeId> InstallModel::rowsFor(NodeId node) const {
    std::vector<NodeId> out;
    if (m_flat) {
        if (node != install::InstallIndex::root()) return out;
        m_index->scan([&](const install::InstallIndex::NodeView& n) {
            if (!isContainer(n.kind) && n.id != install::InstallIndex::root() &&
                (!m_matches || m_visible.count(n.id)))
                out.push_back(n.id);
            return true;
        });
        return out;
    }
    m_index->list(node);
    out = m_index->children(node);
    if (m_matches) std::erase_if(out, [&](NodeId n) { return !m_visible.count(n); });
    return out;
}

void InstallModel::setMatches(std::optional<std::vector<NodeId>> matches) {
    m_matches = std::move(matches);
    m_visible.clear();
    if (m_matches)
        for (NodeId n : *m_matches)
            for (NodeId at = n; at != install::kNoNode && m_visible.insert(at).second;)
                at = m_index->parent(at);
    reset();
}

void InstallModel::setFormatFromBytes(NodeId node, const std::string& format) {
    if (!m_index->setFormatFromBytes(node, format)) return;
    const QModelIndex at = indexOf(node);
    if (at.isValid()) {
        const QModelIndex cell = at.siblingAtColumn(FormatColumn);
        emit dataChanged(cell, cell);
    }
}

void InstallModel::setFlat(bool flat) {
    if (m_flat == flat) return;
    m_flat = flat;
    reset();
}

NodeId InstallModel::nodeOf(const QModelIndex& parent) const {
    return parent.isValid() ? static_cast<NodeId>(parent.internalId()) : install::InstallIndex::root();
}

NodeId InstallModel::node(const QModelIndex& index) const {
    return index.isValid() ? static_cast<NodeId>(index.internalId()) : install::kNoNode;
}

QModelIndex InstallModel::indexOf(NodeId node) const {
    const auto at = m_rowOf.find(node);
    return at == m_rowOf.end() ? QModelIndex() : createIndex(at->second, 0, static_cast<quintptr>(node));
}

QModelIndex InstallModel::index(int row, int column, const QModelIndex& parent) const {
    const auto rows = m_rows.find(nodeOf(parent));
    if (rows == m_rows.end() || row < 0 || row >= static_cast<int>(rows->second.size()) || column < 0 ||
        column >= ColumnCount)
        return {};
    return createIndex(row, column, static_cast<quintptr>(rows->second[static_cast<std::size_t>(row)]));
}

QModelIndex InstallModel::parent(const QModelIndex& child) const {
    if (!child.isValid() || m_flat) return {};
    const NodeId up = m_index->parent(static_cast<NodeId>(child.internalId()));
    if (up == install::kNoNode || up == install::InstallIndex::root()) return {};
    return indexOf(up);
}

int InstallModel::rowCount(const QModelIndex& parent) const {
    if (parent.column() > 0) return 0;
    const auto rows = m_rows.find(nodeOf(parent));
    return rows == m_rows.end() ? 0 : static_cast<int>(rows->second.size());
}

int InstallModel::columnCount(const QModelIndex&) const {
    return ColumnCount;
}

bool InstallModel::hasChildren(const QModelIndex& parent) const {
    if (!parent.isValid()) return true;
    if (m_flat) return false;
    if (const auto rows = m_rows.find(nodeOf(parent)); rows != m_rows.end()) return !rows->second.empty();
    return m_index->mayHaveChildren(nodeOf(parent));
}

bool InstallModel::canFetchMore(const QModelIndex& parent) const {
    return parent.isValid() && !m_flat && !m_rows.count(nodeOf(parent)) &&
           m_index->mayHaveChildren(nodeOf(parent));
}

void InstallModel::fetchMore(const QModelIndex& parent) {
    if (!canFetchMore(parent)) return;
    const NodeId node = nodeOf(parent);
    std::vector<NodeId> rows = rowsFor(node);
    if (rows.empty()) {
        m_rows[node] = {};
        return;
    }
    beginInsertRows(parent, 0, static_cast<int>(rows.size()) - 1);
    for (std::size_t i = 0; i < rows.size(); ++i)
        m_rowOf[rows[i]] = static_cast<int>(i);
    m_rows[node] = std::move(rows);
    endInsertRows();
}

QVariant InstallModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid()) return {};
    const NodeId id = node(index);
    if (role == NodeRole) return QVariant::fromValue(static_cast<quint32>(id));
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole && role != Qt::TextAlignmentRole) return {};
    if (role == Qt::TextAlignmentRole)
        return index.column() == SizeColumn || index.column() == StoredColumn
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant();
    const install::Item item = m_index->item(id);
    const bool sized = !isContainer(item.kind) || item.kind == Kind::Archive;
    switch (index.column()) {
    case NameColumn:
        if (role == Qt::ToolTipRole)
            return item.problem.empty() ? QString::fromStdString(m_index->inputPath(id))
                                        : QString::fromStdString(item.problem);
        return m_flat ? QString::fromStdString(m_index->inputPath(id).substr(m_index->path().size()))
                      : QString::fromStdString(item.name) +
                            (item.problem.empty() ? QString() : QStringLiteral(" ⚠"));
    case FormatColumn:
        if (role == Qt::ToolTipRole)
            return item.format.empty()    ? QVariant()
                   : item.formatFromBytes ? tr("Found in its bytes when it was opened")
                                          : tr("Hinted at by its name; its bytes decide when it is opened");
        return QString::fromStdString(item.format);
    case SizeColumn:
        return sized ? QLocale().toString(static_cast<qulonglong>(item.size)) : QString();
    case StoredColumn:
        return sized ? QLocale().toString(static_cast<qulonglong>(item.stored)) : QString();
    case GamePathColumn:
        return QString::fromStdString(m_index->gamePath(id).value_or(std::string()));
    default:
        return {};
    }
}

QVariant InstallModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal && role == Qt::TextAlignmentRole &&
        (section == SizeColumn || section == StoredColumn))
        return QVariant(Qt::AlignRight | Qt::AlignVCenter); // over the numbers' right edge
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case NameColumn:
        return tr("Name");
    case FormatColumn:
        return tr("Format");
    case SizeColumn:
        return tr("Size");
    case StoredColumn:
        return tr("Stored");
    case GamePathColumn:
        return tr("Game:\\ path");
    default:
        return {};
    }
}

} // namespace assetscope::app
