#include "census/census.h"

#include "census/parallel_walk.h"
#include "open/open_input.h"

#include <vector>

namespace assetscope {

void censusOne(const std::string& input, const SharedBytes& bytes, const std::string& fileName,
               CensusCounts& counts, const archive::Limits& limits, FieldTap* tap) {
    ParseSettings settings;
    settings.recordNodes = false;
    settings.tap = tap;
    const OpenedInput opened = openLoaded(input, LoadedInput{bytes, fileName, {}}, settings, limits);
    // Files no format claims are not the census's business; a reader always gives a result.
    if (!opened.parsed) return;
    const ParsedFile& parsed = *opened.parsed;
    ++counts.files;
    ++counts.byFormat[std::string(parsed.format())];
    parsed.count(counts);
    for (const auto& d : parsed.tree().diagnostics())
        if (d.diagnostic.severity == Severity::Error)
            counts.addRefusal(d.diagnostic.rule, input + ": " + d.diagnostic.message,
                              d.diagnostic.occurrences());
}

void censusTask(const InputTask& task, const archive::Limits& limits, CensusCounts& counts,
                CensusProgress* progress, FieldTap* tap) {
    const LoadedInput loaded = task.load();
    if (!loaded.ok()) {
        counts.addRefusal("input.unreadable", task.input + ": " + loaded.error);
        return;
    }
    censusOne(task.input, loaded.bytes, loaded.name, counts, limits, tap);
    if (progress && loaded.bytes) progress->bytes.fetch_add(loaded.bytes->size(), std::memory_order_relaxed);
}

CensusCounts runCensus(const std::vector<std::string>& paths, const CensusOptions& options) {
    const std::size_t jobs = options.jobs > 1 ? static_cast<std::size_t>(options.jobs) : 1;
    std::vector<CensusCounts> partial(jobs);
    walkInParallel(paths, {options.jobs, options.limits, options.progress, options.cancel},
                   [&](const InputTask& task, std::uint64_t, std::size_t worker) {
                       censusTask(task, options.limits, partial[worker], options.progress);
                   });
    CensusCounts total;
    for (const auto& p : partial)
        total.merge(p);
    return total;
}

} // namespace assetscope
