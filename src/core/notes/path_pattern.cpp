#include "notes/path_pattern.h"

namespace assetscope::notes {

std::vector<std::string> pathSegments(std::string_view path) {
    std::vector<std::string> segments;
    std::size_t start = 0;
    while (start <= path.size()) {
        const std::size_t slash = path.find('/', start);
        const std::size_t end = slash == std::string_view::npos ? path.size() : slash;
        segments.emplace_back(path.substr(start, end - start));
        if (slash == std::string_view::npos) break;
        start = slash + 1;
    }
    return segments;
}

bool segmentMatches(std::string_view pattern, std::string_view name) {
    // Greedy glob with one backtrack point: the last '*' seen takes one more character when the
    // rest fails, which is enough for '*' and '?' and stays linear in practice.
    std::size_t p = 0, n = 0;
    std::size_t star = std::string_view::npos, starName = 0;
    while (n < name.size()) {
        if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == name[n])) {
            ++p;
            ++n;
        } else if (p < pattern.size() && pattern[p] == '*') {
            star = p++;
            starName = n;
        } else if (star != std::string_view::npos) {
            p = star + 1;
            n = ++starName;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*')
        ++p;
    return p == pattern.size();
}

bool pathMatches(const std::vector<std::string>& pattern, const std::vector<std::string>& names) {
    if (pattern.size() != names.size()) return false;
    for (std::size_t i = 0; i < names.size(); ++i)
        if (!segmentMatches(pattern[i], names[i])) return false;
    return true;
}

bool hasWildcard(std::string_view segment) {
    return segment.find_first_of("*?") != std::string_view::npos;
}

} // namespace assetscope::notes
