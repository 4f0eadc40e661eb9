#include "models/array_table_model.h"

#include "models/structure_model.h"

#include <algorithm>
#include <climits>

namespace assetscope::app {

namespace {
constexpr int kMaxColumns = 64;
}

ArrayTableModel::ArrayTableModel(const StructureTree& tree, NodeId array, QObject* parent)
    : QAbstractTableModel(parent), m_tree(tree), m_array(array) {
    const Node& a = tree.node(array);
    m_count = a.decoder ? a.count : 0;
    if (m_count > 0) {
        // Element 0 names the columns; the other elements share its layout.
        StructureTree scratch(tree.source());
        tree.decodeElementInto(array, 0, scratch);
        if (scratch.root() != kNoNode) leaves(scratch, scratch.root(), QString(), m_columns, nullptr);
        if (m_columns.size() > kMaxColumns) m_columns = m_columns.mid(0, kMaxColumns);
    }
}

void ArrayTableModel::leaves(const StructureTree& t, NodeId at, const QString& prefix, QStringList& names,
                             QStringList* values) {
    const Node& n = t.node(at);
    if (n.children.empty() && at != t.root()) {
        names << prefix;
        if (values) *values << StructureModel::valueText(t, at);
        return;
    }
    for (NodeId c : n.children) {
        const QString name = QString::fromStdString(t.node(c).name);
        leaves(t, c, prefix.isEmpty() ? name : prefix + QLatin1Char('.') + name, names, values);
    }
}

const QStringList& ArrayTableModel::row(std::uint64_t i) const {
    if (auto it = m_cache.find(i); it != m_cache.end()) return it->second;
    StructureTree scratch(m_tree.source());
    m_tree.decodeElementInto(m_array, i, scratch);
    ++m_decodeCount;
    QStringList names, values;
    if (scratch.root() != kNoNode) leaves(scratch, scratch.root(), QString(), names, &values);
    QStringList cells;
    for (int c = 0; c < m_columns.size(); ++c) {
        // Same layout as element 0 in nearly every case; look the name up when it differs.
        if (c < names.size() && names[c] == m_columns[c])
            cells << values[c];
        else {
            const auto at = names.indexOf(m_columns[c]);
            cells << (at >= 0 ? values[at] : QString());
        }
    }
    if (m_cache.size() >= kCacheRows) {
        m_cache.erase(m_order.front());
        m_order.pop_front();
    }
    m_order.push_back(i);
    return m_cache.emplace(i, std::move(cells)).first->second;
}

int ArrayTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(std::min<std::uint64_t>(m_count, INT_MAX));
}

int ArrayTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : 1 + static_cast<int>(m_columns.size());
}

QVariant ArrayTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const auto i = static_cast<std::uint64_t>(index.row());
    if (role == Qt::TextAlignmentRole) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole) return {};
    if (index.column() == 0) {
        const Node& a = m_tree.node(m_array);
        return QStringLiteral("0x") + QString::number(a.offset + i * a.stride, 16).toUpper();
    }
    const QStringList& cells = row(i);
    const int c = index.column() - 1;
    return c < cells.size() ? cells[c] : QString();
}

QVariant ArrayTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return {};
    if (orientation == Qt::Vertical) return QString::number(section);
    if (section == 0) return tr("Offset");
    return section - 1 < m_columns.size() ? m_columns[section - 1] : QVariant();
}

} // namespace assetscope::app
