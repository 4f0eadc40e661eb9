#pragma once

#include "contract/parsed_file.h"

#include <ostream>
#include <string_view>

namespace assetscope {

// The `placements` listing of the command-line contract: a `file` column naming `input`, then
// the file's own columns, one row per instance record in file order. Rows are streamed: a
// million of them never sit in memory at once. False, with nothing written, when the file
// places nothing (it is not a placement file).
bool writePlacementsCsv(std::ostream& out, std::string_view input, const ParsedFile& file);
// The same rows as a JSON array of objects; NaN and infinity, which JSON lacks, become null.
bool writePlacementsJson(std::ostream& out, std::string_view input, const ParsedFile& file);

} // namespace assetscope
