#pragma once

#include "contract/parsed_file.h"
#include "export/export_looks.h"

#include <string>
#include <vector>

namespace assetscope::cli {

// `export PATH... -o DIR/`: what the batch form of the command takes.
struct ExportBatchArguments {
    std::vector<std::string> paths;
    std::string outDir;
    std::string format;              // names the scene format or the texture format; empty: the defaults
    ExportSelection selection;       // LOD, variant and season; never meshes
    std::vector<std::string> models; // --models: placement files' model places
    bool instancing = false;         // --instancing
    exporting::LookSettings looks;   // --root, --no-textures
    int jobs = 1;
    bool progress = false; // --progress
    bool quiet = false;    // --quiet
};

// Exports every exportable file under the paths below the output folder (core's exportBatch),
// printing each file written on stdout and the files skipped on stderr as the census lists
// refusals. Exit 1 when any file was skipped.
int runExportBatch(const ExportBatchArguments& a);

} // namespace assetscope::cli
