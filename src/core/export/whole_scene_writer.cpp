#include "export/whole_scene_writer.h"

#include "export/staged_output.h"

#include <system_error>

namespace assetscope::exporting {

bool writeWholeScene(const ExportScene& scene, Format format, const std::filesystem::path& out,
                     std::string& error, WriteReport* report, MaterialImages* images) {
    WriteReport local;
    WriteReport& r = report ? *report : local;
    if (out.filename().empty()) { // writeStaged would name its folder after nothing
        r = WriteReport{};
        error = "no output file name";
        return false;
    }
    // writeStaged makes its folder with every missing parent; a single export writes into a
    // folder that is there, as it always did.
    const std::filesystem::path folder = out.parent_path();
    std::error_code ec;
    if (!folder.empty() && !std::filesystem::is_directory(folder, ec)) {
        r = WriteReport{};
        error = "cannot open " + out.string() + " for writing";
        return false;
    }
    std::vector<std::filesystem::path> placed;
    const bool ok = writeStaged(
        out,
        [&](const std::filesystem::path& staged, std::vector<std::filesystem::path>& written,
            std::string& why) {
            if (!writeScene(scene, format, staged, why, &r, {images, folder.empty() ? "." : folder}))
                return false;
            written = r.files;
            return true;
        },
        placed, error);
    if (ok) r.files = std::move(placed); // the final names, not the staged ones
    return ok;
}

} // namespace assetscope::exporting
