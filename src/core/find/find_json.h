#pragma once

#include "find/find_walk.h"

#include <ostream>

namespace assetscope {

// `find --json`'s object: {"files": n, "matches": [{"input", "offset", "size", "path", "value"}],
// "truncated": n}, values as `dump --json` prints them.
void writeFindJson(std::ostream& out, const FindWalkResult& result);

} // namespace assetscope
