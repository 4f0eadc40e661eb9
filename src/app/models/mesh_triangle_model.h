#pragma once

#include "decode/mesh_source.h"

#include <QAbstractTableModel>

#include <list>
#include <map>
#include <vector>

namespace assetscope::app {

// A model mesh's triangles as rows i0, i1, i2: the stored corners in stored order, rebased to the
// mesh's first vertex so they are row numbers of the vertex table. Core's decoder reads only the
// indices of the pages on screen.
class MeshTriangleModel : public QAbstractTableModel {
    Q_OBJECT
public:
    static constexpr std::uint64_t kPageRows = 512;
    static constexpr std::size_t kCachedPages = 16;

    explicit MeshTriangleModel(decode::MeshSource source, QObject* parent = nullptr);

    std::uint64_t triangleCount() const { return m_triangles; }
    // Corner c (0..2) of triangle t, as a row of the vertex table.
    std::uint32_t corner(std::uint64_t t, int c) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const std::vector<std::uint32_t>& page(std::uint64_t index) const;

    decode::MeshSource m_source;
    std::uint64_t m_triangles = 0;
    mutable std::map<std::uint64_t, std::vector<std::uint32_t>> m_pages;
    mutable std::list<std::uint64_t> m_order;
};

} // namespace assetscope::app
