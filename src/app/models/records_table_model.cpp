#include "models/records_table_model.h"

#include "models/hex_number.h"
#include "models/structure_model.h"
#include "views/confidence_style.h"

namespace assetscope::app {

namespace {
constexpr int kMaxColumns = 48;
} // namespace

bool RecordsTableModel::holdsRecords(const StructureTree& tree, NodeId id) {
    const Node& n = tree.node(id);
    if (n.decoder != 0 || n.children.size() < 2) return false;
    // Look at a few: records share a shape, a header beside a payload does not.
    const std::size_t fields = tree.node(n.children[0]).children.size();
    for (std::size_t i = 0; i < n.children.size() && i < 8; ++i) {
        const Node& c = tree.node(n.children[i]);
        if (c.kind != NodeKind::Struct || c.children.empty() || c.children.size() != fields) return false;
    }
    return true;
}

NodeId RecordsTableModel::containerFor(const StructureTree& tree, NodeId selected) {
    if (selected == kNoNode) return kNoNode;
    NodeId at = selected;
    for (int level = 0; level < 3 && at != kNoNode; ++level, at = tree.node(at).parent)
        if (holdsRecords(tree, at)) return at;
    const NodeId parent = tree.node(selected).parent;
    return tree.node(selected).children.empty() || parent == kNoNode ? parent : selected;
}

RecordsTableModel::RecordsTableModel(const StructureTree& tree, NodeId container, QObject* parent)
    : QAbstractTableModel(parent), m_tree(tree), m_container(container) {
    if (container == kNoNode) return;
    m_rows = tree.node(container).children;
    m_records = holdsRecords(tree, container);
    if (m_records) {
        for (NodeId c : tree.node(m_rows[0]).children)
            if (m_columns.size() < kMaxColumns) m_columns << QString::fromStdString(tree.node(c).name);
    } else {
        m_columns = {tr("Value"), tr("Offset"), tr("Size"), tr("Type"), tr("Confidence")};
    }
}

NodeId RecordsTableModel::rowNode(int row) const {
    return row >= 0 && row < rowCount() ? m_rows[static_cast<std::size_t>(row)] : kNoNode;
}

int RecordsTableModel::rowOf(NodeId node) const {
    for (NodeId at = node; at != kNoNode; at = m_tree.node(at).parent) {
        if (m_tree.node(at).parent == m_container) {
            const auto it = std::lower_bound(m_rows.begin(), m_rows.end(), at);
            return it != m_rows.end() && *it == at ? static_cast<int>(it - m_rows.begin()) : -1;
        }
    }
    return -1;
}

int RecordsTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int RecordsTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : 1 + static_cast<int>(m_columns.size());
}

QVariant RecordsTableModel::data(const QModelIndex& index, int role) const {
    const NodeId row = rowNode(index.row());
    if (row == kNoNode) return {};
    const Node& n = m_tree.node(row);
    const int c = index.column() - 1;
    if (role == Qt::DecorationRole && !m_records && c == 4 && n.confidence != Confidence::None)
        return confidenceMark(n.confidence);
    if (role != Qt::DisplayRole) return {};
    if (c < 0) return QString::fromStdString(n.name);
    if (m_records) {
        // Same position in nearly every record; look the name up when it differs.
        const auto& fields = n.children;
        NodeId field = kNoNode;
        if (static_cast<std::size_t>(c) < fields.size() &&
            QString::fromStdString(m_tree.node(fields[static_cast<std::size_t>(c)]).name) == m_columns[c])
            field = fields[static_cast<std::size_t>(c)];
        for (std::size_t i = 0; field == kNoNode && i < fields.size(); ++i)
            if (QString::fromStdString(m_tree.node(fields[i]).name) == m_columns[c]) field = fields[i];
        return field == kNoNode ? QVariant() : QVariant(StructureModel::valueText(m_tree, field));
    }
    switch (c) {
    case 0:
        return StructureModel::valueText(m_tree, row);
    case 1:
        return hexNumber(n.offset);
    case 2:
        return QString::number(n.size);
    case 3:
        return n.type.empty() ? QString::fromUtf8(nodeKindName(n.kind)) : QString::fromStdString(n.type);
    case 4:
        return n.confidence == Confidence::None ? QString() : QString::fromUtf8(confidenceName(n.confidence));
    default:
        return {};
    }
}

QVariant RecordsTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    if (section == 0) return tr("Name");
    return section - 1 < m_columns.size() ? m_columns[section - 1] : QVariant();
}

} // namespace assetscope::app
