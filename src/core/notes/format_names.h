#pragma once

#include <set>
#include <string>
#include <string_view>

namespace assetscope::notes {

// The node names a format's trees are known to hold, as far as its generated samples show them:
// what a path note's segments are checked against. Built once, on first use, from every
// registered format's samples (each parsed as the registry detects it).
struct FormatNames {
    bool known = false;        // a registered format
    bool hasSamples = false;   // false: nothing to check names against
    std::set<std::string> top; // names directly below the file node
    std::set<std::string> any; // names at any depth (array elements' "[n]" left out)
};

const FormatNames& formatNames(std::string_view format);

// The registered formats' names, ", "-joined, for a refusal.
std::string knownFormatList();

} // namespace assetscope::notes
