#include "models/meshset_tables.h"

#include <cmath>

namespace assetscope::app {

namespace {
QString vec3(const std::array<float, 4>& v) {
    return QStringLiteral("%1, %2, %3").arg(v[0], 0, 'g', 6).arg(v[1], 0, 'g', 6).arg(v[2], 0, 'g', 6);
}
} // namespace

SectionTableModel::SectionTableModel(const meshset::Lod& lod, int lodIndex, QObject* parent)
    : QAbstractTableModel(parent), m_lod(lod), m_lodIndex(lodIndex) {}

int SectionTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_lod.sections.size());
}

int SectionTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SectionTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount) return {};
    if (role != Qt::DisplayRole) return {};
    const meshset::Section& s = m_lod.sections[static_cast<std::size_t>(index.row())];
    switch (index.column()) {
    case MaterialColumn:
        return QString::fromStdString(s.materialName);
    case VerticesColumn:
        return QString::number(s.vertexCount);
    case TrianglesColumn:
        return QString::number(s.primitiveCount);
    case StartIndexColumn:
        return QString::number(s.startIndex);
    case VertexOffsetColumn:
        return QStringLiteral("0x") + QString::number(s.vertexOffset, 16).toUpper();
    case StrideColumn:
        return QString::number(s.vertexStride);
    case AreaColumn:
        return QString::number(s.surfaceArea, 'g', 7);
    case Uv0DensityColumn:
        return QString::number(s.uv0Density, 'g', 7);
    case BoundsMinColumn:
        return vec3(s.boundsMin);
    case BoundsMaxColumn:
        return vec3(s.boundsMax);
    default:
        return {};
    }
}

QVariant SectionTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return {};
    if (orientation == Qt::Vertical) return QString::number(section);
    static const char* const names[ColumnCount] = {
        "material", "vertices",     "triangles",   "start index", "vertex offset",
        "stride",   "surface area", "uv0 density", "bounds min",  "bounds max"};
    return section >= 0 && section < ColumnCount ? tr(names[section]) : QVariant();
}

SectionVertexModel::SectionVertexModel(meshset::SectionGeometry geometry, QObject* parent)
    : QAbstractTableModel(parent), m_geometry(std::move(geometry)) {
    static const char* const xyzw[] = {"x", "y", "z", "w"};
    auto add = [this](int stream, int set, int components, const QString& prefix) {
        for (int c = 0; c < components; ++c) {
            m_columns.push_back({stream, set, c});
            m_names << prefix + QLatin1Char('.') + QLatin1String(xyzw[c]);
        }
    };
    const auto& g = m_geometry;
    if (!g.positions.empty()) add(0, 0, 3, QStringLiteral("position"));
    if (!g.normals.empty()) add(1, 0, 3, QStringLiteral("normal"));
    if (!g.tangents.empty()) add(2, 0, 4, QStringLiteral("tangent"));
    for (std::size_t k = 0; k < g.uvs.size(); ++k)
        if (!g.uvs[k].empty()) {
            m_columns.push_back({3, static_cast<int>(k), 0});
            m_columns.push_back({3, static_cast<int>(k), 1});
            m_names << QStringLiteral("uv%1.u").arg(k) << QStringLiteral("uv%1.v").arg(k);
        }
    if (!g.colors.empty()) {
        static const char* const rgba[] = {"r", "g", "b", "a"};
        for (int c = 0; c < 4; ++c) {
            m_columns.push_back({4, 0, c});
            m_names << QStringLiteral("colour.") + QLatin1String(rgba[c]);
        }
    }
    if (!g.blendIndices.empty())
        for (int c = 0; c < 4; ++c) {
            m_columns.push_back({5, 0, c});
            m_names << QStringLiteral("bone%1").arg(c);
        }
    if (!g.blendWeights.empty())
        for (int c = 0; c < 4; ++c) {
            m_columns.push_back({6, 0, c});
            m_names << QStringLiteral("weight%1").arg(c);
        }
}

double SectionVertexModel::cell(std::size_t v, int column) const {
    const Column& c = m_columns[static_cast<std::size_t>(column)];
    const auto k = static_cast<std::size_t>(c.component);
    const auto& g = m_geometry;
    auto pick = [&](const auto& list) {
        return v < list.size() ? static_cast<double>(list[v][k]) : std::nan("");
    };
    switch (c.stream) {
    case 0:
        return pick(g.positions);
    case 1:
        return pick(g.normals);
    case 2:
        return pick(g.tangents);
    case 3:
        return pick(g.uvs[static_cast<std::size_t>(c.set)]);
    case 4:
        return pick(g.colors);
    case 5:
        return pick(g.blendIndices);
    default:
        return pick(g.blendWeights);
    }
}

int SectionVertexModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_geometry.positions.size());
}

int SectionVertexModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_columns.size());
}

QVariant SectionVertexModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) return {};
    if (role == Qt::TextAlignmentRole) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole) return {};
    const double v = cell(static_cast<std::size_t>(index.row()), index.column());
    if (m_columns[static_cast<std::size_t>(index.column())].stream == 5)
        return QString::number(static_cast<qlonglong>(v));
    return QString::number(v, 'g', 7);
}

QVariant SectionVertexModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return {};
    if (orientation == Qt::Vertical) return QString::number(section);
    return section >= 0 && section < m_names.size() ? m_names[section] : QVariant();
}

} // namespace assetscope::app
