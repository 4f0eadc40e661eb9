#pragma once

#include "contract/table_source.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <list>
#include <map>
#include <memory>
#include <vector>

namespace assetscope::app {

// Any of core's table sources (vertices, triangles, instances, sections, blobs, metadata) as a
// Qt table: rows are read a page at a time as a view asks for them and a few pages are kept,
// so a million rows scroll without being decoded at once.
class SourceTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    static constexpr std::size_t kCachedPages = 16;
    enum Role { NumberRole = Qt::UserRole + 1 }; // the cell's number as a double, when it has one

    explicit SourceTableModel(std::unique_ptr<TableSource> source, QObject* parent = nullptr);
    const TableSource& source() const { return *m_source; }
    std::size_t pagesRead() const { return m_reads; } // how many page reads ran (tests)
    QStringList columnNames() const;
    // The number in a named column at a row (NaN when there is no such column or number).
    double value(int row, const QString& column) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const TableCell* cell(std::uint64_t row, int column) const;

    std::unique_ptr<TableSource> m_source;
    std::uint64_t m_pageRows;
    std::size_t m_width;
    mutable std::map<std::uint64_t, std::vector<TableCell>> m_pages;
    mutable std::list<std::uint64_t> m_order; // oldest first
    mutable std::size_t m_reads = 0;
};

} // namespace assetscope::app
