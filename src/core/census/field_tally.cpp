#include "census/field_tally.h"

#include "bytes/number_text.h"
#include "tree/tree_writers.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace assetscope {

namespace {

// A value as a number, for min and max: integers exactly (long double holds 64 bits), floats
// when finite; nothing for text, flags, lists and containers.
std::optional<long double> numberOf(const Value& value) {
    if (const auto* v = std::get_if<std::int64_t>(&value)) return static_cast<long double>(*v);
    if (const auto* v = std::get_if<std::uint64_t>(&value)) return static_cast<long double>(*v);
    if (const auto* v = std::get_if<double>(&value))
        if (std::isfinite(*v)) return static_cast<long double>(*v);
    return std::nullopt;
}

// A value's JSON text read back as a number, when it is one (for ordering ties).
std::optional<double> numberOfText(const std::string& text) {
    if (text.empty()) return std::nullopt;
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size()) return std::nullopt;
    return v;
}

// Ties in count: numbers in numeric order, anything else by its text, numbers first.
bool tieOrder(const std::string& a, const std::string& b) {
    const auto na = numberOfText(a), nb = numberOfText(b);
    if (na && nb && *na != *nb) return *na < *nb;
    if (na.has_value() != nb.has_value()) return na.has_value();
    return a < b;
}

} // namespace

void FieldTally::add(const Value& value, std::uint64_t offset, std::uint64_t serial,
                     const std::shared_ptr<const std::string>& input) {
    ++m_occurrences;
    if (m_lastFile != serial) {
        m_lastFile = serial;
        ++m_files;
    }
    noteExtremes(value);
    std::string text = valueJson(value);
    auto it = m_values.find(text);
    if (it == m_values.end()) {
        if (m_values.size() >= FieldStats::kMaxDistinct) {
            m_full = true;
            return;
        }
        it = m_values.emplace(std::move(text), ValueCount{}).first;
    }
    ValueCount& v = it->second;
    ++v.count;
    if (v.lastFile == serial) return;
    v.lastFile = serial;
    ++v.files;
    // The examples are the files first in walk order, whichever order this worker saw them in
    // (the walk hands a worker its files in no particular order).
    if (v.examples.size() < FieldValueCount::kExamples) {
        v.examples.push_back({serial, offset, input});
        return;
    }
    const auto latest =
        std::max_element(v.examples.begin(), v.examples.end(),
                         [](const Example& a, const Example& b) { return a.serial < b.serial; });
    if (serial < latest->serial) *latest = {serial, offset, input};
}

void FieldTally::noteExtremes(const Value& value) {
    const auto n = numberOf(value);
    if (!n) return;
    if (!m_min || *n < *numberOf(*m_min)) m_min = value;
    if (!m_max || *n > *numberOf(*m_max)) m_max = value;
}

void FieldTally::noteExtremes(const std::optional<Value>& min, const std::optional<Value>& max) {
    if (min) noteExtremes(*min);
    if (max) noteExtremes(*max);
}

void FieldTally::mergeExamples(std::vector<Example>& into, std::vector<Example>&& from) {
    for (auto& e : from)
        into.push_back(std::move(e));
    std::sort(into.begin(), into.end(),
              [](const Example& a, const Example& b) { return a.serial < b.serial; });
    if (into.size() > FieldValueCount::kExamples) into.resize(FieldValueCount::kExamples);
}

void FieldTally::merge(FieldTally&& other) {
    // A file is read by one worker only, so files add up.
    m_files += other.m_files;
    m_occurrences += other.m_occurrences;
    m_full = m_full || other.m_full;
    noteExtremes(other.m_min, other.m_max);
    for (auto& [text, count] : other.m_values) {
        auto it = m_values.find(text);
        if (it == m_values.end()) {
            if (m_values.size() >= FieldStats::kMaxDistinct) {
                m_full = true;
                continue;
            }
            m_values.emplace(text, std::move(count));
            continue;
        }
        it->second.count += count.count;
        it->second.files += count.files;
        mergeExamples(it->second.examples, std::move(count.examples));
    }
}

FieldStats FieldTally::finish(std::string key, std::size_t top) const {
    FieldStats s;
    s.key = std::move(key);
    s.files = m_files;
    s.occurrences = m_occurrences;
    s.distinct = m_values.size();
    s.distinctIsLowerBound = m_full;
    if (m_min) s.min = valueJson(*m_min);
    if (m_max) s.max = valueJson(*m_max);
    std::vector<const std::pair<const std::string, ValueCount>*> order;
    order.reserve(m_values.size());
    for (const auto& entry : m_values)
        order.push_back(&entry);
    const auto before = [](const auto* a, const auto* b) {
        if (a->second.count != b->second.count) return a->second.count > b->second.count;
        return tieOrder(a->first, b->first);
    };
    const std::size_t shown = std::min(top, order.size());
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(shown), order.end(), before);
    std::uint64_t listed = 0;
    for (std::size_t i = 0; i < shown; ++i) {
        const ValueCount& v = order[i]->second;
        FieldValueCount out;
        out.value = order[i]->first;
        out.count = v.count;
        out.files = v.files;
        for (const Example& e : v.examples)
            out.examples.push_back(*e.input + "@" + hexText(e.offset));
        listed += v.count;
        s.values.push_back(std::move(out));
    }
    s.other = m_occurrences - listed;
    return s;
}

} // namespace assetscope
