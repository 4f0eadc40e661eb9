#include "cmd_export_scene.h"

#include "cli_support.h"
#include "command.h"

#include "export/placed_scene.h"

#include <iostream>

namespace assetscope::cli {

int runSceneExport(const SceneArguments& a) {
    const std::string lead = a.inputs.size() == 1 ? a.inputs.front() : std::string("export");
    if (a.format != exporting::Format::Glb && a.format != exporting::Format::Gltf)
        return fail(lead,
                    "a scene of placement files exports as .glb or .gltf, not ." +
                        std::string(exporting::formatName(a.format)),
                    kExitUsage);
    exporting::SceneExportOptions options;
    options.season = a.season;
    options.lod = a.lod;
    options.modelPlaces = a.models;
    options.format = a.format;
    options.instancing = a.instancing;
    options.looks = a.looks;
    const exporting::SceneExportResult r = exporting::exportPlacedScene(a.inputs, options, a.out);
    for (const auto& note : r.notes)
        std::cerr << "assetscope-cli: note: " << note << "\n";
    if (!r.ok) return fail(lead, r.error, kExitUsage);
    std::cout << "exported a scene of " << counted(r.inputs, "placement file", "placement files") << ": "
              << counted(r.instances, "instance", "instances") << ", " << r.modelled << " drawn with models, "
              << counted(r.meshes, "mesh", "meshes") << ", " << counted(r.lines, "curve", "curves") << " as "
              << exporting::formatName(a.format) << "\n";
    for (const auto& f : r.files)
        std::cout << "wrote " << f.string() << "\n";
    return a.refusals || r.inputs < a.inputs.size() ? kExitRefused : kExitOk;
}

} // namespace assetscope::cli
