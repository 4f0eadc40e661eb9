#pragma once

#include "tree/structure_tree.h"

#include <cstdint>
#include <vector>

namespace assetscope::app {

struct ByteRange {
    std::uint64_t begin = 0;
    std::uint64_t end = 0; // one past
    bool operator==(const ByteRange&) const = default;
};

// Byte ranges of the source that no leaf node (field, bytes, array, error, or an empty
// container) covers, sorted. Containers alone do not account for their gaps: padding between
// blobs shows up here unless a parser recorded it.
std::vector<ByteRange> unaccountedRanges(const StructureTree& tree);

// The first range starting after `offset` / the last one starting before it; nullptr if none.
const ByteRange* nextRange(const std::vector<ByteRange>& ranges, std::uint64_t offset);
const ByteRange* previousRange(const std::vector<ByteRange>& ranges, std::uint64_t offset);
// Whether `offset` lies in one of the ranges (binary search).
bool inRanges(const std::vector<ByteRange>& ranges, std::uint64_t offset);

} // namespace assetscope::app
