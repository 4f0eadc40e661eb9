#pragma once

#include "census/field_stats.h"

#include <QAbstractItemModel>

#include <optional>

namespace assetscope::app {

// Where one example occurrence is: an input ("a.zip::inner/b.bundle") and the absolute offset
// of the field in it, parsed from core's "INPUT@0xOFFSET".
struct ExampleLocation {
    QString input;
    quint64 offset = 0;
};
std::optional<ExampleLocation> parseExample(const std::string& example);

// The values one documented field took across a folder, most frequent first, each with its
// examples as child rows (double-clicking one opens it); the values beyond the top K are one
// last row without examples.
class FieldValuesModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { ValueColumn, CountColumn, ShareColumn, FilesColumn, ExampleColumn, ColumnCount };

    explicit FieldValuesModel(QObject* parent = nullptr);
    void setStats(const FieldStats& stats);
    const FieldStats& stats() const { return m_stats; }

    // The example a row stands for: a child row's own, a value row's first; none for the
    // "other values" row.
    std::optional<ExampleLocation> exampleAt(const QModelIndex& index) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    // internalId: 0 for a top-level row, 1 + the value's row for one of its examples.
    bool hasOtherRow() const { return m_stats.other > 0; }
    QString otherValuesText() const;
    QVariant valueRowData(int row, int column, int role) const;
    QVariant exampleRowData(int value, int row, int column, int role) const;

    FieldStats m_stats;
};

} // namespace assetscope::app
