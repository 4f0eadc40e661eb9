#include "export/export_formats.h"

#include "export/fbx_writer.h"
#include "export/gltf_writer.h"
#include "export/obj_writer.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <stdexcept>

namespace assetscope::exporting {

namespace {

constexpr std::string_view kGltfKeeps =
    "Keeps every UV set, vertex colours, tangents, skins and morph targets.";

const std::array<ExportFormat, 4>& formats() {
    static const std::array<ExportFormat, 4> list{{
        {Format::Glb,
         "glb",
         "glTF binary",
         {},
         kGltfKeeps,
         [](const ExportScene& s, const std::filesystem::path& out, std::string& error, WriteReport& r) {
             return writeGltf(s, out, true, error, r);
         }},
        {Format::Gltf,
         "gltf",
         "glTF",
         {".bin"},
         kGltfKeeps,
         [](const ExportScene& s, const std::filesystem::path& out, std::string& error, WriteReport& r) {
             return writeGltf(s, out, false, error, r);
         }},
        {Format::Obj,
         "obj",
         "Wavefront OBJ",
         {".mtl"},
         "Keeps positions, normals, UV set 0 and the first vertex colour set; loses further UV and colour "
         "sets, "
         "tangents, skins "
         "(meshes are written in their rest pose) and morph targets.",
         writeObj},
        {Format::Fbx,
         "fbx",
         "FBX",
         {},
         "Keeps every UV set, both vertex colour sets, skins and morph targets; loses tangents (readers "
         "recompute "
         "them).",
         writeFbx},
    }};
    return list;
}

} // namespace

std::string ExportFormat::labelWithFiles() const {
    std::string text = std::string(label) + " (" + extension();
    for (std::string_view companion : companions)
        text += " + " + std::string(companion);
    return text + ")";
}

std::span<const ExportFormat> exportFormats() {
    return formats();
}

const ExportFormat& exportFormat(Format format) {
    for (const ExportFormat& f : formats())
        if (f.format == format) return f;
    throw std::out_of_range("unknown export format");
}

std::string_view formatName(Format format) {
    return exportFormat(format).name;
}

std::optional<Format> formatFromName(std::string_view name) {
    std::string lower(name);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    for (const ExportFormat& f : formats())
        if (lower == f.name) return f.format;
    return std::nullopt;
}

std::optional<Format> formatFromPath(const std::filesystem::path& p) {
    std::string ext = p.extension().string();
    if (ext.size() < 2) return std::nullopt;
    return formatFromName(std::string_view(ext).substr(1));
}

std::string formatNameList(std::string_view prefix, std::string_view separator, std::string_view last) {
    std::string text;
    const auto& list = formats();
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (i > 0) text += i + 1 == list.size() ? last : separator;
        text += std::string(prefix) + std::string(list[i].name);
    }
    return text;
}

} // namespace assetscope::exporting
