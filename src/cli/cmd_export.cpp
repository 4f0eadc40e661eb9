#include "cli_support.h"
#include "command.h"
#include "options.h"

#include "export/scene_writer.h"

#include <climits>
#include <iostream>

namespace assetscope::cli {

namespace {

struct ExportArguments {
    ExportSelection selection;
    std::string format;
    std::string out;
    std::string input;
};

int exportMeshes(const ExportArguments& a) {
    if (a.out.empty()) return usageError(usageLine("export"));
    const std::filesystem::path outPath(a.out);
    std::optional<exporting::Format> format;
    if (!a.format.empty()) {
        format = exporting::formatFromName(a.format);
        if (!format)
            return usageError("export: unknown format '" + a.format + "' (" +
                              exporting::formatNameList("", ", ", " or ") + ")");
    } else {
        format = exporting::formatFromPath(outPath);
        if (!format)
            return usageError("export: cannot tell the format from '" + a.out + "'; name it " +
                              exporting::formatNameList(".", ", ", " or ") + ", or use --format");
    }

    auto file = openOrFail(a.input);
    if (!file) return kExitUsage;
    const std::size_t refusals = printRefusals(*file, a.input);
    std::string reason;
    const auto scene = file->exportScene(a.selection, reason);
    if (!scene) return fail(a.input, reason.empty() ? std::string("nothing to export") : reason, kExitUsage);

    exporting::WriteReport report;
    std::string error;
    if (!exporting::writeScene(*scene, *format, outPath, error, &report))
        return fail(a.input, error, kExitUsage);
    for (const auto& w : report.warnings)
        std::cerr << "assetscope-cli: " << a.input << ": warning: " << w << "\n";
    std::cout << "exported " << report.meshes << (report.meshes == 1 ? " mesh, " : " meshes, ")
              << report.vertices << " vertices, " << report.triangles << " triangles as "
              << exporting::formatName(*format) << "\n";
    for (const auto& f : report.files)
        std::cout << "wrote " << f.string() << "\n";
    return refusals ? kExitRefused : kExitOk;
}

} // namespace

Run describeExport(CLI::App& sub) {
    auto a = std::make_shared<ExportArguments>();
    addInput(sub, a->input, "a model or MeshSet file, or a path to one in an archive");
    sub.add_option("--mesh", a->selection.meshes,
                   "exports mesh I (repeatable; default: every mesh of the "
                   "finest LOD drawn in the main view)")
        ->type_name("I")
        ->transform(wholeNumber(0, INT_MAX, "a mesh index"));
    sub.add_option_function<int>(
           "--lod", [a](int lod) { a->selection.lod = lod; }, "exports LOD L (0 is the finest)")
        ->type_name("L")
        ->transform(wholeNumber(0, INT_MAX, "a LOD number"));
    sub.add_option("--variant", a->selection.variant, "uses material variant row V (default 0)")
        ->type_name("V")
        ->transform(wholeNumber(0, INT_MAX, "a variant row"));
    sub.add_option("--season", a->selection.season,
                   "uses season S: 0 spring, 1 summer (default), 2 autumn, "
                   "3 winter")
        ->type_name("S")
        ->transform(wholeNumber(0, 3, "0 (spring) to 3 (winter)"));
    // Checked when the command runs, so the message can list the formats and the extensions.
    sub.add_option("--format", a->format, "the file format (default: from OUT's extension)")
        ->type_name(exporting::formatNameList("", "|", "|"));
    sub.add_option("-o,--output", a->out, "the file to write (glTF's .bin and OBJ's .mtl go beside it)")
        ->type_name("OUT")
        ->required();
    return [a] { return exportMeshes(*a); };
}

} // namespace assetscope::cli
