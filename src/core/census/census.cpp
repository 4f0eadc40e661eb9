#include "census/census.h"

#include "document/open_input.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace assetscope {

void censusOne(const std::string& input, const SharedBytes& bytes, const std::string& fileName,
               CensusCounts& counts, const archive::Limits& limits) {
    ParseSettings settings;
    settings.recordNodes = false;
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

namespace {

void runTask(const InputTask& task, const archive::Limits& limits, CensusCounts& counts,
             CensusProgress* progress) {
    const LoadedInput loaded = task.load();
    if (!loaded.ok()) {
        counts.addRefusal("input.unreadable", task.input + ": " + loaded.error);
    } else {
        censusOne(task.input, loaded.bytes, loaded.name, counts, limits);
        if (progress && loaded.bytes)
            progress->bytes.fetch_add(loaded.bytes->size(), std::memory_order_relaxed);
    }
    if (progress) progress->done.fetch_add(1, std::memory_order_relaxed);
}

// A bounded queue between the walk (which opens archives) and the workers (which decompress
// and parse), so memory stays flat however many files there are. Tasks travel in batches: a
// small file takes tens of microseconds, and a lock and a wake-up per file would cost as much.
class TaskQueue {
public:
    static constexpr std::size_t kBatch = 32;
    using Batch = std::vector<InputTask>;

    explicit TaskQueue(std::size_t capacity) : m_capacity(capacity) {}
    // False, and the batch left as it is, when the queue is full.
    bool tryPush(Batch& batch) {
        std::lock_guard lock(m_mutex);
        if (m_batches.size() >= m_capacity) return false;
        m_batches.push_back(std::move(batch));
        m_notEmpty.notify_one();
        return true;
    }
    // Without waiting: false when the queue is empty.
    bool tryPop(Batch& batch) {
        std::lock_guard lock(m_mutex);
        if (m_batches.empty()) return false;
        batch = std::move(m_batches.front());
        m_batches.pop_front();
        return true;
    }
    bool pop(Batch& batch) {
        std::unique_lock lock(m_mutex);
        m_notEmpty.wait(lock, [&] { return !m_batches.empty() || m_closed; });
        if (m_batches.empty()) return false;
        batch = std::move(m_batches.front());
        m_batches.pop_front();
        return true;
    }
    void close() {
        std::lock_guard lock(m_mutex);
        m_closed = true;
        m_notEmpty.notify_all();
    }

private:
    std::size_t m_capacity;
    std::deque<Batch> m_batches;
    bool m_closed = false;
    std::mutex m_mutex;
    std::condition_variable m_notEmpty;
};

} // namespace

CensusCounts runCensus(const std::vector<std::string>& paths, const CensusOptions& options) {
    CensusCounts total;
    CensusProgress* progress = options.progress;
    const auto found = [progress] {
        if (progress) progress->found.fetch_add(1, std::memory_order_relaxed);
    };
    if (options.jobs <= 1) {
        for (const auto& path : paths)
            walkInputs(path, options.limits, [&](InputTask task) {
                found();
                runTask(task, options.limits, total, progress);
            });
        return total;
    }
    // The walking thread is one of the `jobs`: it reads a batch itself whenever the queue is
    // full, and what is left once the walk ends, so no core waits while another walks.
    const auto jobs = static_cast<std::size_t>(options.jobs);
    TaskQueue queue(jobs * 2);
    std::vector<CensusCounts> partial(jobs);
    const auto runBatch = [&](const TaskQueue::Batch& batch, CensusCounts& counts) {
        for (const InputTask& task : batch)
            runTask(task, options.limits, counts, progress);
    };
    std::vector<std::thread> workers;
    for (std::size_t i = 1; i < jobs; ++i)
        workers.emplace_back([&, i] {
            TaskQueue::Batch batch;
            while (queue.pop(batch))
                runBatch(batch, partial[i]);
        });
    TaskQueue::Batch batch;
    for (const auto& path : paths)
        walkInputs(path, options.limits, [&](InputTask task) {
            found();
            batch.push_back(std::move(task));
            if (batch.size() < TaskQueue::kBatch) return;
            if (!queue.tryPush(batch)) runBatch(batch, partial[0]);
            batch.clear();
        });
    runBatch(batch, partial[0]);
    while (queue.tryPop(batch))
        runBatch(batch, partial[0]);
    queue.close();
    for (auto& w : workers)
        w.join();
    for (const auto& p : partial)
        total.merge(p);
    return total;
}

} // namespace assetscope
