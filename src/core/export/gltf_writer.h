#pragma once

#include "export/scene_writer.h"

namespace assetscope::exporting {

// Writes a prepared scene (see scene_preparer.h: right-handed, clean) as glTF 2.0: a .glb when
// `binary`, else a .gltf with its buffer in a .bin next to it. The materials' images are PNGs:
// inside a .glb, files a .gltf names (material_images.h: beside it, or a batch's shared folder).
bool writeGltf(const ExportScene& prepared, const std::filesystem::path& out, bool binary,
               const ImageTarget& images, std::string& error, WriteReport& report);

} // namespace assetscope::exporting
