#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace assetscope {

// Writes the bytes to a temporary file in the same folder, flushes it to disk and renames it over
// `path`: a crash or a full disk leaves either the old file or the new one, never a part of one.
// False with `error` on any failure; the temporary file is then removed.
bool writeFileAtomically(const std::filesystem::path& path, std::string_view bytes, std::string& error);

} // namespace assetscope
