#include "formats/modelbin/model_samples.h"
#include "formats/modelbin/sample_models.h"

#include <algorithm>

namespace assetscope::samples {

namespace {

// Keeps a mesh's first `vertices` vertices (and their morph deltas) and the triangles among them:
// the same layout in a few hundred bytes instead of tens of kilobytes.
void thin(modelbin::BuildMesh& mesh, std::size_t vertices) {
    if (mesh.vertices.size() <= vertices) return;
    mesh.vertices.resize(vertices);
    std::vector<std::uint32_t> kept;
    for (std::size_t t = 0; t + 2 < mesh.indices.size(); t += 3)
        if (std::max({mesh.indices[t], mesh.indices[t + 1], mesh.indices[t + 2]}) < vertices)
            kept.insert(kept.end(), mesh.indices.begin() + static_cast<std::ptrdiff_t>(t),
                        mesh.indices.begin() + static_cast<std::ptrdiff_t>(t + 3));
    mesh.indices = std::move(kept);
    for (modelbin::BuildMorph& morph : mesh.morphs) {
        morph.positionDeltas.resize(std::min(morph.positionDeltas.size(), vertices));
        morph.normalDeltas.resize(std::min(morph.normalDeltas.size(), vertices));
    }
}

modelbin::BuildModel thinned(modelbin::BuildModel spec, std::size_t vertices) {
    for (modelbin::BuildMesh& mesh : spec.meshes)
        thin(mesh, vertices);
    return spec;
}

} // namespace

// The sample set holds its skinned, morphing and 32-bit-index models only in files larger than a
// model fuzz input (-max_len, fuzz/CMakeLists.txt), which cuts them before their Skin, MBuf and
// Modl blobs; these are the same layouts with a few vertices each.
SampleFiles modelFuzzSeeds() {
    using namespace modelbin;
    using namespace modelbin::sample_models;
    SampleFiles files;
    files.push_back(
        {"media/cars/sample_roadster/seed_wheel_thin.modelbin", buildModelBytes(thinned(wheel(), 8))});
    files.push_back(
        {"media/models/seed_wind_turbine_thin.a.modelbin", buildModelBytes(thinned(windTurbine(), 8))});
    files.push_back({"media/models/seed_terrain_patch_32bit.i.modelbin", buildModelBytes(terrainPatch(2))});
    return files;
}

} // namespace assetscope::samples
