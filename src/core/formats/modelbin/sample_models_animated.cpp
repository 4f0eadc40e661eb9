#include "formats/modelbin/sample_models.h"

#include <cmath>

namespace assetscope::modelbin::sample_models {

namespace {

constexpr float kTau = 6.28318530718f;

Bone bone(const std::string& name, std::int16_t parent, std::int16_t child, std::int16_t sibling,
          const BVec3& at) {
    Bone b;
    b.name = name;
    b.parent = parent;
    b.firstChild = child;
    b.nextSibling = sibling;
    b.rest[12] = at[0]; // row-vector matrix: translation in the last row
    b.rest[13] = at[1];
    b.rest[14] = at[2];
    return b;
}

void bindAll(BuildMesh& m, std::uint16_t boneIndex) {
    for (auto& v : m.vertices) {
        v.bones = {boneIndex, 0, 0, 0};
        v.weights = {1, 0, 0, 0};
    }
}

BuildMesh tower(int segments, std::uint16_t lodFlags) {
    BuildMesh m;
    m.name = "inf_sample_wind_turbine_tower";
    m.materialGroups = {{-1, 1, -1, -1}};
    m.lodFlags = lodFlags;
    m.influences = 1;
    GeometryBuilder g(m);
    g.defaults.color = {0.92f, 0.93f, 0.94f, 1};
    g.cylinder({0, 0, 0}, 1, 1.0f, 30.0f, segments, true);
    g.box({-0.8f, 29.2f, -1.4f}, {0.8f, 30.8f, 2.2f}, 1.0f); // nacelle
    bindAll(m, 1);
    return m;
}

BuildMesh rotor(int segments, std::uint16_t lodFlags) {
    BuildMesh m;
    m.name = "inf_sample_wind_turbine_rotor";
    m.materialGroups = {{-1, 2, -1, -1}};
    m.lodFlags = lodFlags;
    m.influences = 1;
    const BVec3 hub{0, 30, -1.6f};
    GeometryBuilder g(m);
    g.defaults.color = {0.97f, 0.97f, 0.97f, 1};
    g.cylinder({0, 30, -2.4f}, 2, 0.6f, 0.9f, segments, true);
    for (int blade = 0; blade < 3; ++blade) {
        const std::size_t first = m.vertices.size();
        g.box({-0.35f, 30.5f, -2.05f}, {0.35f, 42.0f, -1.95f}, 0.2f);
        rotateZ(m, first, hub, kTau * static_cast<float>(blade) / 3.0f);
    }
    bindAll(m, 2);
    return m;
}

} // namespace

BuildModel windTurbine() {
    BuildModel spec;
    spec.modlVersion = {1, 4};
    // Animated models keep every LOD in one file; the pair is (coarsest, finest).
    spec.minLod = 1;
    spec.maxLod = 0;
    spec.lodFlags = 0x6;
    spec.bones = {bone("Root", -1, 1, -1, {0, 0, 0}), bone("Mast", 0, 2, -1, {0, 0, 0}),
                  bone("Rotor_Blades", 1, -1, -1, {0, 30, -1.6f})};
    spec.materials = {{1, "inf_sample_wind_turbine_paint", environmentMaterial("paint_white_gloss")},
                      {2, "inf_sample_wind_turbine_blade", environmentMaterial("composite_blade")}};
    spec.meshes = {tower(24, 0x2), rotor(16, 0x2), tower(10, 0x4), rotor(8, 0x4)};
    return spec;
}

BuildModel wheel() {
    BuildModel spec;
    spec.modlVersion = {1, 4};
    spec.bones = {bone("root", -1, 1, -1, {0, 0, 0}), bone("wheel_lf", 0, -1, -1, {0, 0.33f, 0})};
    spec.materials = {{1, "sample_roadster_tyre_rubber", carMaterial("tyre_rubber")},
                      {2, "sample_roadster_rim_alloy", carMaterial("rim_alloy_silver")}};
    spec.morphSlots = {"tyre_width", "rim_size"};
    const int segments = 32;
    const float cy = 0.33f, outer = 0.33f, inner = 0.22f, half = 0.11f;

    BuildMesh tyre;
    tyre.name = "sample_roadster_wheel_lf_tyre";
    tyre.materialGroups = {{-1, 1, -1, -1}};
    tyre.influences = 4;
    {
        GeometryBuilder g(tyre);
        g.defaults.color = {0.08f, 0.08f, 0.09f, 1};
        g.cylinder({-half, cy, 0}, 0, outer, 2 * half, segments, false);
        for (int i = 0; i < segments; ++i) {
            const float a0 = kTau * float(i) / float(segments), a1 = kTau * float(i + 1) / float(segments);
            for (float side : {-half, half}) {
                const BVec3 o0{side, cy + outer * std::cos(a0), outer * std::sin(a0)};
                const BVec3 o1{side, cy + outer * std::cos(a1), outer * std::sin(a1)};
                const BVec3 i1{side, cy + inner * std::cos(a1), inner * std::sin(a1)};
                const BVec3 i0{side, cy + inner * std::cos(a0), inner * std::sin(a0)};
                g.quad(o0, o1, i1, i0, {0, 0}, {1, 1}, {side > 0 ? 1.0f : -1.0f, 0, 0});
            }
        }
    }
    BuildMorph width{"tyre_width", {}, {}}, rimSize{"rim_size", {}, {}};
    for (const auto& v : tyre.vertices) {
        width.positionDeltas.push_back({v.position[0] > 0 ? 0.03f : -0.03f, 0, 0});
        width.normalDeltas.push_back({0, 0, 0});
        const float dy = v.position[1] - cy, dz = v.position[2];
        const float r = std::sqrt(dy * dy + dz * dz);
        const bool innerRing = r < inner + 1e-3f;
        rimSize.positionDeltas.push_back(innerRing ? BVec3{0, dy / r * 0.025f, dz / r * 0.025f}
                                                   : BVec3{0, 0, 0});
        rimSize.normalDeltas.push_back({0, 0, 0});
    }
    tyre.morphs = {width, rimSize};
    for (auto& v : tyre.vertices) {
        v.bones = {1, 0, 0, 0};
        v.weights = {1, 0, 0, 0};
    }
    for (std::size_t i = 0; i < 4 && i < tyre.vertices.size();
         ++i) { // a few blended vertices, as on real wheels
        tyre.vertices[i].bones = {1, 0, 0, 0};
        tyre.vertices[i].weights = {0.75f, 0.25f, 0, 0};
    }

    BuildMesh rim;
    rim.name = "sample_roadster_wheel_lf_rim";
    rim.materialGroups = {{-1, 2, -1, -1}};
    rim.influences = 4;
    {
        GeometryBuilder g(rim);
        g.defaults.color = {0.78f, 0.8f, 0.83f, 1};
        g.cylinder({-0.09f, cy, 0}, 0, inner, 0.18f, segments, true);
    }
    BuildMorph rimGrow{"rim_size", {}, {}};
    for (auto& v : rim.vertices) {
        const float dy = v.position[1] - cy, dz = v.position[2];
        const float r = std::sqrt(dy * dy + dz * dz);
        rimGrow.positionDeltas.push_back(r > 1e-4f ? BVec3{0, dy / r * 0.025f, dz / r * 0.025f}
                                                   : BVec3{0, 0, 0});
        rimGrow.normalDeltas.push_back({0, 0, 0});
        v.bones = {1, 0, 0, 0};
        v.weights = {1, 0, 0, 0};
    }
    rim.morphs = {rimGrow};
    spec.meshes = {tyre, rim};
    return spec;
}

BuildModel terrainPatch(int quads) {
    BuildModel spec;
    spec.modlVersion = {1, 4};
    spec.materials = {{1, "TERR_sample_patch_grass", environmentMaterial("terrain_grass_meadow")}};
    BuildMesh m;
    m.name = "TERR_sample_patch";
    m.materialGroups = {{-1, 1, -1, 2}};
    m.index32 = true;
    m.uvSets = 2;
    spec.materials.push_back({2, "TERR_sample_patch_snow", environmentMaterial("terrain_snow")});
    const float size = 96.0f, step = size / static_cast<float>(quads);
    auto height = [](float x, float z) { return 1.5f * std::sin(x / 9.0f) * std::cos(z / 7.0f); };
    for (int j = 0; j <= quads; ++j)
        for (int i = 0; i <= quads; ++i) {
            const float x = static_cast<float>(i) * step - size / 2,
                        z = static_cast<float>(j) * step - size / 2;
            const float dhdx = 1.5f / 9.0f * std::cos(x / 9.0f) * std::cos(z / 7.0f);
            const float dhdz = -1.5f / 7.0f * std::sin(x / 9.0f) * std::sin(z / 7.0f);
            BuildVertex v;
            v.position = {x, height(x, z), z};
            const float nl = std::sqrt(dhdx * dhdx + 1 + dhdz * dhdz);
            v.normal = {-dhdx / nl, 1 / nl, -dhdz / nl};
            const float tl = std::sqrt(1 + dhdx * dhdx);
            v.tangent = {1 / tl, dhdx / tl, 0, 1};
            // u along +x, v along +z: sign so that sign × (N × T) follows dP/dv (+z).
            const BVec3 b{v.normal[1] * v.tangent[2] - v.normal[2] * v.tangent[1],
                          v.normal[2] * v.tangent[0] - v.normal[0] * v.tangent[2],
                          v.normal[0] * v.tangent[1] - v.normal[1] * v.tangent[0]};
            v.tangent[3] = b[2] >= 0 ? 1.0f : -1.0f;
            v.uv0 = {static_cast<float>(i) / static_cast<float>(quads),
                     static_cast<float>(j) / static_cast<float>(quads)};
            v.uv1 = {x / 4.0f, z / 4.0f};
            const float green = 0.45f + 0.1f * v.position[1];
            v.color = {0.25f, green, 0.2f, 1};
            m.vertices.push_back(v);
        }
    const auto row = static_cast<std::uint32_t>(quads + 1);
    for (std::uint32_t j = 0; j < static_cast<std::uint32_t>(quads); ++j)
        for (std::uint32_t i = 0; i < static_cast<std::uint32_t>(quads); ++i) {
            const std::uint32_t a = j * row + i, b = a + 1, c = a + row + 1, d = a + row;
            // Seen from above (+y) in the left-handed frame, (a, d, c) has (d−a)×(c−a) pointing up.
            for (const auto& t :
                 {std::array<std::uint32_t, 3>{a, d, c}, std::array<std::uint32_t, 3>{a, c, b}})
                m.indices.insert(m.indices.end(), t.begin(), t.end());
        }
    spec.meshes = {m};
    return spec;
}

} // namespace assetscope::modelbin::sample_models
