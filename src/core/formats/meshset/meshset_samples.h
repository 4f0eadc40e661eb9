#pragma once

#include "contract/sample_sources.h"
#include "formats/meshset/meshset.h"

#include <string>
#include <utility>
#include <vector>

namespace assetscope::meshset {

// Sample MeshSets with real geometry and the chunks they name, made from their typed form.
struct SampleMeshSet {
    std::string path; // relative, e.g. "frostbite/props/sample_crate.meshset"
    MeshSet mesh;
    std::vector<std::pair<Guid, Bytes>> chunks;
};

// A 0.5 m crate: LOD 0 with the crate (main pass, depth, shadow), a decal quad on its top
// (decal list) and a shadow-only box; LOD 1 with the crate on 32-bit indices and its shadow box.
SampleMeshSet rigidSample();
// A two-bone bar: skinned, with a bone map, section bone lists, bounded bone ids and bounds;
// written with its 16-byte resource metadata.
SampleMeshSet skinnedSample();
// A composite MeshSet: two sections each bound to one bone, with bone masks and one bounds
// entry per bone (no bounded bone ids).
SampleMeshSet compositeSample();
// One LOD whose geometry follows the relocation table inside the resource.
SampleMeshSet inlineSample();

// The lower-case canonical chunk file name of a GUID.
std::string chunkFileName(const Guid& guid);

} // namespace assetscope::meshset

namespace assetscope::samples {

// The sample MeshSets and their chunks for the sample set.
SampleFiles meshsetSamples();

} // namespace assetscope::samples
