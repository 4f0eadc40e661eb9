#include "cli_support.h"
#include "command.h"
#include "options.h"

#include "bytes/text_out.h"
#include "census/census_json.h"
#include "census/field_stats.h"
#include "docs/doc_table.h"
#include "progress_line.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <iostream>

namespace assetscope::cli {

namespace {

struct StatsArguments {
    bool json = false;
    bool progress = false; // --progress: the line also when stderr is not a terminal
    bool quiet = false;
    FieldStatsOptions options;
    std::vector<std::string> keys;
    std::vector<std::string> paths;
};

// Reads like the documents: "grub/header/blob_count: 9 in 7 of 12 files, 3 distinct, min 2,
// max 13", then a line per frequent value with its files and examples, then what is left.
void printText(TextOut& out, const FieldStatsResult& r) {
    for (const FieldStats& f : r.fields) {
        out << f.key << ": " << f.occurrences << " in " << f.files << " of "
            << counted(r.files, "file", "files");
        if (f.occurrences > 0)
            out << ", " << (f.distinctIsLowerBound ? "at least " : "") << f.distinct << " distinct";
        if (!f.min.empty()) out << ", min " << f.min << ", max " << f.max;
        out << '\n';
        for (const FieldValueCount& v : f.values) {
            out << "  " << v.value << ": " << v.count << " in " << counted(v.files, "file", "files");
            for (std::size_t i = 0; i < v.examples.size(); ++i)
                out << (i ? ", " : " (") << v.examples[i];
            out << (v.examples.empty() ? "\n" : ")\n");
        }
        if (f.other > 0) {
            const std::uint64_t values = f.distinct - std::min<std::uint64_t>(f.distinct, f.values.size());
            out << "  \u2026 " << f.other << " more " << (f.other == 1 ? "occurrence" : "occurrences")
                << " of " << (f.distinctIsLowerBound ? "at least " : "")
                << counted(values, "other value", "other values") << '\n';
        }
    }
}

// "unknown field key 'x' (closest: a, b, c)"; empty when every key is a row of the table.
std::string unknownKey(const std::vector<std::string>& keys) {
    for (const std::string& key : keys) {
        if (DocTable::instance().find(key)) continue;
        std::string names;
        for (const std::string& near : closestKeys(key))
            names += (names.empty() ? "" : ", ") + near;
        return "stats: unknown field key '" + key + "' (closest: " + names + "; `fields` lists them all)";
    }
    return {};
}

int stats(StatsArguments& a) {
    // One entry per key, in the order first asked: a JSON object cannot name a key twice.
    std::vector<std::string> keys;
    for (const std::string& key : a.keys)
        if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
    if (const std::string error = unknownKey(keys); !error.empty()) return usageError(error);
    if (const int missing = failOnMissingPath(a.paths); missing != kExitOk) return missing;
    const FieldStatsResult result = withProgressLine(a.progress, a.quiet, a.options.progress, "stats",
                                                     [&] { return runFieldStats(keys, a.paths, a.options); });
    if (a.json) {
        writeFieldStatsJson(std::cout, result);
    } else {
        TextOut out(std::cout);
        printText(out, result);
    }
    // The refusals as census prints them: after the text, or on stderr beside the JSON.
    if (!a.json)
        printRefusalCounts(std::cout, result.counts);
    else if (!result.counts.refusals.empty())
        printRefusalCounts(std::cerr, result.counts);
    return result.counts.refusals.empty() ? kExitOk : kExitRefused;
}

} // namespace

Run describeStats(CLI::App& sub) {
    auto a = std::make_shared<StatsArguments>();
    sub.add_flag("--json", a->json, "prints one JSON object: the files read and each field's statistics");
    sub.add_option("--top", a->options.top, "lists the K most frequent values of each field (default 20)")
        ->type_name("K")
        ->transform(wholeNumber(0, 1000000, "a number from 0 to 1000000"));
    sub.add_option("--field", a->keys,
                   "a documented field's key, as `fields` lists it (repeatable): grub/header/blob_count")
        ->type_name("KEY")
        ->required()
        ->allow_extra_args(false);
    addWalkOptions(sub, a->options.jobs, a->progress, a->quiet, a->paths);
    return [a] { return stats(*a); };
}

} // namespace assetscope::cli
