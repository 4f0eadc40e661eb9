#pragma once

#include "census/field_stats.h"
#include "tree/structure_tree.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace assetscope {

// One worker's count of one documented field, merged with the other workers' at the end.
// Bounded: at most FieldStats::kMaxDistinct values are kept with their counts; occurrences of
// values met once the table is full still count towards occurrences, min and max.
class FieldTally {
public:
    // One occurrence in the file with walk-order `serial` (a worker's serials only grow), named
    // `input` (shared by that file's examples, made when the first one is kept).
    void add(const Value& value, std::uint64_t offset, std::uint64_t serial,
             const std::shared_ptr<const std::string>& input);
    void merge(FieldTally&& other);
    // The summary: the `top` most frequent values, the rest counted as `other`.
    FieldStats finish(std::string key, std::size_t top) const;

private:
    struct Example {
        std::uint64_t serial = 0; // the file's place in walk order: examples are the earliest files
        std::uint64_t offset = 0;
        std::shared_ptr<const std::string> input;
    };
    struct ValueCount {
        std::uint64_t count = 0;
        std::uint64_t files = 0;
        std::uint64_t lastFile = kNoFile;
        std::vector<Example> examples; // the first occurrence in each of the earliest files
    };
    static constexpr std::uint64_t kNoFile = ~std::uint64_t{0};
    void noteExtremes(const Value& value);
    void noteExtremes(const std::optional<Value>& min, const std::optional<Value>& max);
    static void mergeExamples(std::vector<Example>& into, std::vector<Example>&& from);

    std::uint64_t m_files = 0;
    std::uint64_t m_lastFile = kNoFile;
    std::uint64_t m_occurrences = 0;
    std::unordered_map<std::string, ValueCount> m_values; // by the value's JSON text
    bool m_full = false;                                  // a value was left out: distinct is a lower bound
    std::optional<Value> m_min, m_max;
};

} // namespace assetscope
