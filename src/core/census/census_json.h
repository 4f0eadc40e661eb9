#pragma once

#include "census/field_stats.h"
#include "contract/census_counts.h"

#include <ostream>

namespace assetscope {

// `census --json`'s object (cli-contract.md): files, by_format, the contract's counts, refusals,
// then a format's own counts. What the command prints and the Python module returns.
void writeCensusJson(std::ostream& out, const CensusCounts& counts);

// `stats --json`'s object: {"files": n, "fields": {KEY: {...}}}, values as `dump --json` prints them.
void writeFieldStatsJson(std::ostream& out, const FieldStatsResult& result);

} // namespace assetscope
