#pragma once

#include "formats/meshset/meshset_geometry.h"

#include <QAbstractTableModel>
#include <QStringList>

namespace assetscope::app {

// A MeshSet LOD's sections as rows: material, counts, offsets, stored surface area and UV
// density, bounds.
class SectionTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        MaterialColumn,
        VerticesColumn,
        TrianglesColumn,
        StartIndexColumn,
        VertexOffsetColumn,
        StrideColumn,
        AreaColumn,
        Uv0DensityColumn,
        BoundsMinColumn,
        BoundsMaxColumn,
        ColumnCount
    };
    // `lod` must outlive the model (it lives in the document's parsed file).
    SectionTableModel(const meshset::Lod& lod, int lodIndex, QObject* parent = nullptr);
    const meshset::Lod& lod() const { return m_lod; }
    int lodIndex() const { return m_lodIndex; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const meshset::Lod& m_lod;
    int m_lodIndex;
};

// One decoded MeshSet section's vertices (core's decodeSection result, which the model owns):
// position, normal, tangent, uv sets, colour, blend indices and weights.
class SectionVertexModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit SectionVertexModel(meshset::SectionGeometry geometry, QObject* parent = nullptr);
    const meshset::SectionGeometry& geometry() const { return m_geometry; }
    QStringList columnNames() const { return m_names; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    double cell(std::size_t vertex, int column) const;

    meshset::SectionGeometry m_geometry;
    struct Column {
        int stream; // 0 position, 1 normal, 2 tangent, 3 uv, 4 colour, 5 blend index, 6 blend weight
        int set;
        int component;
    };
    std::vector<Column> m_columns;
    QStringList m_names;
};

} // namespace assetscope::app
