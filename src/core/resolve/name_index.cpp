#include "resolve/name_index.h"

#include "bytes/ascii_case.h"

#include <algorithm>

namespace assetscope::resolve {

void NameIndex::add(std::string name) {
    m_byLowerCase[asciiLower(name)].push_back(std::move(name));
    ++m_count;
}

std::optional<std::string> NameIndex::find(std::string_view name) const {
    const auto at = m_byLowerCase.find(asciiLower(name));
    if (at == m_byLowerCase.end()) return std::nullopt;
    const std::vector<std::string>& spellings = at->second;
    if (std::find(spellings.begin(), spellings.end(), name) != spellings.end()) return std::string(name);
    return *std::min_element(spellings.begin(), spellings.end());
}

} // namespace assetscope::resolve
