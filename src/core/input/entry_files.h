#pragma once

#include "archive/zip_archive.h"

#include <string>
#include <vector>

namespace assetscope {

// Writes each entry (a zip entry's name and bytes) as the file FOLDER/its name, making the folders
// in its name where missing, the way an archive is unpacked; each path written is appended to
// `written`. False with the first error ("cannot create FOLDER: why", "cannot write ...").
bool writeEntriesUnder(const std::string& folder, const std::vector<archive::ZipInput>& entries,
                       std::vector<std::string>& written, std::string& error);

} // namespace assetscope
