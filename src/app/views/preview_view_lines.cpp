// The preview's line geometry: grid, axes, bounds, normals and tangents, curves, and the marked
// triangle or instance; rebuilt when the scene or a display option changes.
#include "views/line_vertices.h"
#include "views/preview_picking.h"
#include "views/preview_view.h"

#include <algorithm>
#include <cmath>

namespace assetscope::app {

namespace {

// Short lines along each vertex's direction (xyz; a tangent's w is the bitangent sign) in the
// displayed frame, for the meshes shown; capped so a huge mesh stays responsive. The vertices
// added.
template <class DirectionsOf>
int pushDirections(std::vector<float>& lines, const exporting::ExportScene& scene, int meshFilter,
                   const QMatrix4x4& frame, float length, DirectionsOf directionsOf, QVector3D colour) {
    int added = 0;
    std::size_t budget = 200000;
    for (std::size_t i = 0; i < scene.meshes.size() && budget; ++i) {
        if (meshFilter >= 0 && static_cast<int>(i) != meshFilter) continue;
        const auto& mesh = scene.meshes[i];
        const auto& directions = directionsOf(mesh);
        for (std::size_t v = 0; v < directions.size() && v < mesh.positions.size() && budget; ++v, --budget) {
            const auto& at = mesh.positions[v];
            const QVector3D p = frame.map(QVector3D(at[0], at[1], at[2]));
            const QVector3D d =
                frame.mapVector(QVector3D(directions[v][0], directions[v][1], directions[v][2]));
            pushLine(lines, p, p + d.normalized() * length, colour);
            added += 2;
        }
    }
    return added;
}

} // namespace

void PreviewView::buildLines() {
    std::vector<float> lines;
    const float radius = std::max(0.01f, (m_max - m_min).length() * 0.5f);
    pushGuides(lines, radius);
    const QMatrix4x4 frame = sceneMatrix();
    const float length = radius * 0.03f;
    m_normalVertices = m_normals
                           ? pushDirections(lines, m_scene, m_meshFilter, frame, length,
                                            [](const auto& mesh) -> const auto& { return mesh.normals; },
                                            {0.2f, 0.85f, 0.85f})
                           : 0;
    m_tangentVertices = m_tangents
                            ? pushDirections(lines, m_scene, m_meshFilter, frame, length,
                                             [](const auto& mesh) -> const auto& { return mesh.tangents; },
                                             {0.95f, 0.6f, 0.1f})
                            : 0;
    pushCurves(lines);
    const std::size_t before = lines.size();
    pushHighlight(lines);
    m_highlightVertices = static_cast<int>((lines.size() - before) / 6);
    m_linesDirty = false;
    uploadLines(lines);
}

void PreviewView::pushGuides(std::vector<float>& lines, float radius) {
    // Grid on the ground plane below the model, in round steps.
    const float step = std::pow(10.0f, std::floor(std::log10(radius))) / 2.0f;
    const int half = 12;
    const float y = std::min(0.0f, m_min.y());
    const QVector3D gridColor(0.42f, 0.42f, 0.45f);
    const float cx = std::round(m_target.x() / step) * step, cz = std::round(m_target.z() / step) * step;
    for (int i = -half; i <= half; ++i) {
        const float o = static_cast<float>(i) * step;
        pushLine(lines, {cx + o, y, cz - half * step}, {cx + o, y, cz + half * step}, gridColor);
        pushLine(lines, {cx - half * step, y, cz + o}, {cx + half * step, y, cz + o}, gridColor);
    }
    m_gridVertices = static_cast<int>(lines.size() / 6);
    const float axis = radius * 0.6f;
    pushLine(lines, {0, 0, 0}, {axis, 0, 0}, {0.9f, 0.25f, 0.25f});
    pushLine(lines, {0, 0, 0}, {0, axis, 0}, {0.3f, 0.8f, 0.3f});
    pushLine(lines, {0, 0, 0}, {0, 0, axis}, {0.3f, 0.45f, 0.95f});
    m_axisVertices = 6;
    const QVector3D a = m_min, b = m_max, bc(0.95f, 0.75f, 0.2f);
    const QVector3D corners[8] = {{a.x(), a.y(), a.z()}, {b.x(), a.y(), a.z()}, {b.x(), b.y(), a.z()},
                                  {a.x(), b.y(), a.z()}, {a.x(), a.y(), b.z()}, {b.x(), a.y(), b.z()},
                                  {b.x(), b.y(), b.z()}, {a.x(), b.y(), b.z()}};
    static const int edges[12][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {4, 5}, {5, 6},
                                     {6, 7}, {7, 4}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
    for (const auto& e : edges)
        pushLine(lines, corners[e[0]], corners[e[1]], bc);
    m_boundsVertices = 24;
}

void PreviewView::pushCurves(std::vector<float>& lines) {
    // Curve records as polylines, in the displayed frame.
    const QMatrix4x4 frame = sceneMatrix();
    m_curveVertices = 0;
    for (const auto& curve : m_curves)
        for (std::size_t k = 1; k < curve.size(); ++k) {
            const QVector3D a = frame.map(QVector3D(curve[k - 1][0], curve[k - 1][1], curve[k - 1][2]));
            const QVector3D b = frame.map(QVector3D(curve[k][0], curve[k][1], curve[k][2]));
            pushLine(lines, a, b, {0.95f, 0.45f, 0.15f});
            m_curveVertices += 2;
        }
}

void PreviewView::uploadLines(const std::vector<float>& lines) {
    glBindVertexArray(m_lineVao);
    glBindBuffer(GL_ARRAY_BUFFER, m_lineVbo);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(lines.size() * sizeof(float)), lines.data(),
                 GL_STATIC_DRAW);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(float), nullptr);
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(float),
                          reinterpret_cast<const void*>(3 * sizeof(float)));
    glBindVertexArray(0);
}

void PreviewView::pushHighlight(std::vector<float>& lines) const {
    const QVector3D color(1.0f, 0.2f, 0.85f);
    const QMatrix4x4 frame = sceneMatrix();
    if (m_highlightInstance >= 0 && static_cast<std::size_t>(m_highlightInstance) < m_instances.size()) {
        const QMatrix4x4 m = frame * columnMatrix(m_instances[static_cast<std::size_t>(m_highlightInstance)]);
        const QVector3D lo = instanceBoxLo(m_highlightInstance), hi = instanceBoxHi(m_highlightInstance);
        QVector3D c[8];
        for (int k = 0; k < 8; ++k)
            c[k] =
                m.map(QVector3D(k & 1 ? hi.x() : lo.x(), k & 2 ? hi.y() : lo.y(), k & 4 ? hi.z() : lo.z()));
        static const int edges[12][2] = {{0, 1}, {2, 3}, {4, 5}, {6, 7}, {0, 2}, {1, 3},
                                         {4, 6}, {5, 7}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
        for (const auto& e : edges)
            pushLine(lines, c[e[0]], c[e[1]], color);
    }
    QVector3D corners[3];
    if (m_highlightMesh >= 0 && static_cast<std::size_t>(m_highlightMesh) < m_scene.meshes.size() &&
        (m_meshFilter < 0 || m_meshFilter == m_highlightMesh) &&
        triangleCorners(m_scene.meshes[static_cast<std::size_t>(m_highlightMesh)], m_highlightTriangle,
                        corners)) {
        for (int k = 0; k < 3; ++k)
            pushLine(lines, frame.map(corners[k]), frame.map(corners[(k + 1) % 3]), color);
    }
}

} // namespace assetscope::app
