#include "cli_support.h"
#include "command.h"

#include "census/census.h"
#include "progress_line.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <filesystem>
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
    std::cout << "refusals: " << c.refusals.size() << " rule(s)\n";
    for (const auto& [rule, r] : c.refusals) {
        std::cout << "  " << rule << ": " << r.count << "\n";
        for (const auto& e : r.examples)
            std::cout << "    " << e << "\n";
    }
}

} // namespace

int runCensus(const Args& args) {
    ArgParser parser(args);
    const bool json = parser.flag("--json");
    // A progress line on stderr: by default when stderr is a terminal; --progress forces it,
    // --quiet turns it off.
    const bool forced = parser.flag("--progress");
    const bool quiet = parser.flag("--quiet");
    if (forced && quiet) return usageError("--progress and --quiet exclude each other");
    CensusOptions options;
    if (auto jobs = parser.option("--jobs")) {
        const char* end = jobs->data() + jobs->size();
        auto [ptr, ec] = std::from_chars(jobs->data(), end, options.jobs);
        if (ec != std::errc() || ptr != end || options.jobs < 1 || options.jobs > 256)
            return usageError("--jobs takes a number from 1 to 256, not '" + *jobs + "'");
    }
    std::string error;
    const auto paths = parser.positional(error);
    if (!error.empty() || paths.empty())
        return usageError(error.empty() ? "census takes one or more PATHs" : error);
    for (const auto& path : paths) {
        std::error_code ec;
        if (!std::filesystem::exists(path, ec)) return fail(path, "no such file or folder", kExitUsage);
    }
    CensusProgress progress;
    CensusCounts counts;
    if (forced || (!quiet && ProgressLine::stderrIsTerminal())) {
        options.progress = &progress;
        const ProgressLine line(progress);
        counts = runCensus(paths, options);
    } else {
        counts = runCensus(paths, options);
    }
    if (json)
        std::cout << censusJson(counts).dump(2) << "\n";
    else
        printText(counts);
    return counts.refusals.empty() ? kExitOk : kExitRefused;
}

} // namespace assetscope::cli
