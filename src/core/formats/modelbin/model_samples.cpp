#include "formats/modelbin/model_samples.h"
#include "formats/grub/bundle_writer.h"
#include "formats/modelbin/model_writer.h"
#include "formats/modelbin/sample_models.h"

#include <cmath>

namespace assetscope::modelbin::sample_models {

namespace {

BuildMesh mesh(const std::string& name, std::int16_t summer) {
    BuildMesh m;
    m.name = name;
    m.materialGroups = {{-1, summer, -1, -1}};
    return m;
}

void paint(BuildMesh& m, std::size_t first, const BVec4& colour) {
    for (std::size_t i = first; i < m.vertices.size(); ++i)
        m.vertices[i].color = colour;
}

} // namespace

void rotateZ(BuildMesh& mesh, std::size_t first, const BVec3& c, float a) {
    const float cs = std::cos(a), sn = std::sin(a);
    auto turn = [&](float& x, float& y) {
        const float nx = x * cs - y * sn, ny = x * sn + y * cs;
        x = nx;
        y = ny;
    };
    for (std::size_t i = first; i < mesh.vertices.size(); ++i) {
        BuildVertex& v = mesh.vertices[i];
        float x = v.position[0] - c[0], y = v.position[1] - c[1];
        turn(x, y);
        v.position[0] = x + c[0];
        v.position[1] = y + c[1];
        turn(v.normal[0], v.normal[1]);
        turn(v.tangent[0], v.tangent[1]);
    }
}

BuildModel house(int lod) {
    BuildModel spec;
    spec.modlVersion = {1, 5};
    spec.minLod = spec.maxLod = static_cast<std::int8_t>(lod);
    spec.lodFlags = static_cast<std::uint16_t>(1u << (lod + 1));
    const std::string base = "bld_sample_house_a";
    spec.materials = {
        {1, base + "_plaster", environmentMaterial("plaster_cream")},
        {2, base + "_roof_tiles", environmentMaterial("roof_tiles_terracotta")},
        {3, base + "_roof_tiles_snow", environmentMaterial("roof_tiles_snow")},
        {4, base + "_door_wood", environmentMaterial("wood_painted_green")},
        {5, base + "_window_glass", environmentMaterial("glass_window_clear")},
        {6, base + "_sign_VARIANT_0", environmentMaterial("signage_emissive_red")},
        {7, base + "_sign_VARIANT_1", environmentMaterial("signage_emissive_blue")},
        {8, base + "_chimney_brick", environmentMaterial("brick_weathered")},
        {9, base + "_unused", ""},
    };
    const std::uint16_t lodBit = spec.lodFlags;

    BuildMesh walls = mesh(base + "_walls", 1);
    GeometryBuilder(walls).box({-4, 0, -3}, {4, 5, 3}, 0.5f);
    paint(walls, 0, {0.93f, 0.87f, 0.74f, 1});

    BuildMesh roof = mesh(base + "_roof", 2);
    roof.materialGroups = {{-1, 2, -1, 3}}; // snow-covered tiles in winter
    GeometryBuilder(roof).gableRoof({-4.3f, 5, -3.3f}, {4.3f, 5, 3.3f}, 7.5f);
    paint(roof, 0, {0.72f, 0.32f, 0.22f, 1});

    BuildMesh door = mesh(base + "_door", 4);
    GeometryBuilder(door).box({-0.6f, 0, -3.08f}, {0.6f, 2.2f, -3.0f}, 1.0f);
    paint(door, 0, {0.18f, 0.42f, 0.28f, 1});

    BuildMesh windows = mesh(base + "_windows", 5);
    windows.bucketFlags = bucket::Transparent | bucket::Shadow | bucket::NotShadow; // 0x1C
    {
        GeometryBuilder g(windows);
        for (float x : {-2.6f, 1.4f})
            for (float y : {1.0f, 3.0f}) {
                if (lod > 0 && y < 2.0f && x > 0) continue;
                g.box({x, y, -3.06f}, {x + 1.2f, y + 1.2f, -3.0f}, 1.0f);
                g.box({x, y, 3.0f}, {x + 1.2f, y + 1.2f, 3.06f}, 1.0f);
            }
        paint(windows, 0, {0.55f, 0.75f, 0.9f, 0.6f});
    }

    BuildMesh sign = mesh(base + "_sign", 6);
    sign.materialGroups = {{-1, 6, -1, -1}, {-1, 7, -1, -1}}; // two colour schemes
    sign.uvSets = 2;
    GeometryBuilder(sign).box({-1.5f, 2.5f, -3.22f}, {1.5f, 3.1f, -3.02f}, 0.33f);
    paint(sign, 0, {1, 1, 1, 1});

    BuildMesh chimney = mesh(base + "_chimney", 8);
    GeometryBuilder(chimney).box({2, 5.8f, 0.4f}, {2.8f, 8.2f, 1.2f}, 0.5f);
    paint(chimney, 0, {0.55f, 0.3f, 0.25f, 1});

    std::vector<BuildMesh> meshes;
    if (lod == 0)
        meshes = {walls, roof, door, windows, sign, chimney};
    else if (lod == 1)
        meshes = {walls, roof, door, sign};
    else
        meshes = {walls, roof};
    std::vector<std::uint8_t> row0(meshes.size(), 0), row1(meshes.size(), 0);
    for (std::size_t i = 0; i < meshes.size(); ++i) {
        meshes[i].lodFlags = lodBit;
        meshes[i].bucketOrder = static_cast<std::uint8_t>(i);
        if (meshes[i].materialGroups.size() > 1) row1[i] = 1;
    }
    spec.meshes = std::move(meshes);
    spec.variants = {row0, row1};
    return spec;
}

BuildModel houseOccluder() {
    BuildModel spec;
    spec.modlVersion = {1, 4};
    spec.materials = {{0, "occluder", ""}}; // occluders draw no colour: an empty slot
    BuildMesh occ;
    occ.name = "OCC_bld_sample_house_a";
    occ.materialGroups = {{-1, 0, -1, -1}};
    occ.bucketFlags = bucket::Occluder | bucket::NotShadow | bucket::Shadow; // 0x58
    occ.normals = false;
    occ.uvSets = 0;
    occ.colors = false;
    occ.tangents = false;
    GeometryBuilder(occ).box({-3.9f, 0, -2.9f}, {3.9f, 4.9f, 2.9f});
    spec.meshes = {occ};
    return spec;
}

BuildModel bench() {
    BuildModel spec;
    spec.modlVersion = {1, 4};
    spec.materials = {{1, "prp_sample_bench_wood", environmentMaterial("wood_slats_oak")},
                      {2, "prp_sample_bench_metal", environmentMaterial("metal_cast_iron")}};
    BuildMesh slats;
    slats.name = "prp_sample_bench_slats";
    slats.version = {1, 12};
    slats.materialGroups = {{-1, 1, -1, -1}};
    {
        GeometryBuilder g(slats);
        g.defaults.color = {0.6f, 0.42f, 0.26f, 1};
        for (int i = 0; i < 4; ++i) {
            const float z = -0.25f + 0.13f * static_cast<float>(i);
            g.box({-0.9f, 0.45f, z}, {0.9f, 0.48f, z + 0.1f}, 1.0f);
        }
        for (int i = 0; i < 2; ++i) {
            const float y = 0.6f + 0.15f * static_cast<float>(i);
            g.box({-0.9f, y, 0.26f}, {0.9f, y + 0.1f, 0.29f}, 1.0f);
        }
    }
    BuildMesh frame;
    frame.name = "prp_sample_bench_frame";
    frame.version = {1, 12};
    frame.materialGroups = {{-1, 2, -1, -1}};
    {
        GeometryBuilder g(frame);
        g.defaults.color = {0.15f, 0.15f, 0.16f, 1};
        for (float x : {-0.8f, 0.74f}) {
            g.box({x, 0, -0.27f}, {x + 0.06f, 0.45f, -0.21f}, 2.0f);
            g.box({x, 0, 0.22f}, {x + 0.06f, 0.9f, 0.28f}, 2.0f);
            g.box({x, 0.62f, -0.3f}, {x + 0.06f, 0.66f, 0.28f}, 2.0f);
        }
    }
    spec.meshes = {slats, frame};
    return spec;
}

} // namespace assetscope::modelbin::sample_models

namespace assetscope::modelbin::sample_models {

Bytes crowdModel() {
    BuildModel spec = bench();
    spec.modlVersion = {1, 0};
    spec.variants.clear();
    spec.instanceLayout = true;
    Model model = buildModel(spec);
    refreshBlobData(model);
    return grub::writeBundle(model.bundle);
}

} // namespace assetscope::modelbin::sample_models

namespace assetscope::samples {

SampleFiles modelSamples() {
    using namespace modelbin;
    using namespace modelbin::sample_models;
    SampleFiles files;
    for (int lod = 0; lod < 3; ++lod)
        files.push_back({"media/models/bld_sample_house_a_lod" + std::to_string(lod) + ".i.modelbin",
                         buildModelBytes(house(lod))});
    files.push_back({"media/models/occ_sample_house_a.i.modelbin", buildModelBytes(houseOccluder())});
    files.push_back({"media/models/inf_sample_wind_turbine.a.modelbin", buildModelBytes(windTurbine())});
    files.push_back({"media/models/terr_sample_patch_32bit.i.modelbin", buildModelBytes(terrainPatch())});
    files.push_back({"media/models/prp_sample_bench_v112.i.modelbin", buildModelBytes(bench())});
    files.push_back(
        {"media/cars/sample_roadster/sample_roadster_wheel_lf.modelbin", buildModelBytes(wheel())});
    return files;
}

} // namespace assetscope::samples
