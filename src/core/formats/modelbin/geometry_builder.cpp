#include "formats/modelbin/model_builder.h"

#include "math/vector_ops.h"

#include <cmath>

namespace assetscope::modelbin {

namespace {

using math::cross;
using math::dot;
using math::scaled;
using math::sub;

// A zero vector stays zero.
BVec3 normalise(const BVec3& v) {
    return math::normalised(v).value_or(BVec3{0, 0, 0});
}

// Tangent along dP/du and the sign that makes sign × (N × T) point along dP/dv.
BVec4 tangentFrame(const BVec3& p0, const BVec3& p1, const BVec3& p2, const BVec2& t0, const BVec2& t1,
                   const BVec2& t2, const BVec3& n) {
    const BVec3 e1 = sub(p1, p0), e2 = sub(p2, p0);
    const float du1 = t1[0] - t0[0], dv1 = t1[1] - t0[1], du2 = t2[0] - t0[0], dv2 = t2[1] - t0[1];
    const float det = du1 * dv2 - du2 * dv1;
    if (std::fabs(det) < 1e-12f) {
        const BVec3 t = normalise(cross(std::fabs(n[1]) < 0.9f ? BVec3{0, 1, 0} : BVec3{1, 0, 0}, n));
        return {t[0], t[1], t[2], 1};
    }
    const float r = 1.0f / det;
    BVec3 dPdu = scaled(sub(scaled(e1, dv2), scaled(e2, dv1)), r);
    const BVec3 dPdv = scaled(sub(scaled(e2, du1), scaled(e1, du2)), r);
    dPdu = normalise(sub(dPdu, scaled(n, dot(n, dPdu))));
    const float sign = dot(cross(n, dPdu), dPdv) >= 0 ? 1.0f : -1.0f;
    return {dPdu[0], dPdu[1], dPdu[2], sign};
}

} // namespace

std::uint32_t GeometryBuilder::add(const BuildVertex& v) {
    m_mesh.vertices.push_back(v);
    return static_cast<std::uint32_t>(m_mesh.vertices.size() - 1);
}

void GeometryBuilder::face(const std::vector<BVec3>& corners, const std::vector<BVec2>& uvs,
                           const BVec3& normal, const std::vector<BVec3>* vertexNormals) {
    const BVec3 n = normalise(normal);
    const BVec4 t = tangentFrame(corners[0], corners[1], corners[2], uvs[0], uvs[1], uvs[2], n);
    std::vector<std::uint32_t> ids;
    for (std::size_t i = 0; i < corners.size(); ++i) {
        BuildVertex v = defaults;
        v.position = corners[i];
        v.normal = vertexNormals ? (*vertexNormals)[i] : n;
        v.tangent = t;
        v.uv0 = uvs[i];
        v.uv1 = uvs[i];
        ids.push_back(add(v));
    }
    // Stored triangles have (B − A) × (C − A) along the face normal (the engine's left-handed frame).
    const bool keep = dot(cross(sub(corners[1], corners[0]), sub(corners[2], corners[0])), n) >= 0;
    for (std::size_t i = 1; i + 1 < ids.size(); ++i) {
        m_mesh.indices.push_back(ids[0]);
        m_mesh.indices.push_back(keep ? ids[i] : ids[i + 1]);
        m_mesh.indices.push_back(keep ? ids[i + 1] : ids[i]);
    }
}

void GeometryBuilder::quad(const BVec3& a, const BVec3& b, const BVec3& c, const BVec3& d, const BVec2& uvA,
                           const BVec2& uvC, const BVec3& normal) {
    face({a, b, c, d}, {uvA, {uvC[0], uvA[1]}, uvC, {uvA[0], uvC[1]}}, normal);
}

void GeometryBuilder::triangle(const BVec3& a, const BVec3& b, const BVec3& c, const BVec2& uvA,
                               const BVec2& uvB, const BVec2& uvC, const BVec3& normal) {
    face({a, b, c}, {uvA, uvB, uvC}, normal);
}

void GeometryBuilder::box(const BVec3& lo, const BVec3& hi, float k) {
    const float x0 = lo[0], y0 = lo[1], z0 = lo[2], x1 = hi[0], y1 = hi[1], z1 = hi[2];
    const float w = (x1 - x0) * k, h = (y1 - y0) * k, d = (z1 - z0) * k;
    // Each side: corners from top-left, going right then down as seen from outside; v grows downwards.
    quad({x0, y1, z0}, {x1, y1, z0}, {x1, y0, z0}, {x0, y0, z0}, {0, 0}, {w, h}, {0, 0, -1}); // front (−z)
    quad({x1, y1, z1}, {x0, y1, z1}, {x0, y0, z1}, {x1, y0, z1}, {0, 0}, {w, h}, {0, 0, 1});  // back
    quad({x0, y1, z1}, {x0, y1, z0}, {x0, y0, z0}, {x0, y0, z1}, {0, 0}, {d, h}, {-1, 0, 0}); // left
    quad({x1, y1, z0}, {x1, y1, z1}, {x1, y0, z1}, {x1, y0, z0}, {0, 0}, {d, h}, {1, 0, 0});  // right
    quad({x0, y1, z1}, {x1, y1, z1}, {x1, y1, z0}, {x0, y1, z0}, {0, 0}, {w, d}, {0, 1, 0});  // top
    quad({x0, y0, z0}, {x1, y0, z0}, {x1, y0, z1}, {x0, y0, z1}, {0, 0}, {w, d}, {0, -1, 0}); // bottom
}

void GeometryBuilder::cylinder(const BVec3& base, int axis, float radius, float length, int segments,
                               bool caps) {
    const int u = (axis + 1) % 3, v = (axis + 2) % 3;
    constexpr float kTau = 6.28318530718f;
    auto point = [&](int i, float along) {
        const float a = kTau * static_cast<float>(i) / static_cast<float>(segments);
        BVec3 p = base;
        p[static_cast<std::size_t>(u)] += radius * std::cos(a);
        p[static_cast<std::size_t>(v)] += radius * std::sin(a);
        p[static_cast<std::size_t>(axis)] += along;
        return p;
    };
    auto radial = [&](int i) {
        const float a = kTau * static_cast<float>(i) / static_cast<float>(segments);
        BVec3 n{0, 0, 0};
        n[static_cast<std::size_t>(u)] = std::cos(a);
        n[static_cast<std::size_t>(v)] = std::sin(a);
        return n;
    };
    const float uvLength = length * 0.5f;
    for (int i = 0; i < segments; ++i) {
        const float u0 = static_cast<float>(i) / static_cast<float>(segments);
        const float u1 = static_cast<float>(i + 1) / static_cast<float>(segments);
        const std::vector<BVec3> normals{radial(i), radial(i + 1), radial(i + 1), radial(i)};
        const BVec3 mid = normalise(
            {normals[0][0] + normals[1][0], normals[0][1] + normals[1][1], normals[0][2] + normals[1][2]});
        face({point(i, length), point(i + 1, length), point(i + 1, 0), point(i, 0)},
             {{u0, 0}, {u1, 0}, {u1, uvLength}, {u0, uvLength}}, mid, &normals);
    }
    if (!caps) return;
    for (int end = 0; end < 2; ++end) {
        BVec3 n{0, 0, 0};
        n[static_cast<std::size_t>(axis)] = end ? 1.0f : -1.0f;
        std::vector<BVec3> ring;
        std::vector<BVec2> uvs;
        for (int i = 0; i < segments; ++i) {
            ring.push_back(point(i, end ? length : 0));
            const float a = kTau * static_cast<float>(i) / static_cast<float>(segments);
            uvs.push_back({0.5f + 0.5f * std::cos(a), 0.5f + 0.5f * std::sin(a)});
        }
        face(ring, uvs, n);
    }
}

void GeometryBuilder::gableRoof(const BVec3& lo, const BVec3& hi, float top) {
    const float x0 = lo[0], x1 = hi[0], z0 = lo[2], z1 = hi[2], y = hi[1], zm = (z0 + z1) * 0.5f;
    const float slope = std::sqrt((zm - z0) * (zm - z0) + (top - y) * (top - y));
    const BVec3 frontN = normalise({0, zm - z0, -(top - y)});
    const BVec3 backN = normalise({0, zm - z0, top - y});
    quad({x0, top, zm}, {x1, top, zm}, {x1, y, z0}, {x0, y, z0}, {0, 0}, {(x1 - x0) * 0.5f, slope * 0.5f},
         frontN);
    quad({x1, top, zm}, {x0, top, zm}, {x0, y, z1}, {x1, y, z1}, {0, 0}, {(x1 - x0) * 0.5f, slope * 0.5f},
         backN);
    const float gw = (z1 - z0) * 0.5f, gh = (top - y) * 0.5f;
    triangle({x0, top, zm}, {x0, y, z0}, {x0, y, z1}, {gw * 0.5f, 0}, {gw, gh}, {0, gh}, {-1, 0, 0});
    triangle({x1, top, zm}, {x1, y, z1}, {x1, y, z0}, {gw * 0.5f, 0}, {gw, gh}, {0, gh}, {1, 0, 0});
}

} // namespace assetscope::modelbin
