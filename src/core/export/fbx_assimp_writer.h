#pragma once

#include "export/scene_writer.h"

namespace assetscope::exporting {

// The FBX writer itself, inside libassetscope_fbx.so (fbx_module.h); programs call writeFbx.
// Writes a prepared scene as binary FBX through Assimp's exporter: one Assimp mesh per
// primitive (Assimp meshes carry one material each), joints as nodes with skin clusters,
// morph targets as blend shapes. UVs are flipped to Assimp's bottom-left origin. What Assimp
// 5.2.5 writes is then corrected from its node tree: the null records (fbx_sentinel_repair.h)
// and the blend shapes (fbx_blend_shapes.h). Each material's textures (`textures`, files beside
// the FBX or in a batch's shared folder) are connected to its DiffuseColor, NormalMap and
// EmissiveColor.
bool writeFbxThroughAssimp(const ExportScene& prepared, const std::filesystem::path& out,
                           const MaterialFiles& textures, std::string& error, WriteReport& report);

} // namespace assetscope::exporting
