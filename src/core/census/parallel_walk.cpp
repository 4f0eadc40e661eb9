#include "census/parallel_walk.h"

#include "census/census.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <utility>

namespace assetscope {

namespace {

struct NumberedTask {
    InputTask task;
    std::uint64_t serial = 0;
};

// A bounded queue between the walk (which opens archives) and the workers (which decompress
// and parse), so memory stays flat however many files there are. Tasks travel in batches: a
// small file takes tens of microseconds, and a lock and a wake-up per file would cost as much.
class TaskQueue {
public:
    static constexpr std::size_t kBatch = 32;
    using Batch = std::vector<NumberedTask>;

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
        return takeFront(batch);
    }
    // Waits for a batch; false once the queue is closed and empty.
    bool pop(Batch& batch) {
        std::unique_lock lock(m_mutex);
        m_notEmpty.wait(lock, [&] { return !m_batches.empty() || m_closed; });
        return takeFront(batch);
    }
    void close() {
        std::lock_guard lock(m_mutex);
        m_closed = true;
        m_notEmpty.notify_all();
    }
    // A batch whose files a worker has read goes back to the walking thread, which made its
    // tasks (their closures, names and raw entry bytes): glibc frees a block into the arena that
    // allocated it, under that arena's lock, so freeing them on the worker made it wait for the
    // walker's own allocations.
    void giveBack(Batch& batch) {
        std::lock_guard lock(m_mutex);
        m_spent.push_back(std::move(batch));
        batch.clear();
    }
    // Frees the batches given back, outside the lock; called by the walking thread.
    void freeSpent() {
        std::deque<Batch> spent;
        {
            std::lock_guard lock(m_mutex);
            spent.swap(m_spent);
        }
    }

private:
    // Called with the lock held.
    bool takeFront(Batch& batch) {
        if (m_batches.empty()) return false;
        batch = std::move(m_batches.front());
        m_batches.pop_front();
        return true;
    }

    std::size_t m_capacity;
    std::deque<Batch> m_batches;
    std::deque<Batch> m_spent;
    bool m_closed = false;
    std::mutex m_mutex;
    std::condition_variable m_notEmpty;
};

} // namespace

bool walkInParallel(const std::vector<std::string>& paths, const WalkSettings& settings,
                    const FileVisit& visit) {
    CensusProgress* progress = settings.progress;
    const auto cancelled = [&] {
        return settings.cancel && settings.cancel->load(std::memory_order_relaxed);
    };
    std::uint64_t serial = 0;
    const auto numbered = [&](InputTask task) {
        if (progress) progress->found.fetch_add(1, std::memory_order_relaxed);
        return NumberedTask{std::move(task), serial++};
    };
    const auto run = [&](const NumberedTask& t, std::size_t worker) {
        if (cancelled()) return;
        visit(t.task, t.serial, worker);
        if (progress) progress->done.fetch_add(1, std::memory_order_relaxed);
    };
    if (settings.jobs <= 1) {
        for (const auto& path : paths)
            walkInputs(path, settings.limits, [&](InputTask task) {
                if (!cancelled()) run(numbered(std::move(task)), 0);
            });
        return !cancelled();
    }
    // The walking thread is one of the `jobs`: it reads a batch itself whenever the queue is
    // full, and what is left once the walk ends, so no core waits while another walks.
    const auto jobs = static_cast<std::size_t>(settings.jobs);
    TaskQueue queue(jobs * 2);
    const auto runBatch = [&](const TaskQueue::Batch& batch, std::size_t worker) {
        for (const NumberedTask& t : batch)
            run(t, worker);
    };
    std::vector<std::thread> workers;
    for (std::size_t i = 1; i < jobs; ++i)
        workers.emplace_back([&, i] {
            TaskQueue::Batch batch;
            while (queue.pop(batch)) {
                runBatch(batch, i);
                queue.giveBack(batch);
            }
        });
    // Small entries travel with their raw bytes (at most 64 KiB each, so a queued batch stays
    // small); the workers then never take turns at an archive's libzip handle.
    constexpr std::uint64_t kPrefetchUpTo = std::uint64_t{64} << 10;
    TaskQueue::Batch batch;
    for (const auto& path : paths)
        walkInputs(
            path, settings.limits,
            [&](InputTask task) {
                if (cancelled()) return;
                batch.push_back(numbered(std::move(task)));
                if (batch.size() < TaskQueue::kBatch) return;
                if (!queue.tryPush(batch)) runBatch(batch, 0);
                batch.clear();
                queue.freeSpent();
            },
            kPrefetchUpTo);
    runBatch(batch, 0);
    while (queue.tryPop(batch))
        runBatch(batch, 0);
    queue.close();
    for (auto& w : workers)
        w.join();
    return !cancelled();
}

} // namespace assetscope
