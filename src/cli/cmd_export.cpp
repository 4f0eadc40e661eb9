#include "cli_support.h"
#include "command.h"

#include "export/scene_writer.h"

#include <charconv>
#include <iostream>

namespace assetscope::cli {

namespace {

// A whole non-negative decimal number, or nullopt.
std::optional<int> parseIndex(const std::string& text) {
    int value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value < 0) return std::nullopt;
    return value;
}

} // namespace

int runExport(const Args& args) {
    ArgParser parser(args);
    ExportSelection selection;
    for (const auto& m : parser.options("--mesh")) {
        auto i = parseIndex(m);
        if (!i) return usageError("export: --mesh takes a mesh index, not '" + m + "'");
        selection.meshes.push_back(static_cast<std::uint32_t>(*i));
    }
    if (auto lod = parser.option("--lod")) {
        auto l = parseIndex(*lod);
        if (!l) return usageError("export: --lod takes a LOD number, not '" + *lod + "'");
        selection.lod = *l;
    }
    if (auto variant = parser.option("--variant")) {
        auto v = parseIndex(*variant);
        if (!v) return usageError("export: --variant takes a variant row, not '" + *variant + "'");
        selection.variant = *v;
    }
    if (auto season = parser.option("--season")) {
        auto s = parseIndex(*season);
        if (!s || *s > 3)
            return usageError("export: --season takes 0 (spring) to 3 (winter), not '" + *season + "'");
        selection.season = *s;
    }
    const auto formatText = parser.option("--format");
    auto out = parser.option("-o");
    if (!out) out = parser.option("--output");
    std::string error;
    const auto rest = parser.positional(error);
    if (!error.empty()) return usageError("export: " + error);
    if (rest.size() != 1 || !out || out->empty()) return usageError(usageLine("export"));
    const std::string& input = rest[0];
    const std::filesystem::path outPath(*out);

    std::optional<exporting::Format> format;
    if (formatText) {
        format = exporting::formatFromName(*formatText);
        if (!format)
            return usageError("export: unknown format '" + *formatText + "' (" +
                              exporting::formatNameList("", ", ", " or ") + ")");
    } else {
        format = exporting::formatFromPath(outPath);
        if (!format)
            return usageError("export: cannot tell the format from '" + *out + "'; name it " +
                              exporting::formatNameList(".", ", ", " or ") + ", or use --format");
    }

    auto file = openOrFail(input);
    if (!file) return kExitUsage;
    const std::size_t refusals = printRefusals(*file, input);
    std::string reason;
    const auto scene = file->exportScene(selection, reason);
    if (!scene) return fail(input, reason.empty() ? std::string("nothing to export") : reason, kExitUsage);

    exporting::WriteReport report;
    if (!exporting::writeScene(*scene, *format, outPath, error, &report))
        return fail(input, error, kExitUsage);
    for (const auto& w : report.warnings)
        std::cerr << "assetscope-cli: " << input << ": warning: " << w << "\n";
    std::cout << "exported " << report.meshes << (report.meshes == 1 ? " mesh, " : " meshes, ")
              << report.vertices << " vertices, " << report.triangles << " triangles as "
              << exporting::formatName(*format) << "\n";
    for (const auto& f : report.files)
        std::cout << "wrote " << f.string() << "\n";
    return refusals ? kExitRefused : kExitOk;
}

} // namespace assetscope::cli
