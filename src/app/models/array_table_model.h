#pragma once

#include "tree/structure_tree.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <list>
#include <unordered_map>

namespace assetscope::app {

// A lazy array's elements as table rows: one column per leaf field of an element. Rows are
// decoded when a view asks (core's element decoder into a scratch tree) and kept in a small
// cache, so a million-row array scrolls without a million nodes.
class ArrayTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    static constexpr std::size_t kCacheRows = 512;

    ArrayTableModel(const StructureTree& tree, NodeId array, QObject* parent = nullptr);
    NodeId array() const { return m_array; }
    std::size_t decodedRows() const { return m_decodeCount; } // how many row decodes ran (tests)

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const QStringList& row(std::uint64_t i) const;
    static void leaves(const StructureTree& t, NodeId at, const QString& prefix, QStringList& names,
                       QStringList* values);

    const StructureTree& m_tree;
    NodeId m_array;
    std::uint64_t m_count = 0;
    QStringList m_columns; // leaf paths inside an element
    mutable std::unordered_map<std::uint64_t, QStringList> m_cache;
    mutable std::list<std::uint64_t> m_order; // oldest first
    mutable std::size_t m_decodeCount = 0;
};

} // namespace assetscope::app
