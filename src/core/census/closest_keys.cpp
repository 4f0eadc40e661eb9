#include "census/field_stats.h"

#include "docs/doc_table.h"

#include <algorithm>
#include <string_view>
#include <tuple>

namespace assetscope {

namespace {

// Edits (insert, delete, replace one character) that turn `a` into `b`.
std::size_t editDistance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

std::string_view lastPart(std::string_view key) {
    return key.substr(key.rfind('/') + 1);
}

} // namespace

std::vector<std::string> closestKeys(const std::string& key, std::size_t count) {
    // Near on the whole key ("grub/header/blob_cont") or on its field name alone ("blob_count",
    // or a field asked of the wrong structure): the nearer of the two, then the whole key decides.
    using Ranked = std::tuple<std::size_t, std::size_t, std::string_view>;
    std::vector<Ranked> ranked;
    for (const DocField& row : DocTable::instance().fields()) {
        const std::size_t whole = editDistance(key, row.key);
        const std::size_t field = editDistance(lastPart(key), lastPart(row.key));
        ranked.emplace_back(std::min(whole, field), whole, row.key);
    }
    const std::size_t n = std::min(count, ranked.size());
    std::partial_sort(ranked.begin(), ranked.begin() + static_cast<std::ptrdiff_t>(n), ranked.end());
    std::vector<std::string> out;
    for (std::size_t i = 0; i < n; ++i)
        out.emplace_back(std::get<2>(ranked[i]));
    return out;
}

} // namespace assetscope
