#include "cli_support.h"
#include "command.h"
#include "formats/pgeo/pgeo_handler.h"
#include "formats/pgeo/placement_writers.h"

#include <cstdio>
#include <iostream>

namespace assetscope::cli {

int runPlacements(const Args& args) {
    ArgParser parser(args);
    const bool csv = parser.flag("--csv");
    const bool json = parser.flag("--json");
    std::string error;
    const auto inputs = parser.positional(error);
    if (!error.empty() || inputs.size() != 1 || (csv && json))
        return usageError(!error.empty() ? error
                          : csv && json  ? "placements takes --csv or --json, not both"
                                         : "placements takes one INPUT");
    const std::string& input = inputs.front();
    ParseSettings settings;
    settings.recordNodes = false; // rows come from the typed records; no tree needed
    auto file = openOrFail(input, settings);
    if (!file) return kExitUsage;
    const auto* pgeoFile = dynamic_cast<const pgeo::ParsedPgeo*>(file.get());
    if (!pgeoFile)
        return fail(input, "not a .pgeo placement file (read as " + std::string(file->format()) + ")",
                    kExitUsage);

    if (json)
        pgeo::writePlacementsJson(std::cout, input, pgeoFile->file());
    else
        pgeo::writePlacementsCsv(std::cout, input, pgeoFile->file());
    std::size_t refusals = 0;
    for (const auto& d : file->tree().diagnostics()) {
        if (d.diagnostic.severity != Severity::Error) continue;
        char at[32];
        std::snprintf(at, sizeof at, "0x%llx", static_cast<unsigned long long>(d.offset));
        std::cerr << "assetscope-cli: " << input << ": refused @" << at << " [" << d.diagnostic.rule << "] "
                  << d.diagnostic.message << "\n";
        refusals += d.diagnostic.occurrences();
    }
    return refusals ? kExitRefused : kExitOk;
}

} // namespace assetscope::cli
