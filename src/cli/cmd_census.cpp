#include "cli_support.h"
#include "command.h"
#include "options.h"

#include "census/census.h"
#include "census/census_json.h"
#include "progress_line.h"

#include <iostream>

namespace assetscope::cli {

namespace {

void printText(const CensusCounts& c) {
    auto line = [](const char* label, std::uint64_t v) { std::cout << label << ": " << v << "\n"; };
    line("files", c.files);
    for (const auto& [k, v] : c.byFormat)
        std::cout << "  " << k << ": " << v << "\n";
    auto kinds = [](std::string_view name, const KindCounts& byKind) {
        std::cout << name << ":\n";
        for (const auto& [k, v] : byKind)
            std::cout << "  " << k << ": " << v << "\n";
    };
    for (const ContractCount& count : kContractCounts) {
        if (count.shape == CountShape::Number)
            std::cout << count.text << ": " << c.total(count.key) << "\n";
        else
            kinds(count.text, c.kinds(count.key));
    }
    for (const std::string& key : ownCountKeys(c)) {
        if (c.totals.contains(key))
            std::cout << key << ": " << c.total(key) << "\n";
        else
            kinds(key, c.kinds(key));
    }
    printRefusalCounts(std::cout, c);
}

struct CensusArguments {
    bool json = false;
    bool progress = false; // --progress: the line also when stderr is not a terminal
    bool quiet = false;
    CensusOptions options;
    std::vector<std::string> paths;
};

int census(CensusArguments& a) {
    if (const int missing = failOnMissingPath(a.paths); missing != kExitOk) return missing;
    const CensusCounts counts = withProgressLine(a.progress, a.quiet, a.options.progress, "census",
                                                 [&] { return runCensus(a.paths, a.options); });
    if (a.json)
        writeCensusJson(std::cout, counts);
    else
        printText(counts);
    return counts.refusals.empty() ? kExitOk : kExitRefused;
}

} // namespace

Run describeCensus(CLI::App& sub) {
    auto a = std::make_shared<CensusArguments>();
    sub.add_flag("--json", a->json, "prints the counts as one JSON object");
    addWalkOptions(sub, a->options.jobs, a->progress, a->quiet, a->paths);
    return [a] { return census(*a); };
}

} // namespace assetscope::cli
