#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace assetscope {

// `info` stays one screen on any input: every list it prints shows this many entries, then says
// how many more there are.
inline constexpr std::size_t kInfoListShown = 10;

// The items joined with ", "; past the first kInfoListShown, "and N more" in their place.
std::string infoList(const std::vector<std::string>& items);

// The words after the shown entries of a list of `total`: "and N more" (empty when all fit).
std::string infoListRest(std::size_t total);

} // namespace assetscope
