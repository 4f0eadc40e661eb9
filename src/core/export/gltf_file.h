#pragma once

#include "export/scene_writer.h"
#include "export/tiny_gltf_config.h"

#include <filesystem>
#include <string>

namespace assetscope::exporting {

// Writes a built glTF model whose one buffer holds all its bytes (buffers[0].data, which this
// takes): a .glb (one JSON chunk, one BIN chunk) when `binary`, else a .gltf with a .bin beside it.
// Every glTF the exporters write goes out through here.
bool writeGltfModel(tinygltf::Model& model, const std::filesystem::path& out, bool binary, std::string& error,
                    WriteReport& report);

} // namespace assetscope::exporting
