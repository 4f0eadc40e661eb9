#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace assetscope {

// What a column of the `placements` listing holds.
enum class PlacementKind : std::uint8_t { Text, Unsigned, Real };

// A column of the listing. `bytes` is the width its values have in the file (Unsigned: 1, 2, 4 or
// 8; Real: 4 when every value is a float32, 8 otherwise), so a typed table holds them exactly.
// A Text column takes its values from `texts`: a file has few distinct ones (a list's letter, a
// block's template), so a row names one by its index and a writer spells each once.
struct PlacementColumn {
    std::string name;
    PlacementKind kind = PlacementKind::Unsigned;
    std::uint8_t bytes = 8;
    std::vector<std::string> texts;
};

// One cell, as its column says: a Real's `real`; an Unsigned's value, or a Text's index into its
// column's texts, in `integer`.
union PlacementCell {
    std::uint64_t integer;
    double real;
};

// Receives the `placements` listing of a placement file (ParsedFile::listPlacements): the columns
// and the number of rows once, then one row per placed instance, a cell per column. The format
// decides its columns; the writers (contract/placement_writers.h) and the Python module's table
// decide how values look. A row is one call, not one per cell: a listing runs to millions of rows.
class PlacementRowSink {
public:
    virtual ~PlacementRowSink() = default;
    virtual void begin(const std::vector<PlacementColumn>& columns, std::uint64_t rows) = 0;
    virtual void row(std::span<const PlacementCell> cells) = 0;
};

} // namespace assetscope
