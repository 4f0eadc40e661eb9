#pragma once

#include <cstdint>
#include <vector>

namespace assetscope::grub {

// A blob's data as its record places it, relative to the bundle's start.
struct DataRange {
    std::uint64_t begin = 0;
    std::uint64_t end = 0;
};

// For each range, whether it shares a byte with another range (empty ranges share none).
// Nested bundles are read only from blob data that no other blob claims, so that a bundle
// cannot be read again through blobs that point back at it.
std::vector<bool> overlappingRanges(const std::vector<DataRange>& ranges);

} // namespace assetscope::grub
