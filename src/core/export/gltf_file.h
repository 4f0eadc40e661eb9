#pragma once

#include "export/scene_writer.h"
#include "export/tiny_gltf_config.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace assetscope::exporting {

// Writes a built glTF model whose one buffer holds all its bytes (buffers[0].data, which this
// takes): a .glb (one JSON chunk, one BIN chunk) when `binary`, else a .gltf with a .bin beside it.
// Every glTF the exporters write goes out through here.
bool writeGltfModel(tinygltf::Model& model, const std::filesystem::path& out, bool binary, std::string& error,
                    WriteReport& report);

// The two halves of writeGltfModel, for a writer that adds JSON of its own (a placed scene's
// hundred thousand nodes, which need not go through tinygltf): the model's JSON document with its
// buffer (of `bufferBytes`) described as `out` will hold it, then the JSON text and the bytes
// written as a .glb, or as a .gltf and its .bin.
bool gltfDocument(tinygltf::Model& model, std::size_t bufferBytes, const std::filesystem::path& out,
                  bool binary, nlohmann::json& doc, std::string& error);
bool writeGltfText(std::string json, const std::vector<unsigned char>& data, const std::filesystem::path& out,
                   bool binary, std::string& error, WriteReport& report);

} // namespace assetscope::exporting
