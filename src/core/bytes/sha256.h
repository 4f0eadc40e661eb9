#pragma once

#include "bytes/byte_view.h"

#include <string>

namespace assetscope {

// The SHA-256 of the bytes as 64 lower-case hex digits (FIPS 180-4), from OpenSSL's libcrypto.
// The one digest of the program: a file's bookmarks are keyed by it (notes/), so the window and
// `dump --notes` must compute it the same way, and a renamed or moved file keeps its bookmarks.
// Empty only when libcrypto cannot allocate its context.
std::string sha256Hex(ByteView bytes);

} // namespace assetscope
