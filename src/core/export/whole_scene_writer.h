#pragma once

#include "export/scene_writer.h"

namespace assetscope::exporting {

// writeScene for one chosen output: the output and its companions (a .gltf's .bin, an .obj's
// .mtl, the materials' PNG files) are written in writeStaged's folder and appear under their names
// together, or, on any failure, none of them does. A batch stages each of its files the same way
// itself.
bool writeWholeScene(const ExportScene& scene, Format format, const std::filesystem::path& out,
                     std::string& error, WriteReport* report = nullptr, MaterialImages* images = nullptr);

} // namespace assetscope::exporting
