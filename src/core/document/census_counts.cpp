#include "document/census_counts.h"

#include <algorithm>

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

void CensusCounts::addKind(std::string_view key, const std::string& kind, std::uint64_t n) {
    auto it = byKind.find(key);
    if (it == byKind.end())
        it = byKind.emplace(std::string(key), std::map<std::string, std::uint64_t>{}).first;
    it->second[kind] += n;
}

std::uint64_t CensusCounts::total(std::string_view key) const {
    const auto it = totals.find(key);
    return it == totals.end() ? 0 : it->second;
}

const std::map<std::string, std::uint64_t>& CensusCounts::kinds(std::string_view key) const {
    static const std::map<std::string, std::uint64_t> none;
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
            byKind[key][kind] += v;
    for (const auto& [rule, r] : o.refusals) {
        Refusal& mine = refusals[rule];
        mine.count += r.count;
        for (const auto& e : r.examples)
            keepExample(mine.examples, e);
    }
}

} // namespace assetscope
