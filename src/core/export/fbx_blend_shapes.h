#pragma once

#include "export/fbx_node_tree.h"
#include "math/vector.h"

#include <cstdint>
#include <string>
#include <vector>

namespace assetscope::exporting {

// What one Assimp mesh's blend shapes must hold, over that mesh's vertices in the order they
// were handed to Assimp.
struct FbxShapeTarget {
    std::string name;
    std::vector<math::Vec3> positionDeltas; // one per vertex
    std::vector<math::Vec3> normalDeltas;   // one per vertex (zeros where a target moves no normal)
};

struct FbxMeshShapes {
    std::vector<math::Vec3> positions;  // the mesh's vertices
    std::vector<std::uint32_t> corners; // its triangles' corners, as handed to Assimp
    std::vector<FbxShapeTarget> targets;
};

// Assimp 5.2.5 writes blend shapes that FBX readers refuse or read incompletely, so this
// rewrites them in `file` (meshes[k] belongs to the file's k-th mesh Geometry, as Assimp writes
// them in scene order):
// - a Shape geometry is named with the class Geometry (Assimp writes "Blendshape", which
//   Blender's importer rejects with an assertion: assimp issue #5418) and its BlendShape
//   deformer with the class Deformer ("Blendshapes");
// - a shape lists every control point of its mesh, with its position and normal delta: Assimp
//   leaves out the vertices whose position does not move (assimp #5773), and with them the
//   normal deltas such vertices have;
// - a channel's FullWeights is an array of floats (assimp #5440 is about its type) holding
//   one 100 % weight per shape.
// A vertex's control point is the one its corners refer to in the geometry's polygons (Assimp
// may or may not merge vertices of equal position into one point). false with `error` when the
// file's shapes or polygons do not match `meshes` (counts, order, names, positions); `file` may
// then be partly changed. Without any target in `meshes` the file is left as it is.
bool fixFbxBlendShapes(FbxFile& file, const std::vector<FbxMeshShapes>& meshes, std::string& error);

} // namespace assetscope::exporting
