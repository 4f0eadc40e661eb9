#include "models/mesh_triangle_model.h"

#include "decode/mesh_decoder.h"

#include <algorithm>
#include <climits>

namespace assetscope::app {

MeshTriangleModel::MeshTriangleModel(decode::MeshSource source, QObject* parent)
    : QAbstractTableModel(parent), m_source(std::move(source)) {
    m_triangles = m_source.indexSize ? m_source.indexData.size() / m_source.indexSize / 3 : 0;
}

const std::vector<std::uint32_t>& MeshTriangleModel::page(std::uint64_t index) const {
    if (auto it = m_pages.find(index); it != m_pages.end()) return it->second;
    if (m_pages.size() >= kCachedPages) {
        m_pages.erase(m_order.front());
        m_order.pop_front();
    }
    // The decoder reads the index data it is given: hand it this page's triangles only, and no
    // vertices or streams.
    decode::MeshSource window = m_source;
    const std::uint64_t first = index * kPageRows;
    const std::uint64_t count = std::min(kPageRows, m_triangles - std::min(first, m_triangles));
    const std::size_t bytesPerTriangle = 3u * m_source.indexSize;
    window.indexData = m_source.indexData.subspan(first * bytesPerTriangle, count * bytesPerTriangle);
    window.vertexCount = 0;
    window.elements.clear();
    window.influences = 0;
    window.morphTargets = 0;
    decode::DecodeOptions options;
    options.normals = options.uvs = options.colors = options.tangents = options.skin = options.morphs = false;
    decode::DecodedMesh decoded = decode::decodeMesh(window, options);
    m_order.push_back(index);
    return m_pages.emplace(index, std::move(decoded.indices)).first->second;
}

std::uint32_t MeshTriangleModel::corner(std::uint64_t t, int c) const {
    if (t >= m_triangles || c < 0 || c > 2) return 0;
    const auto& p = page(t / kPageRows);
    const std::size_t at = static_cast<std::size_t>(t % kPageRows) * 3 + static_cast<std::size_t>(c);
    return at < p.size() ? p[at] : 0;
}

int MeshTriangleModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(std::min<std::uint64_t>(m_triangles, INT_MAX));
}

int MeshTriangleModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : 3;
}

QVariant MeshTriangleModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= 3) return {};
    if (role == Qt::TextAlignmentRole) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole) return {};
    return QString::number(corner(static_cast<std::uint64_t>(index.row()), index.column()));
}

QVariant MeshTriangleModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return {};
    if (orientation == Qt::Vertical) return QString::number(section);
    return section >= 0 && section < 3 ? QStringLiteral("i%1").arg(section) : QVariant();
}

} // namespace assetscope::app
