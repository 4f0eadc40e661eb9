#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace assetscope::notes {

// A node path's segments: '/'-separated names below the file node ("bundle/header/tag").
std::vector<std::string> pathSegments(std::string_view path);

// Whether one name matches one pattern segment: '*' stands for any run of characters, '?' for
// one character, anything else for itself (case-sensitive, as node names are).
bool segmentMatches(std::string_view pattern, std::string_view name);

// Whether a node, given by its names below the file node, matches a pattern segment for segment.
bool pathMatches(const std::vector<std::string>& pattern, const std::vector<std::string>& names);

bool hasWildcard(std::string_view segment);

} // namespace assetscope::notes
