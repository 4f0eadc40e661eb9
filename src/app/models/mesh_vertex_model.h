#pragma once

#include "decode/mesh_decoder.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <list>
#include <map>
#include <optional>

namespace assetscope::app {

// A model mesh's vertices as rows, one column per decoded attribute component (position xyz,
// normal, uv0.., colour, tangent, skin influences). Core's decoder runs on a window of the mesh's
// vertices as the view asks for rows, so a million vertices scroll without being decoded at once.
// Row i is decoded vertex i (absolute vertex firstVertex + i), the numbering the triangles use.
class MeshVertexModel : public QAbstractTableModel {
    Q_OBJECT
public:
    static constexpr std::uint64_t kPageRows = 256;
    static constexpr std::size_t kCachedPages = 16;
    enum Role { NumberRole = Qt::UserRole + 1 }; // the decoded value as a double

    // `source` as resolveMesh gave it (it points into the model's bytes, which must outlive this).
    explicit MeshVertexModel(decode::MeshSource source, QObject* parent = nullptr);

    std::uint64_t vertexCount() const { return m_source.vertexCount; }
    std::size_t decodedPages() const { return m_decodes; } // how many window decodes ran (tests)
    QStringList columnNames() const { return m_names; }
    // The value of a named column at a row (NaN when there is no such column).
    double value(int row, const QString& column) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    enum class Stream : std::uint8_t { Position, Normal, Uv, Color, Tangent, Weight, Bone };
    struct Column {
        Stream stream;
        int set = 0;       // uv / tangent set, influence for weight / bone
        int component = 0; // x y z w
    };
    const decode::DecodedMesh& page(std::uint64_t index) const;
    double cell(const decode::DecodedMesh& d, std::uint64_t i, const Column& c) const;

    decode::MeshSource m_source;
    std::vector<Column> m_columns;
    QStringList m_names;
    mutable std::map<std::uint64_t, decode::DecodedMesh> m_pages;
    mutable std::list<std::uint64_t> m_order; // oldest first
    mutable std::size_t m_decodes = 0;
};

// A window of a mesh source: `count` vertices from decoded vertex `first`, without indices. The
// window lies inside the range resolveMesh checked, so it is safe to decode.
decode::MeshSource vertexWindow(const decode::MeshSource& source, std::uint64_t first, std::uint64_t count);

} // namespace assetscope::app
