#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace assetscope::exporting {

// A companion file next to `out` (same folder), named after out's stem with `extension`.
// The name keeps only characters that need no escaping in a URI or an OBJ statement, so a
// .gltf's buffer URI and an .obj's mtllib line can name it as it is.
std::filesystem::path companionPath(const std::filesystem::path& out, std::string_view extension);

// A name safe for one OBJ/MTL token: whitespace and control characters become '_'.
std::string tokenName(std::string_view name);

// Writes the bytes to `path` (replacing it); false with `error` on any I/O failure.
bool writeFile(const std::filesystem::path& path, std::string_view bytes, std::string& error);

} // namespace assetscope::exporting
