#pragma once

#include "census/field_stats.h"

#include <QString>

namespace assetscope::app {

// What a folder showed for one field, in the documents' own way of saying it: the most frequent
// value and in how many of the files holding the field it occurs ("0 in 7,412 of 7,412 files"),
// then the occurrences, the distinct values and their range. `filesRead` (every supported file
// the run read) is said when some of them do not hold the field.
QString folderFinding(const FieldStats& stats, std::uint64_t filesRead);

} // namespace assetscope::app
