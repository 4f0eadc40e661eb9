#pragma once

#include "export/export_formats.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace assetscope {
class ParsedFile;
}

namespace assetscope::exporting {

// A batch's export of one placement file (a .pgeo) as a scene, with the models it places, to
// `out` as `format`; the files written go to `written`, output first. The reason it could not be
// exported when it could not; nullopt when it was.
// This is the batch's one door to scene export: until scene export exists, every placement file
// is reported unexportable here.
std::optional<std::string> exportPgeoAsScene(const std::string& input, const ParsedFile& file, Format format,
                                             const std::filesystem::path& out,
                                             std::vector<std::filesystem::path>& written);

} // namespace assetscope::exporting
