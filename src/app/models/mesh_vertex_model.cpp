#include "models/mesh_vertex_model.h"

#include <algorithm>
#include <climits>
#include <cmath>

namespace assetscope::app {

decode::MeshSource vertexWindow(const decode::MeshSource& source, std::uint64_t first, std::uint64_t count) {
    decode::MeshSource window = source;
    first = std::min(first, source.vertexCount);
    window.firstVertex = source.firstVertex + first;
    window.vertexCount = std::min(count, source.vertexCount - first);
    window.indexData = {};
    window.morphTargets = 0; // morph deltas are not table columns
    return window;
}

MeshVertexModel::MeshVertexModel(decode::MeshSource source, QObject* parent)
    : QAbstractTableModel(parent), m_source(std::move(source)) {
    // The columns follow what the decoder gives for the first vertex: every vertex shares them.
    decode::DecodeOptions options;
    options.indices = false;
    options.morphs = false;
    const decode::DecodedMesh first = decode::decodeMesh(vertexWindow(m_source, 0, 1), options);
    static const char* const xyzw[] = {"x", "y", "z", "w"};
    auto add = [this](Stream stream, int set, int components, const QString& prefix) {
        for (int c = 0; c < components; ++c) {
            m_columns.push_back({stream, set, c});
            m_names << prefix + QLatin1Char('.') + QLatin1String(xyzw[c]);
        }
    };
    if (!first.positions.empty()) add(Stream::Position, 0, 3, QStringLiteral("position"));
    if (!first.normals.empty()) add(Stream::Normal, 0, 3, QStringLiteral("normal"));
    for (int k = 0; k < 5; ++k)
        if (!first.uvs[static_cast<std::size_t>(k)].empty()) {
            m_columns.push_back({Stream::Uv, k, 0});
            m_columns.push_back({Stream::Uv, k, 1});
            m_names << QStringLiteral("uv%1.u").arg(k) << QStringLiteral("uv%1.v").arg(k);
        }
    if (!first.colors.empty()) {
        static const char* const rgba[] = {"r", "g", "b", "a"};
        for (int c = 0; c < 4; ++c) {
            m_columns.push_back({Stream::Color, 0, c});
            m_names << QStringLiteral("colour.") + QLatin1String(rgba[c]);
        }
    }
    for (int k = 0; k < 5; ++k)
        if (!first.tangents[static_cast<std::size_t>(k)].empty())
            add(Stream::Tangent, k, 4, QStringLiteral("tangent%1").arg(k));
    for (std::uint32_t j = 0; j < first.influences; ++j) {
        m_columns.push_back({Stream::Bone, static_cast<int>(j), 0});
        m_columns.push_back({Stream::Weight, static_cast<int>(j), 0});
        m_names << QStringLiteral("bone%1").arg(j) << QStringLiteral("weight%1").arg(j);
    }
}

const decode::DecodedMesh& MeshVertexModel::page(std::uint64_t index) const {
    if (auto it = m_pages.find(index); it != m_pages.end()) return it->second;
    decode::DecodedMesh reuse;
    if (m_pages.size() >= kCachedPages) {
        // Reuse the oldest page's storage: scrolling decodes into memory it already has.
        auto oldest = m_pages.find(m_order.front());
        reuse = std::move(oldest->second);
        m_pages.erase(oldest);
        m_order.pop_front();
    }
    decode::DecodeOptions options;
    options.indices = false;
    options.morphs = false;
    decode::decodeMeshInto(vertexWindow(m_source, index * kPageRows, kPageRows), options, reuse);
    ++m_decodes;
    m_order.push_back(index);
    return m_pages.emplace(index, std::move(reuse)).first->second;
}

double MeshVertexModel::cell(const decode::DecodedMesh& d, std::uint64_t i, const Column& c) const {
    const auto k = static_cast<std::size_t>(c.set);
    const auto at = [&](const std::vector<float>& v, std::uint64_t width) {
        const std::uint64_t n = i * width + static_cast<std::uint64_t>(c.component);
        return n < v.size() ? static_cast<double>(v[n]) : std::nan("");
    };
    switch (c.stream) {
    case Stream::Position:
        return at(d.positions, 3);
    case Stream::Normal:
        return at(d.normals, 3);
    case Stream::Uv:
        return at(d.uvs[k], 2);
    case Stream::Color:
        return at(d.colors, 4);
    case Stream::Tangent:
        return at(d.tangents[k], 4);
    case Stream::Weight: {
        const std::uint64_t n = i * d.influences + k;
        return n < d.weights.size() ? static_cast<double>(d.weights[n]) : std::nan("");
    }
    case Stream::Bone: {
        const std::uint64_t n = i * d.influences + k;
        return n < d.bones.size() ? static_cast<double>(d.bones[n]) : std::nan("");
    }
    }
    return std::nan("");
}

double MeshVertexModel::value(int row, const QString& column) const {
    const auto c = m_names.indexOf(column);
    if (row < 0 || static_cast<std::uint64_t>(row) >= m_source.vertexCount || c < 0) return std::nan("");
    const auto r = static_cast<std::uint64_t>(row);
    return cell(page(r / kPageRows), r % kPageRows, m_columns[static_cast<std::size_t>(c)]);
}

int MeshVertexModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(std::min<std::uint64_t>(m_source.vertexCount, INT_MAX));
}

int MeshVertexModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : 1 + static_cast<int>(m_columns.size());
}

QVariant MeshVertexModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) return {};
    if (role == Qt::TextAlignmentRole) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != NumberRole) return {};
    const auto r = static_cast<std::uint64_t>(index.row());
    if (index.column() == 0) {
        // The absolute vertex id, the one the index buffer stores.
        const auto id = static_cast<qulonglong>(m_source.firstVertex + r);
        return role == NumberRole ? QVariant(static_cast<double>(id)) : QVariant(QString::number(id));
    }
    const Column& c = m_columns[static_cast<std::size_t>(index.column() - 1)];
    const double v = cell(page(r / kPageRows), r % kPageRows, c);
    if (role == NumberRole) return v;
    if (c.stream == Stream::Bone) return QString::number(static_cast<qlonglong>(v));
    return QString::number(v, 'g', 7);
}

QVariant MeshVertexModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return {};
    if (orientation == Qt::Vertical) return QString::number(section);
    if (section == 0) return tr("vertex id");
    return section - 1 < m_names.size() ? m_names[section - 1] : QVariant();
}

} // namespace assetscope::app
