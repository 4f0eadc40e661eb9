#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace assetscope {

// Receives the `placements` listing of a placement file (ParsedFile::listPlacements): its column
// names once, then one row per placed instance, each value in column order. The format decides
// what its columns are; the writers (document/placement_writers.h) decide how values look.
class PlacementRowSink {
public:
    virtual ~PlacementRowSink() = default;
    virtual void columns(const std::vector<std::string>& names) = 0;
    virtual void beginRow() = 0;
    virtual void text(std::string_view value) = 0;
    virtual void integer(std::uint64_t value) = 0;
    virtual void real(double value) = 0;
    virtual void endRow() = 0;
};

} // namespace assetscope
