#pragma once

#include "formats/pgeo/pgeo_file.h"

#include <ostream>
#include <string_view>

namespace assetscope::pgeo {

// The `placements` listing of the command-line contract: one row per instance record in file
// order, in the columns of placementColumns(), `input` naming the file in each row. Rows are
// streamed: a million of them never sit in memory at once.
void writePlacementsCsv(std::ostream& out, std::string_view input, const PgeoFile& file);
// The same rows as a JSON array of objects; NaN and infinity, which JSON lacks, become null.
void writePlacementsJson(std::ostream& out, std::string_view input, const PgeoFile& file);

} // namespace assetscope::pgeo
