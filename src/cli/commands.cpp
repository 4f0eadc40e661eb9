#include "command.h"

#include "export/export_formats.h"

namespace assetscope::cli {

Run describeInfo(CLI::App& sub);
Run describeDump(CLI::App& sub);
Run describeCensus(CLI::App& sub);
Run describeVerify(CLI::App& sub);
Run describePlacements(CLI::App& sub);
Run describeExport(CLI::App& sub);
Run describeMakeSamples(CLI::App& sub);
Run describeFields(CLI::App& sub);
Run describeDiff(CLI::App& sub);
Run describeStats(CLI::App& sub);
Run describeFind(CLI::App& sub);
Run describeMaterials(CLI::App& sub);
Run describeLs(CLI::App& sub);

std::span<const Command> commands() {
    static const std::string exportUsage =
        "INPUT... [--mesh I]... [--lod L] [--variant V] [--season S] [--models PATH]... [--instancing] "
        "[--root DIR]... [--no-textures] [--mip N] [--slice S] [--format " +
        exporting::formatNameList("", "|", "|", exporting::allExportFormats()) +
        "] [--jobs N] [--progress|--quiet] -o OUT";
    static const Command list[] = {
        {"info", "INPUT", "one screen: format, size, versions, counts, refusals", describeInfo},
        {"dump", "[--json] [--max-array N] INPUT", "the whole structure tree", describeDump},
        {"census", "[--json] [--jobs N] [--progress|--quiet] PATH...",
         "strict reading of every supported file under each PATH", describeCensus},
        {"verify", "INPUT", "strict reading plus byte-for-byte write-back", describeVerify},
        {"placements", "[--csv|--json] INPUT.pgeo", "one row per instance record of a .pgeo file",
         describePlacements},
        {"export", exportUsage,
         "writes the selected meshes as glTF, OBJ or FBX, a texture as PNG or DDS, or .pgeo placements as "
         "one glTF scene; of a folder or an archive, every exportable file into a folder",
         describeExport},
        {"make-samples", "DIR", "writes the generated sample set (every format) into DIR",
         describeMakeSamples},
        {"fields", "[--json] [FORMAT]", "the documented-field table, one row per field with its key",
         describeFields},
        {"stats", "[--json] [--jobs N] [--top K] [--progress|--quiet] --field KEY [--field KEY]... PATH...",
         "each documented field's values across every supported file under each PATH", describeStats},
        {"diff", "[--json] [--max N] A B", "compares two inputs' structure trees and bytes", describeDiff},
        {"find",
         "[--json] [--jobs N] [--max N] [--progress|--quiet] (--field KEY --value V | --bytes HEX | --text "
         "S) "
         "PATH...",
         "every occurrence of a field's value, a byte pattern or a text under each PATH", describeFind},
        {"materials", "[--json] [--root DIR]... INPUT",
         "each material slot's chain (instance, material, shader), effective parameters and textures",
         describeMaterials},
        {"ls", "[--json] [-r] [--glob G] PATH...",
         "folders, archives and their entries, one line each: format, size, stored size, Game:\\ path",
         describeLs},
    };
    return list;
}

const Command* findCommand(std::string_view name) {
    for (const Command& c : commands())
        if (c.name == name) return &c;
    return nullptr;
}

std::string usageLine(std::string_view name) {
    const Command* c = findCommand(name);
    return "usage: " + std::string(name) + (c ? " " + c->usage : std::string());
}

} // namespace assetscope::cli
