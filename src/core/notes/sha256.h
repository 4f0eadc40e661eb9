#pragma once

#include "bytes/byte_view.h"

#include <string>

namespace assetscope::notes {

// The SHA-256 of the bytes as 64 lower-case hex digits (FIPS 180-4). A file's bookmarks are
// keyed by it, so a renamed or moved file keeps them and an edited one does not take another's.
std::string sha256Hex(ByteView bytes);

} // namespace assetscope::notes
