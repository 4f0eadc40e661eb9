#include "cli_support.h"
#include "cmd_export_batch.h"
#include "cmd_export_scene.h"
#include "command.h"
#include "options.h"

#include "export/batch_export.h"
#include "export/scene_writer.h"
#include "export/texture_writer.h"
#include "export/whole_scene_writer.h"
#include "open/open_input.h"

#include <climits>
#include <iostream>

namespace assetscope::cli {

namespace {

struct ExportArguments {
    ExportSelection selection;
    std::optional<std::uint32_t> mip;
    std::optional<std::uint32_t> slice;
    std::string format;
    std::string out;
    std::string input;
    ExportBatchArguments batch; // its paths are every INPUT given; its models and instancing
                                // are the placement files' (--models, --instancing); its looks
                                // every model's (--root, --no-textures)
};

// The format --format names, or else OUT's extension names; nullopt after a usage error.
std::optional<exporting::Format> chosenFormat(const ExportArguments& a) {
    const auto all = exporting::allExportFormats();
    if (!a.format.empty()) {
        auto format = exporting::formatFromName(a.format);
        if (!format)
            usageError("export: unknown format '" + a.format + "' (" +
                       exporting::formatNameList("", ", ", " or ", all) + ")");
        return format;
    }
    auto format = exporting::formatFromPath(a.out);
    if (!format)
        usageError("export: cannot tell the format from '" + a.out + "'; name it " +
                   exporting::formatNameList(".", ", ", " or ", all) + ", or use --format");
    return format;
}

int exportTexture(const ExportArguments& a, const ParsedFile& file, const TextureDescription& texture,
                  exporting::Format format, std::size_t refusals) {
    if (exporting::exportFormat(format).kind() != exporting::ExportKind::Texture)
        return fail(a.input,
                    "a texture exports as " +
                        exporting::formatNameList(".", ", ", " or ",
                                                  exporting::exportFormats(exporting::ExportKind::Texture)) +
                        ", not " + std::string(exporting::formatName(format)),
                    kExitUsage);
    if (format == exporting::Format::Dds && (a.mip || a.slice))
        return fail(a.input, "--mip and --slice choose a PNG's level; a DDS holds every level", kExitUsage);
    const exporting::TextureChoice choice{a.mip.value_or(0), a.slice.value_or(0)};
    exporting::TextureWriteReport report;
    std::string error;
    if (!exporting::writeTexture(texture, file.tree().bytes(), format, choice, a.out, error, &report))
        return fail(a.input, error, kExitUsage);
    for (const auto& note : report.notes)
        std::cerr << "assetscope-cli: " << a.input << ": note: " << note << "\n";
    const std::string size = std::to_string(report.width) + "x" + std::to_string(report.height);
    if (format == exporting::Format::Png)
        std::cout << "exported mip " << choice.mip << " of slice " << choice.slice << " (" << size << ", "
                  << texture.encodingText << ") as png\n";
    else
        std::cout << "exported " << texture.mips << (texture.mips == 1 ? " mip of " : " mips of ")
                  << texture.slices << (texture.slices == 1 ? " slice (" : " slices (") << size << ", "
                  << texture.encodingText << ") as dds\n";
    for (const auto& f : report.files)
        std::cout << "wrote " << f.string() << "\n";
    return refusals ? kExitRefused : kExitOk;
}

int exportMeshes(const ExportArguments& a, const ParsedFile& file, exporting::Format format,
                 std::size_t refusals) {
    if (exporting::exportFormat(format).kind() != exporting::ExportKind::Scene)
        return fail(a.input,
                    std::string(exporting::formatName(format)) +
                        " writes textures and this file holds none; " + "name the output " +
                        exporting::formatNameList(".", ", ", " or "),
                    kExitUsage);
    if (a.mip || a.slice)
        return fail(a.input, "--mip and --slice choose a texture's level and this file holds no texture",
                    kExitUsage);
    const std::filesystem::path outPath(a.out);
    std::string reason;
    auto scene = file.exportScene(a.selection, reason);
    if (!scene) return fail(a.input, reason.empty() ? std::string("nothing to export") : reason, kExitUsage);
    // What a look's chain or textures lacked leaves those textures out; the export goes on.
    exporting::ExportLooks looks(a.batch.looks);
    for (const auto& note : looks.apply(*scene, file, a.input))
        std::cerr << "assetscope-cli: " << a.input << ": note: " << note << "\n";

    exporting::WriteReport report;
    std::string error;
    if (!exporting::writeWholeScene(*scene, format, outPath, error, &report))
        return fail(a.input, error, kExitUsage);
    for (const auto& w : report.warnings)
        std::cerr << "assetscope-cli: " << a.input << ": warning: " << w << "\n";
    std::cout << "exported " << report.meshes << (report.meshes == 1 ? " mesh, " : " meshes, ")
              << report.vertices << " vertices, " << report.triangles << " triangles as "
              << exporting::formatName(format) << "\n";
    for (const auto& f : report.files)
        std::cout << "wrote " << f.string() << "\n";
    return refusals ? kExitRefused : kExitOk;
}

// A batch exports every file whole: the options that choose within one file do not apply.
int runBatch(ExportArguments& a) {
    if (!a.selection.meshes.empty() || a.mip || a.slice)
        return usageError("export: --mesh, --mip and --slice choose within one file; a batch exports "
                          "each file whole");
    a.batch.outDir = a.out;
    a.batch.format = a.format;
    a.batch.selection = a.selection;
    return runExportBatch(a.batch);
}

// Several files named one by one, each of them a placement file: the contract's one scene. A
// folder or an archive among them, or any other file, makes the paths a batch instead.
bool allPlacementFiles(const std::vector<std::string>& paths) {
    if (paths.size() < 2) return false;
    for (const std::string& path : paths) {
        if (exporting::isBatch({path})) return false;
        const OpenedInput opened = openInput(path);
        if (!opened.parsed || !opened.parsed->placements({}, false)) return false;
    }
    return true;
}

int runScene(const ExportArguments& a, exporting::Format format) {
    if (!a.selection.meshes.empty() || a.selection.variant != 0 || a.mip || a.slice)
        return fail(a.batch.paths.front(),
                    "--mesh, --variant, --mip and --slice choose within one model; a placement "
                    "file's instances carry their own variants",
                    kExitUsage);
    SceneArguments scene{
        {}, a.selection.season, a.selection.lod, a.batch.models, a.batch.instancing, format, a.out,
        0,  a.batch.looks};
    for (const std::string& input : a.batch.paths) {
        auto file = openOrFail(input);
        if (!file) return kExitUsage;
        scene.refusals += printRefusals(*file, input);
        scene.inputs.push_back(input);
    }
    return runSceneExport(scene);
}

int runExport(ExportArguments& a) {
    if (a.out.empty()) return usageError(usageLine("export"));
    if (allPlacementFiles(a.batch.paths)) {
        const auto format = chosenFormat(a);
        return format ? runScene(a, *format) : kExitUsage;
    }
    if (exporting::isBatch(a.batch.paths)) return runBatch(a);
    a.input = a.batch.paths.front();
    const auto format = chosenFormat(a);
    if (!format) return kExitUsage;
    auto file = openOrFail(a.input);
    if (!file) return kExitUsage;
    if (file->placements(a.selection, false)) return runScene(a, *format);
    const std::size_t refusals = printRefusals(*file, a.input);
    if (!a.batch.models.empty() || a.batch.instancing)
        return fail(a.input, "--models and --instancing are for placement files (.pgeo)", kExitUsage);
    if (const auto texture = file->texture()) return exportTexture(a, *file, *texture, *format, refusals);
    return exportMeshes(a, *file, *format, refusals);
}

} // namespace

Run describeExport(CLI::App& sub) {
    auto a = std::make_shared<ExportArguments>();
    sub.add_option("INPUT", a->batch.paths,
                   "a model, MeshSet or texture file, or a path to one in an archive; several "
                   "placement files (.pgeo): one scene; several files, a folder or an archive: each "
                   "file they hold (a batch)")
        ->required();
    sub.add_option("--models", a->batch.models,
                   "placement files: also looks for models under PATH, a folder or an archive (repeatable)")
        ->type_name("PATH");
    sub.add_flag("--instancing", a->batch.instancing,
                 "placement files: one EXT_mesh_gpu_instancing node per large group of one model");
    sub.add_option("--root", a->batch.looks.roots,
                   "a folder Game:\\ paths of the models' looks resolve under (the one holding `media`), "
                   "before each input's own; repeatable")
        ->type_name("DIR");
    sub.add_flag_function(
        "--no-textures", [a](std::int64_t) { a->batch.looks.textures = false; },
        "models and scenes: materials without their looks' textures (names and colours only)");
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
    sub.add_option_function<std::uint32_t>(
           "--mip", [a](std::uint32_t mip) { a->mip = mip; },
           "a texture's PNG: writes mip N (default 0, the largest)")
        ->type_name("N")
        ->transform(wholeNumber(0, INT_MAX, "a mip level"));
    sub.add_option_function<std::uint32_t>(
           "--slice", [a](std::uint32_t slice) { a->slice = slice; },
           "a texture's PNG: writes array slice S (default 0)")
        ->type_name("S")
        ->transform(wholeNumber(0, INT_MAX, "a slice number"));
    // Checked when the command runs, so the message can list the formats and the extensions.
    sub.add_option("--format", a->format, "the file format (default: from OUT's extension)")
        ->type_name(exporting::formatNameList("", "|", "|", exporting::allExportFormats()));
    sub.add_option("--jobs", a->batch.jobs, "a batch: exports N files at a time, 1 to 256 (default 1)")
        ->type_name("N")
        ->transform(wholeNumber(1, 256, "a number from 1 to 256"));
    sub.add_flag("--progress", a->batch.progress,
                 "a batch: shows the progress line on stderr even when it is not a terminal")
        ->excludes(sub.add_flag("--quiet", a->batch.quiet, "a batch: shows no progress line"));
    sub.add_option("-o,--output", a->out,
                   "the file to write (glTF's .bin and OBJ's .mtl go beside it); a batch: the folder")
        ->type_name("OUT")
        ->required();
    return [a] { return runExport(*a); };
}

} // namespace assetscope::cli
