#include "find/find_walk.h"

#include "census/census.h"
#include "census/parallel_walk.h"

#include <algorithm>
#include <iterator>
#include <limits>
#include <map>
#include <mutex>
#include <tuple>

namespace assetscope {

namespace {

// One worker's share: at most 2 × maxMatches kept, trimmed to its earliest maxMatches (walk
// order, then offset) when it grows past that; the merge takes the earliest of all workers'.
// A worker's files do not always come in walk order (the walking thread reads a batch of its
// own when the queue is full, and the queue's older batches at the end), so the earliest are
// chosen by serial, not by arrival.
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

void sortKept(std::vector<WorkerFinds::Kept>& kept) {
    std::stable_sort(kept.begin(), kept.end(), [](const auto& a, const auto& b) {
        return std::tie(a.serial, a.found.match.offset) < std::tie(b.serial, b.found.match.offset);
    });
}

// Which files can still show a match: once the files up to some serial hold maxMatches
// matches, no later file's can be printed, and its nodes need not be looked up (reading the
// file again with nodes on). Files are noted as they are searched, in any order; the cutoff
// only moves earlier, and the counts past it are dropped, so the table stays small.
class MatchLedger {
public:
    explicit MatchLedger(std::uint64_t maxMatches) : m_max(maxMatches) {}
    // Notes file `serial`'s `matches`; whether they can still be among the first maxMatches.
    bool keep(std::uint64_t serial, std::uint64_t matches) {
        const std::lock_guard lock(m_mutex);
        if (serial > m_cutoff) return false;
        m_counts[serial] += matches;
        std::uint64_t running = 0;
        for (auto it = m_counts.begin(); it != m_counts.end(); ++it) {
            running += it->second;
            if (running < m_max) continue;
            m_cutoff = it->first;
            m_counts.erase(std::next(it), m_counts.end());
            break;
        }
        return serial <= m_cutoff;
    }

private:
    const std::uint64_t m_max;
    std::mutex m_mutex;
    std::map<std::uint64_t, std::uint64_t> m_counts; // serial -> matches, up to the cutoff
    std::uint64_t m_cutoff = std::numeric_limits<std::uint64_t>::max();
};

struct WalkState {
    const FindQuery& query;
    const FindWalkOptions& options;
    std::vector<WorkerFinds> workers;
    MatchLedger ledger;
};

// One file the walk found: loaded, searched, its matches kept while the worker has room and no
// earlier files fill the limit.
void searchTask(WalkState& state, const InputTask& task, std::uint64_t serial, std::size_t worker) {
    const FindWalkOptions& options = state.options;
    WorkerFinds& mine = state.workers[worker];
    const LoadedInput loaded = task.load();
    if (!loaded.ok()) {
        mine.unreadable.emplace_back(serial, task.input + ": " + loaded.error);
        return;
    }
    FindControl control;
    control.maxMatches = options.maxMatches;
    control.cancel = options.cancel;
    control.keep = [&](std::uint64_t total) { return state.ledger.keep(serial, total); };
    const FindResult found =
        findInFile({task.input, loaded.name, loaded.bytes, nullptr, options.limits}, state.query, control);
    if (options.progress && loaded.bytes)
        options.progress->bytes.fetch_add(loaded.bytes->size(), std::memory_order_relaxed);
    if (!found.supported) return;
    ++mine.files;
    mine.total += found.total;
    for (const FindMatch& m : found.matches)
        mine.kept.push_back({serial, {task.input, m}});
    if (mine.kept.size() > 2 * options.maxMatches) {
        sortKept(mine.kept);
        mine.kept.resize(options.maxMatches);
    }
}

} // namespace

FindWalkResult runFind(const FindQuery& query, const std::vector<std::string>& paths,
                       const FindWalkOptions& options) {
    const std::size_t jobs = options.jobs > 1 ? static_cast<std::size_t>(options.jobs) : 1;
    WalkState state{query, options, std::vector<WorkerFinds>(jobs), MatchLedger(options.maxMatches)};
    FindWalkResult result;
    result.cancelled =
        !walkInParallel(paths, {options.jobs, options.limits, options.progress, options.cancel},
                        [&](const InputTask& task, std::uint64_t serial, std::size_t worker) {
                            searchTask(state, task, serial, worker);
                        });
    std::vector<WorkerFinds::Kept> all;
    std::vector<std::pair<std::uint64_t, std::string>> unreadable;
    for (WorkerFinds& w : state.workers) {
        result.files += w.files;
        result.total += w.total;
        std::move(w.kept.begin(), w.kept.end(), std::back_inserter(all));
        std::move(w.unreadable.begin(), w.unreadable.end(), std::back_inserter(unreadable));
    }
    // Walk order, then the file's own order (offset; a text's ASCII match before its UTF-16LE one).
    sortKept(all);
    if (all.size() > options.maxMatches) all.resize(options.maxMatches);
    for (auto& k : all)
        result.matches.push_back(std::move(k.found));
    std::sort(unreadable.begin(), unreadable.end());
    for (auto& u : unreadable)
        result.unreadable.push_back(std::move(u.second));
    return result;
}

} // namespace assetscope
