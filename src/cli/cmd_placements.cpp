#include "cli_support.h"
#include "command.h"
#include "contract/placement_writers.h"
#include "options.h"

#include <iostream>

namespace assetscope::cli {

namespace {

int placements(const std::string& input, bool json) {
    ParseSettings settings;
    settings.recordNodes = false; // rows come from the typed records; no tree needed
    auto file = openOrFail(input, settings);
    if (!file) return kExitUsage;
    const bool listed =
        json ? writePlacementsJson(std::cout, input, *file) : writePlacementsCsv(std::cout, input, *file);
    if (!listed)
        return fail(input, "not a .pgeo placement file (read as " + std::string(file->format()) + ")",
                    kExitUsage);
    // stdout carries the rows, so the refusals go to stderr.
    const std::size_t refusals = printRefusals(std::cerr, *file, "assetscope-cli: " + input + ": refused ");
    return refusals ? kExitRefused : kExitOk;
}

} // namespace

Run describePlacements(CLI::App& sub) {
    struct Arguments {
        bool json = false;
        std::string input;
    };
    auto a = std::make_shared<Arguments>();
    // CSV is the default: the flag only says so, and excludes --json.
    auto* csv = sub.add_flag("--csv")->description("prints CSV with a header row (the default)");
    sub.add_flag("--json", a->json, "prints a JSON array of one object per row")->excludes(csv);
    addInput(sub, a->input, "a .pgeo placement file, or a path to one in an archive");
    return [a] { return placements(a->input, a->json); };
}

} // namespace assetscope::cli
