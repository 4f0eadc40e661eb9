#pragma once

#include "archive/zip_archive.h"
#include "document/census_counts.h"

#include <string>
#include <vector>

namespace assetscope {

struct CensusOptions {
    int jobs = 1;
    archive::Limits limits;
};

// Strict reading of every supported file under each path (file, folder, archive, recursively),
// nodes switched off. Files no format claims are skipped; unreadable ones are refusals.
CensusCounts runCensus(const std::vector<std::string>& paths, const CensusOptions& options);

// One file's contribution (also what the GUI's folder census calls per file), opened through
// openInput's settings: its cell folder, and its companions (a MeshSet's <guid>.chunk) beside
// it, read within `limits`.
void censusOne(const std::string& input, const SharedBytes& bytes, const std::string& fileName,
               CensusCounts& counts, const archive::Limits& limits = {});

} // namespace assetscope
