#include "census/find_walk.h"

#include "census/census.h"
#include "census/parallel_walk.h"

#include <algorithm>
#include <tuple>

namespace assetscope {

namespace {

// One worker's share. Its files come in increasing walk order, so its earliest maxMatches
// matches are all it may need to keep: any later one comes after them overall too.
struct WorkerFinds {
    struct Kept {
        std::uint64_t serial;
        FoundMatch found;
    };
    std::vector<Kept> kept;
    std::vector<std::pair<std::uint64_t, std::string>> unreadable;
    std::uint64_t files = 0;
    std::uint64_t total = 0;
};

} // namespace

FindWalkResult runFind(const FindQuery& query, const std::vector<std::string>& paths,
                       const FindWalkOptions& options) {
    const std::size_t jobs = options.jobs > 1 ? static_cast<std::size_t>(options.jobs) : 1;
    std::vector<WorkerFinds> workers(jobs);
    FindWalkResult result;
    result.cancelled = !walkInParallel(
        paths, {options.jobs, options.limits, options.progress, options.cancel},
        [&](const InputTask& task, std::uint64_t serial, std::size_t worker) {
            WorkerFinds& mine = workers[worker];
            const LoadedInput loaded = task.load();
            if (!loaded.ok()) {
                mine.unreadable.emplace_back(serial, task.input + ": " + loaded.error);
                return;
            }
            FindControl control;
            control.maxMatches = options.maxMatches - std::min(options.maxMatches, mine.kept.size());
            control.cancel = options.cancel;
            const FindResult found =
                findInFile({task.input, loaded.name, loaded.bytes, nullptr, options.limits}, query, control);
            if (options.progress && loaded.bytes)
                options.progress->bytes.fetch_add(loaded.bytes->size(), std::memory_order_relaxed);
            if (!found.supported) return;
            ++mine.files;
            mine.total += found.total;
            for (const FindMatch& m : found.matches)
                mine.kept.push_back({serial, {task.input, m}});
        });
    std::vector<WorkerFinds::Kept> all;
    std::vector<std::pair<std::uint64_t, std::string>> unreadable;
    for (WorkerFinds& w : workers) {
        result.files += w.files;
        result.total += w.total;
        std::move(w.kept.begin(), w.kept.end(), std::back_inserter(all));
        std::move(w.unreadable.begin(), w.unreadable.end(), std::back_inserter(unreadable));
    }
    // Walk order, then the file's own order (offset; a text's ASCII match before its UTF-16LE one).
    std::stable_sort(all.begin(), all.end(), [](const auto& a, const auto& b) {
        return std::tie(a.serial, a.found.match.offset) < std::tie(b.serial, b.found.match.offset);
    });
    if (all.size() > options.maxMatches) all.resize(options.maxMatches);
    for (auto& k : all)
        result.matches.push_back(std::move(k.found));
    std::sort(unreadable.begin(), unreadable.end());
    for (auto& u : unreadable)
        result.unreadable.push_back(std::move(u.second));
    return result;
}

} // namespace assetscope
