#include "command.h"

#include "export/export_formats.h"

namespace assetscope::cli {

int runInfo(const Args& args);
int runDump(const Args& args);
int runCensus(const Args& args);
int runVerify(const Args& args);
int runPlacements(const Args& args);
int runExport(const Args& args);
int runMakeSamples(const Args& args);

std::span<const Command> commands() {
    static const std::string exportUsage =
        "INPUT [--mesh I]... [--lod L] [--variant V] [--season S] [--format " +
        exporting::formatNameList("", "|", "|") + "] -o OUT";
    static const Command list[] = {
        {"info", "INPUT", "one screen: format, size, versions, counts, refusals", runInfo},
        {"dump", "[--json] [--max-array N] INPUT", "the whole structure tree", runDump},
        {"census", "[--json] [--jobs N] [--progress|--quiet] PATH...",
         "strict reading of every supported file under each PATH", runCensus},
        {"verify", "INPUT", "strict reading plus byte-for-byte write-back", runVerify},
        {"placements", "[--csv|--json] INPUT.pgeo", "one row per instance record of a .pgeo file",
         runPlacements},
        {"export", exportUsage, "writes the selected meshes as glTF, OBJ or FBX", runExport},
        {"make-samples", "DIR", "writes the generated sample set (every format) into DIR", runMakeSamples},
    };
    return list;
}

std::string usageLine(std::string_view name) {
    for (const Command& c : commands())
        if (c.name == name) return "usage: " + std::string(name) + " " + c.usage;
    return "usage: " + std::string(name);
}

} // namespace assetscope::cli
