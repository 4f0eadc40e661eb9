#include "models/source_table_model.h"

#include <algorithm>
#include <climits>
#include <cmath>

namespace assetscope::app {

SourceTableModel::SourceTableModel(std::unique_ptr<TableSource> source, QObject* parent)
    : QAbstractTableModel(parent), m_source(std::move(source)),
      m_pageRows(std::max<std::uint64_t>(1, m_source->pageRows())), m_width(m_source->columns().size()) {}

QStringList SourceTableModel::columnNames() const {
    QStringList names;
    for (const TableColumn& c : m_source->columns())
        names << QString::fromStdString(c.name);
    return names;
}

const TableCell* SourceTableModel::cell(std::uint64_t row, int column) const {
    if (row >= m_source->rowCount() || column < 0 || static_cast<std::size_t>(column) >= m_width)
        return nullptr;
    const std::uint64_t index = row / m_pageRows;
    auto it = m_pages.find(index);
    if (it == m_pages.end()) {
        std::vector<TableCell> cells;
        if (m_pages.size() >= kCachedPages) {
            // Reuse the oldest page's storage.
            auto oldest = m_pages.find(m_order.front());
            cells = std::move(oldest->second);
            cells.clear();
            m_pages.erase(oldest);
            m_order.pop_front();
        }
        m_source->readRows(index * m_pageRows, m_pageRows, cells);
        ++m_reads;
        m_order.push_back(index);
        it = m_pages.emplace(index, std::move(cells)).first;
    }
    const std::size_t at =
        static_cast<std::size_t>(row % m_pageRows) * m_width + static_cast<std::size_t>(column);
    return at < it->second.size() ? &it->second[at] : nullptr;
}

double SourceTableModel::value(int row, const QString& column) const {
    const auto c = columnNames().indexOf(column);
    const TableCell* v = row >= 0 ? cell(static_cast<std::uint64_t>(row), static_cast<int>(c)) : nullptr;
    return v && v->hasNumber ? v->number : std::nan("");
}

int SourceTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(std::min<std::uint64_t>(m_source->rowCount(), INT_MAX));
}

int SourceTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_width);
}

QVariant SourceTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) return {};
    if (role == Qt::TextAlignmentRole) {
        const bool number =
            m_source->columns()[static_cast<std::size_t>(index.column())].type != ColumnType::Text;
        return number ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    }
    // A text cell's tooltip holds all of it: a long value (why a link was not found) is cut on screen.
    const bool tip = role == Qt::ToolTipRole &&
                     m_source->columns()[static_cast<std::size_t>(index.column())].type == ColumnType::Text;
    if (role != Qt::DisplayRole && role != NumberRole && !tip) return {};
    const TableCell* c = cell(static_cast<std::uint64_t>(index.row()), index.column());
    if (!c) return {};
    if (tip) return c->text.empty() ? QVariant() : QVariant(QString::fromStdString(c->text));
    if (role == NumberRole) return c->hasNumber ? QVariant(c->number) : QVariant();
    return QString::fromStdString(c->text);
}

QVariant SourceTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return {};
    if (orientation == Qt::Vertical) return QString::number(section);
    if (section < 0 || static_cast<std::size_t>(section) >= m_width) return {};
    const TableColumn& c = m_source->columns()[static_cast<std::size_t>(section)];
    return c.unit.empty() ? QString::fromStdString(c.name)
                          : QStringLiteral("%1 (%2)").arg(QString::fromStdString(c.name),
                                                          QString::fromStdString(c.unit));
}

} // namespace assetscope::app
