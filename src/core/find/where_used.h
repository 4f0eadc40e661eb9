#pragma once

#include "document/parsed_file.h"

#include <string_view>
#include <vector>

namespace assetscope {

// "Where is this used?": every way a supported format's files refer to `target` (a file named
// `fileName`, its last part), asked of each format handler in registration order. Each is a
// Value find (its key and value) that lists the files that refer to the target.
std::vector<FileReference> referencesTo(const ParsedFile& target, std::string_view fileName);

} // namespace assetscope
