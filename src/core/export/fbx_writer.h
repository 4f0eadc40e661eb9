#pragma once

#include "export/scene_writer.h"

namespace assetscope::exporting {

// Writes a prepared scene as binary FBX: loads libassetscope_fbx.so (fbx_module.h) the first
// time, whose writer goes through Assimp (fbx_assimp_writer.h). False with `error` set when
// the module cannot be loaded. The materials' base colour, normal and emissive textures are
// written as PNG files through `images` first.
bool writeFbx(const ExportScene& prepared, const std::filesystem::path& out, const ImageTarget& images,
              std::string& error, WriteReport& report);

} // namespace assetscope::exporting
