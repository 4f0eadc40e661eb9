#pragma once

#include "find/find_walk.h"

#include <QAbstractTableModel>

#include <vector>

namespace assetscope::app {

// The matches of a find as a table: path, offset, size and value, one row a match in offset
// order; across a folder, the input each match is in comes first. A match outside every field
// shows `-` for its path and names the node holding it in the tooltip.
class FindResultsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { FileColumn, PathColumn, OffsetColumn, SizeColumn, ValueColumn, ColumnCount };

    explicit FindResultsModel(bool withFiles, QObject* parent = nullptr);

    // The matches of a walk, each with its input. With `placeIn`, the matches of one file not yet
    // placed (FindControl::place off): a row is placed in that tree when it is first shown or
    // taken, so 100,000 matches cost the UI thread only the rows looked at. The tree outlives the
    // rows (the document holds it).
    void setFound(std::vector<FoundMatch> found, std::uint64_t total, const StructureTree* placeIn = nullptr);
    void clear();

    bool showsFiles() const { return m_withFiles; }
    std::size_t size() const { return m_found.size(); }
    // Row `row`, placed first when it was not (node, path, a field's size).
    const FoundMatch& at(int row) const;
    std::uint64_t total() const { return m_total; }

    // A match's readable value: a field's value, a byte run's hex, a text and its encoding.
    static QString valueText(const FindMatch& match);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    bool m_withFiles;
    // Placed lazily: what `at` hands out is complete, so the rows change only where they were
    // not yet looked at.
    mutable std::vector<FoundMatch> m_found;
    mutable std::vector<bool> m_placed;
    const StructureTree* m_placeIn = nullptr;
    std::uint64_t m_total = 0;
};

} // namespace assetscope::app
