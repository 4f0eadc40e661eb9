#pragma once

#include "decode/mesh_decoder.h"
#include "scene/export_scene.h"

#include <cstdint>
#include <functional>

// A decoded mesh as an export mesh: the one conversion every format's exportScene makes, with
// the choices in which formats differ as options.
namespace assetscope {

struct ExportMeshOptions {
    enum class UvSets : std::uint8_t {
        FromFirst,   // the sets from TEXCOORD0 up to the first one missing (a model's)
        UpToHighest, // every set up to the highest present, a missing one as (0, 0) (a MeshSet's)
    };
    enum class Skin : std::uint8_t {
        None,
        // The skin stream's influences, strongest first, at most four; a negative weight counts
        // as 0 and a joint of weight 0 as joint 0 (a model's).
        StrongestFour,
        // The four stored blend indices and weights in their order, each index through `joint`
        // (a MeshSet's bone map or bone list).
        AsStored,
    };
    UvSets uvSets = UvSets::FromFirst;
    Skin skin = Skin::None;
    bool tangentsNeedNormals = false;                  // a model's tangents go out only beside its normals
    std::function<std::uint16_t(std::uint16_t)> joint; // AsStored: stored index → skin joint
};

// Positions, normals, tangents (set 0), texture coordinates, both colour sets, joints and weights
// normalised to sum 1 (weight 1 on the first joint when they sum to 0), morph targets. The name,
// subject, node, primitives and skin index are the caller's. A stream goes out only when it has
// one entry per position.
exporting::ExportMesh exportMeshFrom(const decode::DecodedMesh& decoded, const ExportMeshOptions& options);

} // namespace assetscope
