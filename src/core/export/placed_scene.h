#pragma once

#include "export/export_formats.h"
#include "export/export_looks.h"
#include "export/material_images.h"

#include <cstddef>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace assetscope::exporting {

// How placement files (.pgeo) become one glTF scene: `export INPUT.pgeo... -o OUT` and the
// window's Export Scene…. Each model found is stored once as a glTF mesh; each placed instance is
// a node with its world transform, mirrored into glTF's frame as model export mirrors.
struct SceneExportOptions {
    int season = 1;                       // 0 spring .. 3 winter, as ExportSelection::season
    std::optional<int> lod;               // the model file LOD wanted; nullopt: the finest found
    std::vector<std::string> modelPlaces; // folders and archives searched after each input's own
    Format format = Format::Glb;          // Glb or Gltf
    bool instancing = false;              // EXT_mesh_gpu_instancing for large groups
    LookSettings looks;                   // each model's materials' textures: on, and the roots
    // A batch's looks and images, shared with its other files (each texture decoded, encoded and
    // written once for all of them); null: the scene's own (its images beside OUT, or inside it).
    ExportLooks* sharedLooks = nullptr;
    ImageTarget images;
    // Told after each input is read (done of total); may be called on any thread.
    std::function<void(std::size_t done, std::size_t total)> progress;
    // Asked between inputs; true stops the export before anything is written.
    std::function<bool()> cancelled;
};

struct SceneExportResult {
    bool ok = false;
    std::string error;                        // why nothing was written, when !ok
    std::vector<std::string> notes;           // models not found, inputs refused, variants missing
    std::vector<std::filesystem::path> files; // every file written, OUT first
    std::size_t inputs = 0;                   // placement files in the scene
    std::size_t instances = 0;                // instance nodes (or instancing entries)
    std::size_t modelled = 0;                 // of them, drawn with a model
    std::size_t meshes = 0;                   // glTF meshes: one per model and material variant used
    std::size_t lines = 0;                    // curve records written as line strips
};

// Reads every input (a .pgeo, or a path to one in an archive), finds the models its blocks name
// beside it and under each of `options.modelPlaces`, and writes one scene to `out`, one parent
// node per input. Never throws; runs on any thread.
SceneExportResult exportPlacedScene(const std::vector<std::string>& inputs, const SceneExportOptions& options,
                                    const std::filesystem::path& out);

} // namespace assetscope::exporting
