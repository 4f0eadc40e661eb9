#include "census/field_stats.h"

#include "census/field_tally.h"
#include "census/parallel_walk.h"
#include "tree/field_tap.h"

#include <memory>

namespace assetscope {

namespace {

// One worker's tap: the wanted fields of the file being read go to that worker's tallies.
class StatsTap final : public FieldTap {
public:
    StatsTap(const std::vector<std::string>& keys, const std::atomic<bool>* cancel)
        : FieldTap(keys), m_tallies(keys.size()), m_cancel(cancel) {}

    void beginFile(const std::string& input, std::uint64_t serial) {
        m_input = &input;
        m_shared.reset();
        m_serial = serial;
    }
    bool stopped() const override { return m_cancel && m_cancel->load(std::memory_order_relaxed); }
    std::vector<FieldTally>& tallies() { return m_tallies; }

private:
    void take(std::size_t index, std::uint64_t offset, const Value& value) override {
        // One string per file that has an occurrence, shared by its examples.
        if (!m_shared) m_shared = std::make_shared<const std::string>(*m_input);
        m_tallies[index].add(value, offset, m_serial, m_shared);
    }

    std::vector<FieldTally> m_tallies;
    const std::atomic<bool>* m_cancel;
    const std::string* m_input = nullptr;
    std::shared_ptr<const std::string> m_shared;
    std::uint64_t m_serial = 0;
};

} // namespace

FieldStatsResult runFieldStats(const std::vector<std::string>& keys, const std::vector<std::string>& paths,
                               const FieldStatsOptions& options) {
    const std::size_t jobs = options.jobs > 1 ? static_cast<std::size_t>(options.jobs) : 1;
    std::vector<CensusCounts> counts(jobs);
    std::vector<std::unique_ptr<StatsTap>> taps;
    for (std::size_t i = 0; i < jobs; ++i)
        taps.push_back(std::make_unique<StatsTap>(keys, options.cancel));
    FieldStatsResult result;
    result.cancelled =
        !walkInParallel(paths, {options.jobs, options.limits, options.progress, options.cancel},
                        [&](const InputTask& task, std::uint64_t serial, std::size_t worker) {
                            StatsTap& tap = *taps[worker];
                            tap.beginFile(task.input, serial);
                            censusTask(task, options.limits, counts[worker], options.progress, &tap);
                        });
    for (const auto& c : counts)
        result.counts.merge(c);
    result.files = result.counts.files;
    for (std::size_t k = 0; k < keys.size(); ++k) {
        FieldTally total;
        for (auto& tap : taps)
            total.merge(std::move(tap->tallies()[k]));
        result.fields.push_back(total.finish(keys[k], options.top));
    }
    return result;
}

} // namespace assetscope
