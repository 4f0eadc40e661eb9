#include "export/pgeo_scene_export.h"

namespace assetscope::exporting {

std::optional<std::string> exportPgeoAsScene(const std::string& /*input*/, const ParsedFile& /*file*/,
                                             Format /*format*/, const std::filesystem::path& /*out*/,
                                             std::vector<std::filesystem::path>& /*written*/) {
    return std::string("scene export not available");
}

} // namespace assetscope::exporting
