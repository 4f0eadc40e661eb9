#pragma once

#include "archive/zip_archive.h"
#include "input/input_path.h"

#include <string>

namespace assetscope::input {

// Reads a whole file from disk, refusing one larger than limits.maxEntrySize. Never throws.
LoadedInput readInputFile(const std::string& path, const archive::Limits& limits);

// Whether the file's first bytes are a zip signature (false when it cannot be read).
bool fileLooksLikeZip(const std::string& path);

// The last part of a path or entry name, '/' and '\\' both separating.
std::string lastPathPart(std::string_view name);

bool hasZipExtension(std::string_view name);

std::string nestingRefusal(std::size_t levels, int limit);

} // namespace assetscope::input
