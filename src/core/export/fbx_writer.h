#pragma once

#include "export/scene_writer.h"

namespace assetscope::exporting {

// Writes a prepared scene as binary FBX: loads libassetscope_fbx.so (fbx_module.h) the first
// time, whose writer goes through Assimp (fbx_assimp_writer.h). False with `error` set when
// the module cannot be loaded.
bool writeFbx(const ExportScene& prepared, const std::filesystem::path& out, std::string& error,
              WriteReport& report);

} // namespace assetscope::exporting
