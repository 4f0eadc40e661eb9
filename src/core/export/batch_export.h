#pragma once

#include "archive/zip_archive.h"
#include "contract/parsed_file.h"
#include "export/export_formats.h"
#include "export/export_looks.h"

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace assetscope {
struct CensusProgress;
}

namespace assetscope::exporting {

struct BatchOptions {
    int jobs = 1;
    archive::Limits limits;
    Format sceneFormat = Format::Glb;          // models, MeshSets and placement files' scenes
    std::optional<Format> textureFormat;       // nullopt: PNG, or DDS for a texture no PNG can hold
    ExportSelection selection;                 // LOD, variant and season (meshes: every one, always)
    std::vector<std::string> modelPlaces;      // placement files: where else their models are looked for
    bool instancing = false;                   // placement files: EXT_mesh_gpu_instancing for large groups
    LookSettings looks;                        // models' and scenes' textures: on, and the roots
    CensusProgress* progress = nullptr;        // counted into when set
    const std::atomic<bool>* cancel = nullptr; // once set, no further file is started
};

// A file the batch did not export, and why.
struct BatchSkip {
    std::string input;   // "media/Cars.zip::cars/body.modelbin"
    std::string rule;    // a refusal's rule id, kUnexportableRule or kWriteFailedRule
    std::string message; // what the rule says of this file
};

inline constexpr const char* kUnexportableRule = "export.unexportable"; // nothing it holds can be written
inline constexpr const char* kWriteFailedRule = "export.write-failed";  // the output could not be written

struct BatchResult {
    std::uint64_t files = 0;                    // files a format claimed
    std::vector<std::filesystem::path> written; // every file written, in walk order
    std::vector<std::string> notes;             // "<input>: <note or warning>", in walk order
    std::vector<BatchSkip> skipped;             // refused (every refusal) and unexportable, in walk order
    std::uint64_t exported = 0;                 // files exported
    std::uint64_t skippedFiles = 0;             // files with an entry in `skipped`
    bool cancelled = false;
    // The materials' textures: each read and decoded once, encoded as PNG once, and (outside a
    // .glb) written once into the output folder's `textures` folder, whatever number of files and
    // materials use it.
    std::size_t texturesDecoded = 0;
    std::size_t imagesEncoded = 0;
    std::size_t imageFilesWritten = 0;
    // The materials and shaders the looks' chains name, each read once for the whole batch.
    std::size_t linkFilesRead = 0;
};

// The folder below a batch's output folder that its materials' PNG files go to (once each, for
// every .gltf, .obj, .fbx and scene of the batch), by their Game:\ paths.
inline constexpr const char* kBatchTextureFolder = "textures";

// Whether `export` of these paths is a batch (the CLI contract): several paths, or one that is a
// folder or an archive. One file, or a path into an archive, is a single export.
bool isBatch(const std::vector<std::string>& paths);

// Where a file the walk found under `root` goes below the output folder: its path below `root`
// (its name when `root` is the file itself, its path inside the archive when `root` is a path into
// one), an archive's entries below a folder named after the archive, with the format's extension
// added. Parts that could leave the folder ("..", a root)
// are made harmless.
std::filesystem::path batchOutputPath(const std::string& root, const std::string& input, Format format);

// Exports every exportable file under `paths` (as the census walks them) below `outDir`: models
// and MeshSets as `sceneFormat` (models with their looks' textures unless `looks` turns them
// off), textures, placement files as scenes. A file with a refusal, or
// with nothing to export, is skipped and listed. The outputs do not depend on `jobs`; each is
// written whole or not at all (staged_output.h). Never throws on bad input.
BatchResult exportBatch(const std::vector<std::string>& paths, const std::filesystem::path& outDir,
                        const BatchOptions& options);

} // namespace assetscope::exporting
