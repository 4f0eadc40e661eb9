#pragma once

#include "docs/doc_table.h"

#include <ostream>
#include <vector>

namespace assetscope {

// `fields --json`'s array: one object per documented-field row, {"key", "format", "structure",
// "offset", "size", "type", "field", "confidence", "note"}, all strings.
void writeFieldRowsJson(std::ostream& out, const std::vector<const DocField*>& rows);

} // namespace assetscope
