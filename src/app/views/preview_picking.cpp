#include "views/preview_picking.h"

#include <QVector4D>

#include <algorithm>
#include <cmath>
#include <limits>

namespace assetscope::app {

Ray rayThroughPixel(const QMatrix4x4& mvp, QPointF devicePixel, QSize framebufferSize) {
    const float w = std::max(1, framebufferSize.width()), h = std::max(1, framebufferSize.height());
    const float x = 2.0f * static_cast<float>(devicePixel.x()) / w - 1.0f;
    const float y = 1.0f - 2.0f * static_cast<float>(devicePixel.y()) / h;
    const QMatrix4x4 inverse = mvp.inverted();
    const QVector4D nearPoint = inverse * QVector4D(x, y, -1.0f, 1.0f);
    const QVector4D farPoint = inverse * QVector4D(x, y, 1.0f, 1.0f);
    const QVector3D a = nearPoint.toVector3DAffine(), b = farPoint.toVector3DAffine();
    return {a, b - a};
}

QMatrix4x4 columnMatrix(const exporting::Mat4& m) {
    // QMatrix4x4(const float*) reads row-major: that is M itself, whose transpose is the
    // column-vector form.
    return QMatrix4x4(m.data()).transposed();
}

std::optional<float> hitBox(const Ray& ray, const QVector3D& lo, const QVector3D& hi) {
    float enter = 0.0f, leave = std::numeric_limits<float>::infinity();
    for (int axis = 0; axis < 3; ++axis) {
        const float o = ray.origin[axis], d = ray.direction[axis];
        if (std::abs(d) < 1e-12f) {
            if (o < lo[axis] || o > hi[axis]) return std::nullopt;
            continue;
        }
        float t0 = (lo[axis] - o) / d, t1 = (hi[axis] - o) / d;
        if (t0 > t1) std::swap(t0, t1);
        enter = std::max(enter, t0);
        leave = std::min(leave, t1);
        if (enter > leave) return std::nullopt;
    }
    return enter;
}

namespace {
QVector3D vec(const exporting::Vec3& v) {
    return {v[0], v[1], v[2]};
}
} // namespace

bool triangleCorners(const exporting::ExportMesh& mesh, std::int64_t triangle, QVector3D corners[3]) {
    if (triangle < 0) return false;
    auto t = static_cast<std::uint64_t>(triangle);
    for (const auto& primitive : mesh.primitives) {
        const std::uint64_t count = primitive.indices.size() / 3;
        if (t >= count) {
            t -= count;
            continue;
        }
        for (int c = 0; c < 3; ++c) {
            const std::uint32_t i = primitive.indices[t * 3 + static_cast<std::uint64_t>(c)];
            if (i >= mesh.positions.size()) return false;
            corners[c] = vec(mesh.positions[i]);
        }
        return true;
    }
    return false;
}

std::optional<TriangleHit> hitMesh(const exporting::ExportMesh& mesh, const Ray& ray) {
    std::optional<TriangleHit> best;
    std::int64_t number = 0;
    const std::size_t n = mesh.positions.size();
    for (const auto& primitive : mesh.primitives) {
        for (std::size_t k = 0; k + 2 < primitive.indices.size(); k += 3, ++number) {
            const std::uint32_t ia = primitive.indices[k], ib = primitive.indices[k + 1],
                                ic = primitive.indices[k + 2];
            if (ia >= n || ib >= n || ic >= n) continue;
            // Möller–Trumbore.
            const QVector3D a = vec(mesh.positions[ia]), e1 = vec(mesh.positions[ib]) - a,
                            e2 = vec(mesh.positions[ic]) - a;
            const QVector3D p = QVector3D::crossProduct(ray.direction, e2);
            const float det = QVector3D::dotProduct(e1, p);
            if (std::abs(det) < 1e-12f) continue;
            const float inv = 1.0f / det;
            const QVector3D s = ray.origin - a;
            const float u = QVector3D::dotProduct(s, p) * inv;
            if (u < 0.0f || u > 1.0f) continue;
            const QVector3D q = QVector3D::crossProduct(s, e1);
            const float v = QVector3D::dotProduct(ray.direction, q) * inv;
            if (v < 0.0f || u + v > 1.0f) continue;
            const float t = QVector3D::dotProduct(e2, q) * inv;
            if (t < 0.0f || (best && t >= best->t)) continue;
            best = TriangleHit{number, t};
        }
    }
    return best;
}

} // namespace assetscope::app
