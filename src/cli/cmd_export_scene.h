#pragma once

#include "export/export_formats.h"
#include "export/export_looks.h"

#include <optional>
#include <string>
#include <vector>

namespace assetscope::cli {

// `export INPUT.pgeo... [--season S] [--lod L] [--models PATH]... [--instancing] -o OUT`: what
// the export command hands on when its inputs are placement files.
struct SceneArguments {
    std::vector<std::string> inputs;
    int season = 1;
    std::optional<int> lod;
    std::vector<std::string> models;
    bool instancing = false;
    exporting::Format format = exporting::Format::Glb;
    std::string out;
    std::size_t refusals = 0;      // refusals already printed for the inputs
    exporting::LookSettings looks; // --root, --no-textures
};

// Writes the scene and prints what was written; the exit code.
int runSceneExport(const SceneArguments& a);

} // namespace assetscope::cli
