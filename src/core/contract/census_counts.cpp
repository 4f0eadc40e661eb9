#include "contract/census_counts.h"

#include <algorithm>
#include <stdexcept>

namespace assetscope {

namespace {

// Keeps the smallest examples in order, so the report does not depend on thread timing.
void keepExample(std::vector<std::string>& examples, const std::string& example) {
    auto at = std::lower_bound(examples.begin(), examples.end(), example);
    if (at != examples.end() && *at == example) return;
    examples.insert(at, example);
    if (examples.size() > CensusCounts::kExamplesPerRule) examples.pop_back();
}

bool namedByContract(std::string_view key) {
    return std::any_of(kContractCounts.begin(), kContractCounts.end(),
                       [key](const ContractCount& count) { return count.key == key; });
}

} // namespace

// Looked up before inserting: a census adds to the same few keys millions of times, and a key
// is made into a string only the first time.
void CensusCounts::add(std::string_view key, std::uint64_t n) {
    auto it = totals.find(key);
    if (it == totals.end()) it = totals.emplace(std::string(key), 0).first;
    it->second += n;
}

void KindCounts::add(std::string_view kind, std::uint64_t n) {
    auto at = std::lower_bound(m_entries.begin(), m_entries.end(), kind,
                               [](const Entry& e, std::string_view k) { return e.first < k; });
    if (at == m_entries.end() || at->first != kind) at = m_entries.emplace(at, std::string(kind), 0);
    at->second += n;
}

std::uint64_t KindCounts::at(std::string_view kind) const {
    const auto it = std::lower_bound(m_entries.begin(), m_entries.end(), kind,
                                     [](const Entry& e, std::string_view k) { return e.first < k; });
    if (it == m_entries.end() || it->first != kind)
        throw std::out_of_range("no count of " + std::string(kind));
    return it->second;
}

void CensusCounts::addKind(std::string_view key, std::string_view kind, std::uint64_t n) {
    auto it = byKind.find(key);
    if (it == byKind.end()) it = byKind.emplace(std::string(key), KindCounts{}).first;
    it->second.add(kind, n);
}

std::uint64_t CensusCounts::total(std::string_view key) const {
    const auto it = totals.find(key);
    return it == totals.end() ? 0 : it->second;
}

const KindCounts& CensusCounts::kinds(std::string_view key) const {
    static const KindCounts none;
    const auto it = byKind.find(key);
    return it == byKind.end() ? none : it->second;
}

std::vector<std::string> ownCountKeys(const CensusCounts& counts) {
    std::vector<std::string> keys;
    for (const auto& [key, n] : counts.totals)
        if (!namedByContract(key)) keys.push_back(key);
    for (const auto& [key, n] : counts.byKind)
        if (!namedByContract(key) && !counts.totals.contains(key)) keys.push_back(key);
    std::sort(keys.begin(), keys.end());
    return keys;
}

void CensusCounts::addRefusal(const std::string& rule, const std::string& example,
                              std::uint64_t occurrences) {
    Refusal& r = refusals[rule];
    r.count += occurrences;
    keepExample(r.examples, example);
}

void CensusCounts::merge(const CensusCounts& o) {
    files += o.files;
    for (const auto& [k, v] : o.byFormat)
        byFormat[k] += v;
    for (const auto& [k, v] : o.totals)
        totals[k] += v;
    for (const auto& [key, kindCounts] : o.byKind)
        for (const auto& [kind, v] : kindCounts)
            addKind(key, kind, v);
    for (const auto& [rule, r] : o.refusals) {
        Refusal& mine = refusals[rule];
        mine.count += r.count;
        for (const auto& e : r.examples)
            keepExample(mine.examples, e);
    }
}

} // namespace assetscope
