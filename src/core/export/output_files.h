#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace assetscope::exporting {

// `name` with every character but ASCII letters, digits, '-', '_' and '.' made '_': a file name
// that needs no escaping in a URI or an OBJ statement; `fallback` when nothing usable is left.
std::string plainFileName(std::string_view name, std::string_view fallback);

// A companion file next to `out` (same folder), named after out's stem with `extension`.
// The name keeps only characters that need no escaping in a URI or an OBJ statement, so a
// .gltf's buffer URI and an .obj's mtllib line can name it as it is.
std::filesystem::path companionPath(const std::filesystem::path& out, std::string_view extension);

// A name safe for one OBJ/MTL token: whitespace and control characters become '_'.
std::string tokenName(std::string_view name);

} // namespace assetscope::exporting
