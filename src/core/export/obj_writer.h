#pragma once

#include "export/scene_writer.h"

namespace assetscope::exporting {

// Writes a prepared scene as Wavefront OBJ with an MTL next to it: one `o` per mesh, `usemtl`
// per primitive, UV set 0 with v flipped (OBJ's origin is bottom-left), vertex colours as the
// common `v x y z r g b` extension. Skins and morph targets have no place in OBJ (warnings). The
// MTL names each material's base colour, normal and emissive textures (map_Kd, map_Bump and norm,
// map_Ke), PNG files written through `images`.
bool writeObj(const ExportScene& prepared, const std::filesystem::path& out, const ImageTarget& images,
              std::string& error, WriteReport& report);

} // namespace assetscope::exporting
