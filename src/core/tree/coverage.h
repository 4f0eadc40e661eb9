#pragma once

#include "tree/structure_tree.h"

#include <cstdint>
#include <string>
#include <vector>

namespace assetscope {

struct ByteRange {
    std::uint64_t begin = 0;
    std::uint64_t end = 0; // one past
    bool operator==(const ByteRange&) const = default;
};

// Byte ranges of the source that no leaf node (field, bytes, array, error, or an empty
// container) covers, sorted. Containers alone do not account for their gaps: padding between
// blobs shows up here unless a parser recorded it.
std::vector<ByteRange> unaccountedRanges(const StructureTree& tree);

// What `info` prints about them: "N bytes in K ranges" (singular where one).
std::uint64_t rangeBytes(const std::vector<ByteRange>& ranges);
std::string unaccountedSummary(const std::vector<ByteRange>& ranges);

// For each range, the node it falls in: the innermost container around the node that ends
// where the range begins (or starts where it ends), so `dump` can mark the range beside the
// fields it sits between. kNoNode only for a tree without nodes.
std::vector<NodeId> unaccountedOwners(const StructureTree& tree, const std::vector<ByteRange>& ranges);

// The first range starting after `offset` / the last one starting before it; nullptr if none.
const ByteRange* nextRange(const std::vector<ByteRange>& ranges, std::uint64_t offset);
const ByteRange* previousRange(const std::vector<ByteRange>& ranges, std::uint64_t offset);
// Whether `offset` lies in one of the ranges (binary search).
bool inRanges(const std::vector<ByteRange>& ranges, std::uint64_t offset);

} // namespace assetscope
