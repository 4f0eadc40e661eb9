#include "cmd_export_batch.h"

#include "cli_support.h"
#include "command.h"
#include "progress_line.h"

#include "export/batch_export.h"
#include "input/input_path.h"

#include <iostream>
#include <map>

namespace assetscope::cli {

namespace {

// The skipped files by rule, in the shape of the census's refusal list: under each rule the number
// of files it refused and every one of them, once, with the rule's first message for it.
void printSkipped(const std::vector<exporting::BatchSkip>& skipped) {
    std::map<std::string, std::vector<const exporting::BatchSkip*>> byRule;
    for (const auto& s : skipped) {
        auto& list = byRule[s.rule];
        if (list.empty() || list.back()->input != s.input)
            list.push_back(&s); // one file's skips are together
    }
    std::cerr << "refusals: " << byRule.size() << " rule(s)\n";
    for (const auto& [rule, list] : byRule) {
        std::cerr << "  " << rule << ": " << list.size() << "\n";
        for (const exporting::BatchSkip* s : list)
            std::cerr << "    " << s->input << ": " << s->message << "\n";
    }
}

// --format names either kind: a scene format for models, MeshSets and scenes, or a texture
// format for textures; the other kind keeps its default. False after a usage error.
bool chooseFormats(const std::string& name, exporting::BatchOptions& options) {
    if (name.empty()) return true;
    const auto format = exporting::formatFromName(name);
    if (!format) {
        usageError("export: unknown format '" + name + "' (" +
                   exporting::formatNameList("", ", ", " or ", exporting::allExportFormats()) + ")");
        return false;
    }
    if (exporting::exportFormat(*format).kind() == exporting::ExportKind::Texture)
        options.textureFormat = *format;
    else
        options.sceneFormat = *format;
    return true;
}

} // namespace

int runExportBatch(const ExportBatchArguments& a) {
    // A path into an archive exists when its archive does; what is inside is the batch's to find.
    std::vector<std::string> files;
    for (const std::string& path : a.paths)
        files.push_back(InputPath::parse(path).file);
    if (const int missing = failOnMissingPath(files); missing != kExitOk) return missing;
    exporting::BatchOptions options;
    options.jobs = a.jobs;
    options.selection = a.selection;
    options.modelPlaces = a.models;
    options.instancing = a.instancing;
    options.looks = a.looks;
    if (!chooseFormats(a.format, options)) return kExitUsage;
    const exporting::BatchResult result =
        withProgressLine(a.progress, a.quiet, options.progress, "export",
                         [&] { return exporting::exportBatch(a.paths, a.outDir, options); });
    for (const auto& note : result.notes)
        std::cerr << "assetscope-cli: " << note << "\n";
    for (const auto& f : result.written)
        std::cout << "wrote " << f.string() << "\n";
    std::cout << "exported " << result.exported << " of " << result.files
              << (result.files == 1 ? " file" : " files") << ", skipped " << result.skippedFiles << "\n";
    if (result.skipped.empty()) return kExitOk;
    printSkipped(result.skipped);
    return kExitRefused;
}

} // namespace assetscope::cli
