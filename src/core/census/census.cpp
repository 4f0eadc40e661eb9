#include "census/census.h"

#include "document/open_input.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

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
// and parse), so memory stays flat however many files there are.
class TaskQueue {
public:
    explicit TaskQueue(std::size_t capacity) : m_capacity(capacity) {}
    void push(InputTask task) {
        std::unique_lock lock(m_mutex);
        m_notFull.wait(lock, [&] { return m_tasks.size() < m_capacity; });
        m_tasks.push_back(std::move(task));
        m_notEmpty.notify_one();
    }
    bool pop(InputTask& task) {
        std::unique_lock lock(m_mutex);
        m_notEmpty.wait(lock, [&] { return !m_tasks.empty() || m_closed; });
        if (m_tasks.empty()) return false;
        task = std::move(m_tasks.front());
        m_tasks.pop_front();
        m_notFull.notify_one();
        return true;
    }
    void close() {
        std::lock_guard lock(m_mutex);
        m_closed = true;
        m_notEmpty.notify_all();
    }

private:
    std::size_t m_capacity;
    std::deque<InputTask> m_tasks;
    bool m_closed = false;
    std::mutex m_mutex;
    std::condition_variable m_notEmpty, m_notFull;
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
    const auto jobs = static_cast<std::size_t>(options.jobs);
    TaskQueue queue(jobs * 64);
    std::vector<CensusCounts> partial(jobs);
    std::vector<std::thread> workers;
    for (std::size_t i = 0; i < jobs; ++i)
        workers.emplace_back([&, i] {
            InputTask task;
            while (queue.pop(task))
                runTask(task, options.limits, partial[i], progress);
        });
    for (const auto& path : paths)
        walkInputs(path, options.limits, [&](InputTask task) {
            found();
            queue.push(std::move(task));
        });
    queue.close();
    for (auto& w : workers)
        w.join();
    for (const auto& p : partial)
        total.merge(p);
    return total;
}

} // namespace assetscope
