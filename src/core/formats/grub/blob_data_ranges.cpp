#include "formats/grub/blob_data_ranges.h"

#include <algorithm>
#include <numeric>

namespace assetscope::grub {

std::vector<bool> overlappingRanges(const std::vector<DataRange>& ranges) {
    std::vector<std::size_t> order(ranges.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return ranges[a].begin != ranges[b].begin ? ranges[a].begin < ranges[b].begin : a < b;
    });
    std::vector<bool> overlaps(ranges.size(), false);
    // Sweep in start order, keeping the range that reaches furthest: a range starting before
    // that end shares bytes with it.
    std::size_t furthest = ranges.size();
    for (std::size_t i : order) {
        const DataRange& r = ranges[i];
        if (r.begin >= r.end) continue;
        if (furthest != ranges.size() && r.begin < ranges[furthest].end) {
            overlaps[i] = true;
            overlaps[furthest] = true;
        }
        if (furthest == ranges.size() || r.end > ranges[furthest].end) furthest = i;
    }
    return overlaps;
}

} // namespace assetscope::grub
