#pragma once

// Synthetic export scenes for the exporter tests, built by hand in the engine's left-handed
// frame with Direct3D winding: for every triangle (A, B, C), (B − A) × (C − A) points the way
// the vertex normals do. Shared by tst_export.cpp and tst_export_formats.cpp.

#include "math/mat4.h"
#include "scene/export_scene.h"

#include <cmath>

namespace assetscope::test {

using namespace assetscope::exporting;

inline Vec3 crossOf(const Vec3& a, const Vec3& b) {
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

inline Mat4 translation(float x, float y, float z) {
    Mat4 m = assetscope::math::identityMatrix();
    m[12] = x;
    m[13] = y;
    m[14] = z;
    return m;
}

// Row-vector rotation about y by `degrees`, then a translation.
inline Mat4 rotationYThenTranslation(float degrees, float x, float y, float z) {
    const float a = degrees * 3.14159265358979f / 180.0f;
    const float c = std::cos(a), s = std::sin(a);
    return {c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, x, y, z, 1};
}

// A unit cube centred at (1, 2, 3): 4 vertices per face with the face's normal, tangent along
// the face's u axis (w = +1 on three faces, −1 on the others), UVs, colours.
inline ExportMesh cubeMesh(std::uint32_t material = 0) {
    ExportMesh m;
    m.name = "cube";
    m.uvs.resize(1);
    const Vec3 centre{1, 2, 3};
    const Vec3 normals[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    Primitive prim;
    prim.material = material;
    for (int f = 0; f < 6; ++f) {
        const Vec3 n = normals[f];
        const Vec3 u = std::fabs(n[1]) > 0.5f ? Vec3{1, 0, 0} : Vec3{-n[2], 0, n[0]}; // ⟂ n
        const Vec3 v = crossOf(n, u);                                                 // so that u × v = n
        const float su[4] = {-1, 1, 1, -1}, sv[4] = {-1, -1, 1, 1};
        const Vec2 uv[4] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
        const auto base = std::uint32_t(m.positions.size());
        for (int k = 0; k < 4; ++k) {
            Vec3 p;
            for (int i = 0; i < 3; ++i)
                p[i] = centre[i] + 0.5f * n[i] + 0.5f * su[k] * u[i] + 0.5f * sv[k] * v[i];
            m.positions.push_back(p);
            m.normals.push_back(n);
            m.tangents.push_back({u[0], u[1], u[2], f % 2 == 0 ? 1.0f : -1.0f});
            m.uvs[0].push_back(uv[k]);
            m.colors.push_back({float(f) / 5.0f, float(k) / 3.0f, 0.25f, 1.0f});
        }
        for (std::uint32_t i : {0u, 1u, 2u, 0u, 2u, 3u})
            prim.indices.push_back(base + i);
    }
    m.primitives.push_back(prim);
    return m;
}

inline ExportScene cubeScene() {
    ExportScene s;
    s.name = "cube scene";
    s.materials.push_back(Material::plain("paint", {0.9f, 0.1f, 0.1f, 1.0f}));
    s.meshes.push_back(cubeMesh());
    return s;
}

// The cube's faces split over two materials: +x/−x/+y in "glass" (half transparent), the rest in "metal".
inline ExportScene twoMaterialScene() {
    ExportScene s = cubeScene();
    s.name = "two materials";
    s.materials = {Material::plain("metal", {0.5f, 0.5f, 0.55f, 1.0f}),
                   Material::plain("glass", {0.2f, 0.4f, 0.9f, 0.5f})};
    ExportMesh& m = s.meshes[0];
    const auto all = m.primitives[0].indices;
    m.primitives = {Primitive{0, {}}, Primitive{1, {}}};
    for (std::size_t t = 0; t < all.size(); t += 3)
        for (std::size_t k = 0; k < 3; ++k)
            m.primitives[t < 18 ? 1 : 0].indices.push_back(all[t + k]);
    return s;
}

// A strip of 3 quads along y bound to two joints: a root (rotated 30° about y, moved) and a
// child 2 up. Weights are given unnormalised and with a repeated joint, as decoders may.
inline ExportScene skinnedScene() {
    ExportScene s;
    s.name = "rotor";
    s.materials.push_back(Material::plain("blade", {0.7f, 0.7f, 0.7f, 1.0f}));
    Skin skin;
    skin.name = "mast";
    skin.joints.push_back({"root", -1, rotationYThenTranslation(30, 0, 1, 2)});
    skin.joints.push_back({"tip", 0, translation(0, 2, 0.5f)});
    s.skins.push_back(skin);
    ExportMesh m;
    m.name = "blade";
    m.skin = 0;
    Primitive prim;
    for (int row = 0; row < 4; ++row) {
        const float y = float(row);
        for (int col = 0; col < 2; ++col) {
            m.positions.push_back({float(col), y, 2.0f});
            m.normals.push_back({0, 0, -1});
            const float t = y / 3.0f;
            m.joints.push_back({0, 1, 1, 0});
            m.weights.push_back({2 * (1 - t), t, t, 0}); // joint 1 twice: merged
        }
    }
    for (std::uint32_t row = 0; row < 3; ++row) {
        const std::uint32_t a = row * 2, b = a + 1, c = a + 3, d = a + 2;
        // (B − A) × (C − A) must point along −z: a(0,y) b(1,y) c(1,y+1) gives +z, so reverse.
        for (std::uint32_t i : {a, c, b, a, d, c})
            prim.indices.push_back(i);
    }
    m.primitives.push_back(prim);
    s.meshes.push_back(m);
    return s;
}

// A quad (two triangles) with two named morph targets.
inline ExportScene morphScene() {
    ExportScene s;
    s.name = "wheel";
    s.materials.push_back(Material::plain("rubber", {0.1f, 0.1f, 0.1f, 1.0f}));
    ExportMesh m;
    m.name = "tyre";
    m.positions = {{0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}};
    m.normals.assign(4, Vec3{0, 0, -1});
    m.primitives.push_back({0, {0, 2, 1, 0, 3, 2}});
    MorphTarget flat{"flat", {{0, 0, 0.5f}, {0, 0, 0.25f}, {0, -0.5f, 0}, {0, 0, 0}}, {}};
    MorphTarget wide{"wide",
                     {{-0.25f, 0, 0}, {0.25f, 0, 0}, {0.25f, 0, -1}, {-0.25f, 0, 0}},
                     {{0, 0, 0.1f}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}}};
    m.morphTargets = {flat, wide};
    s.meshes.push_back(m);
    return s;
}

} // namespace assetscope::test
