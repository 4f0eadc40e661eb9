#include "export/scene_writer.h"

#include "export/fbx_writer.h"
#include "export/gltf_writer.h"
#include "export/obj_writer.h"
#include "export/scene_preparer.h"

#include <algorithm>
#include <cctype>
#include <exception>

namespace assetscope::exporting {

std::string_view formatName(Format format) {
    switch (format) {
    case Format::Glb:
        return "glb";
    case Format::Gltf:
        return "gltf";
    case Format::Obj:
        return "obj";
    case Format::Fbx:
        return "fbx";
    }
    return "?";
}

std::optional<Format> formatFromName(std::string_view name) {
    std::string lower(name);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    for (Format f : {Format::Glb, Format::Gltf, Format::Obj, Format::Fbx})
        if (lower == formatName(f)) return f;
    return std::nullopt;
}

std::optional<Format> formatFromPath(const std::filesystem::path& p) {
    std::string ext = p.extension().string();
    if (ext.size() < 2) return std::nullopt;
    return formatFromName(std::string_view(ext).substr(1));
}

bool writeScene(const ExportScene& scene, Format format, const std::filesystem::path& out, std::string& error,
                WriteReport* report) {
    WriteReport local;
    WriteReport& r = report ? *report : local;
    r = WriteReport{};
    try {
        if (out.filename().empty()) {
            error = "no output file name";
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
        switch (format) {
        case Format::Glb:
            return writeGltf(s, out, true, error, r);
        case Format::Gltf:
            return writeGltf(s, out, false, error, r);
        case Format::Obj:
            return writeObj(s, out, error, r);
        case Format::Fbx:
            return writeFbx(s, out, error, r);
        }
        error = "unknown export format";
        return false;
    } catch (const std::exception& e) {
        error = std::string("export failed: ") + e.what();
        return false;
    } catch (...) {
        error = "export failed";
        return false;
    }
}

} // namespace assetscope::exporting
