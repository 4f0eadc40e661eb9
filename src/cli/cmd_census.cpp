#include "cli_support.h"
#include "command.h"
#include "options.h"

#include "census/census.h"
#include "progress_line.h"

#include <nlohmann/json.hpp>

#include <iostream>

namespace assetscope::cli {

namespace {

nlohmann::ordered_json censusJson(const CensusCounts& c) {
    nlohmann::ordered_json j;
    j["files"] = c.files;
    j["by_format"] = nlohmann::ordered_json::object();
    for (const auto& [k, v] : c.byFormat)
        j["by_format"][k] = v;
    j["bundles"] = c.bundles;
    j["nested_bundles"] = c.nestedBundles;
    j["blobs"] = nlohmann::ordered_json::object();
    for (const auto& [k, v] : c.blobs)
        j["blobs"][k] = v;
    j["metadata"] = nlohmann::ordered_json::object();
    for (const auto& [k, v] : c.metadata)
        j["metadata"][k] = v;
    j["meshes"] = c.meshes;
    j["indices"] = c.indices;
    j["vertices"] = c.vertices;
    j["placements"] = c.placements;
    j["textures"] = nlohmann::ordered_json::object();
    for (const auto& [k, v] : c.textures)
        j["textures"][k] = v;
    j["refusals"] = nlohmann::ordered_json::array();
    for (const auto& [rule, r] : c.refusals)
        j["refusals"].push_back({{"rule", rule}, {"count", r.count}, {"examples", r.examples}});
    return j;
}

void printText(const CensusCounts& c) {
    auto line = [](const char* label, std::uint64_t v) { std::cout << label << ": " << v << "\n"; };
    line("files", c.files);
    for (const auto& [k, v] : c.byFormat)
        std::cout << "  " << k << ": " << v << "\n";
    line("bundles", c.bundles);
    line("nested bundles", c.nestedBundles);
    std::cout << "blobs:\n";
    for (const auto& [k, v] : c.blobs)
        std::cout << "  " << k << ": " << v << "\n";
    std::cout << "metadata:\n";
    for (const auto& [k, v] : c.metadata)
        std::cout << "  " << k << ": " << v << "\n";
    line("meshes", c.meshes);
    line("indices", c.indices);
    line("vertices", c.vertices);
    line("placements", c.placements);
    std::cout << "textures:\n";
    for (const auto& [k, v] : c.textures)
        std::cout << "  " << k << ": " << v << "\n";
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
        std::cout << censusJson(counts).dump(2) << "\n";
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
