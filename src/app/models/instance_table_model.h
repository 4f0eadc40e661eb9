#pragma once

#include "formats/pgeo/pgeo_file.h"

#include <QAbstractTableModel>

namespace assetscope::app {

// A .pgeo block's instance records as rows, decoded by core one record at a time as the view
// asks: decoded position (metres), rotation rows, scale, instance variation, material variant,
// building id, flags, random and whether the record has spline data.
class InstanceTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        XColumn,
        YColumn,
        ZColumn,
        Row0X,
        Row0Y,
        Row0Z,
        Row1X,
        Row1Y,
        Row1Z,
        ScaleX,
        ScaleY,
        ScaleZ,
        VariationColumn,
        VariantColumn,
        BuildingColumn,
        FlagsColumn,
        RandomColumn,
        CurveColumn,
        ColumnCount
    };
    enum Role { NumberRole = Qt::UserRole + 1 };

    // `block` must outlive the model (it lives in the document's parsed file).
    InstanceTableModel(const pgeo::Block& block, int blockIndex, std::uint64_t firstInstance,
                       QObject* parent = nullptr);
    const pgeo::Block& block() const { return m_block; }
    int blockIndex() const { return m_blockIndex; }
    // Global instance index (into the file's world matrices) of a row, and back.
    std::uint64_t firstInstance() const { return m_firstInstance; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const pgeo::Block& m_block;
    int m_blockIndex;
    std::uint64_t m_firstInstance;
};

} // namespace assetscope::app
