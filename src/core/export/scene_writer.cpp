#include "export/scene_writer.h"

#include "export/scene_preparer.h"

#include <exception>

namespace assetscope::exporting {

bool writeScene(const ExportScene& scene, Format format, const std::filesystem::path& out, std::string& error,
                WriteReport* report, const ImageTarget& images) {
    WriteReport local;
    WriteReport& r = report ? *report : local;
    r = WriteReport{};
    try {
        if (out.filename().empty()) {
            error = "no output file name";
            return false;
        }
        if (!exportFormat(format).write) {
            error = std::string(formatName(format)) + " writes textures, not meshes";
            return false;
        }
        PreparedScene prepared = prepareScene(scene);
        r.warnings = std::move(prepared.warnings);
        if (!prepared.scene) {
            error = prepared.error;
            return false;
        }
        const ExportScene& s = *prepared.scene;
        for (const auto& m : s.meshes) {
            ++r.meshes;
            r.vertices += m.positions.size();
            for (const auto& p : m.primitives)
                r.triangles += p.indices.size() / 3;
        }
        return exportFormat(format).write(s, out, images, error, r);
    } catch (const std::exception& e) {
        error = std::string("export failed: ") + e.what();
        return false;
    } catch (...) {
        error = "export failed";
        return false;
    }
}

} // namespace assetscope::exporting
