#pragma once

#include "export/export_formats.h"
#include "export/material_images.h"
#include "scene/export_scene.h"

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace assetscope::exporting {

struct WriteReport {
    std::vector<std::filesystem::path> files; // every file written, OUT first
    std::vector<std::string> warnings;        // what the format could not hold, repairs made
    std::size_t meshes = 0;
    std::size_t vertices = 0;
    std::size_t triangles = 0;
};

// Writes `scene` to `out` (overwriting it). Companion files (a .gltf's .bin, an .obj's .mtl)
// go next to `out`, named after its stem; the materials' images as `images` says (PNG files
// beside `out`, unless a batch's shared folder takes them; inside a .glb). Never throws; false
// with `error` set on failure.
bool writeScene(const ExportScene& scene, Format format, const std::filesystem::path& out, std::string& error,
                WriteReport* report = nullptr, const ImageTarget& images = {});

} // namespace assetscope::exporting
