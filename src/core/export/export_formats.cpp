#include "export/export_formats.h"

#include "bytes/ascii_case.h"
#include "export/fbx_writer.h"
#include "export/gltf_writer.h"
#include "export/obj_writer.h"
#include "export/texture_writer.h"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>
#include <vector>

namespace assetscope::exporting {

namespace {

// Each writer's own limits: the glTF writer writes every attribute the scene has; the OBJ
// writer UV set 0 and the first colour set as `v x y z r g b`; Assimp's FBX writer only the
// first colour set, no tangents, one mesh per material and the joints its skeleton needs.
// Textures: glTF has a slot for every role the looks give; OBJ's .mtl and the FBX material
// Assimp writes have base colour (map_Kd, DiffuseColor), normal (map_Bump and norm, NormalMap)
// and emissive (map_Ke, EmissiveColor) slots that Blender's importers read.
constexpr FormatKeeps kGlbKeeps{.textures = TextureKeeping::EveryRoleInside, .note = {}};
constexpr FormatKeeps kGltfKeeps{.textures = TextureKeeping::EveryRoleBeside, .note = {}};
constexpr FormatKeeps kObjKeeps{.everyUvSet = false,
                                .colourSets = 1,
                                .colourAlpha = false,
                                .tangents = false,
                                .skins = false,
                                .morphTargets = false,
                                .textures = TextureKeeping::ColourNormalEmissiveBeside,
                                .note = {}};
constexpr FormatKeeps kFbxKeeps{.colourSets = 1,
                                .tangents = false,
                                .meshPerMaterial = true,
                                .textures = TextureKeeping::ColourNormalEmissiveBeside,
                                .note = "Joints that weight no vertex may be left out."};
// The texture writers (texture_writer.h): PNG decodes the one level chosen; DDS copies the chain.
constexpr FormatKeeps kPngKeeps{
    .note = {}, .kind = ExportKind::Texture, .everyLevel = false, .asStored = false};
constexpr FormatKeeps kDdsKeeps{
    .note = {}, .kind = ExportKind::Texture, .everyLevel = true, .asStored = true};

// Scene formats first, then texture formats: exportFormats(kind) hands out each run as a span.
const std::array<ExportFormat, 6>& formats() {
    static const std::array<ExportFormat, 6> list{{
        {Format::Glb,
         "glb",
         "glTF binary",
         {},
         kGlbKeeps,
         [](const ExportScene& s, const std::filesystem::path& out, const ImageTarget& images,
            std::string& error, WriteReport& r) { return writeGltf(s, out, true, images, error, r); },
         nullptr},
        {Format::Gltf,
         "gltf",
         "glTF",
         {".bin"},
         kGltfKeeps,
         [](const ExportScene& s, const std::filesystem::path& out, const ImageTarget& images,
            std::string& error, WriteReport& r) { return writeGltf(s, out, false, images, error, r); },
         nullptr},
        {Format::Obj, "obj", "Wavefront OBJ", {".mtl"}, kObjKeeps, writeObj, nullptr},
        {Format::Fbx, "fbx", "FBX", {}, kFbxKeeps, writeFbx, nullptr},
        {Format::Png, "png", "PNG", {}, kPngKeeps, nullptr, writePngTexture},
        {Format::Dds, "dds", "DDS", {}, kDdsKeeps, nullptr, writeDdsTexture},
    }};
    return list;
}

// "a", "a and b", "a, b and c".
std::string listText(const std::vector<std::string>& items) {
    std::string text;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0) text += i + 1 == items.size() ? " and " : ", ";
        text += items[i];
    }
    return text;
}

std::string textureKeepsText(const FormatKeeps& k) {
    std::string text =
        k.everyLevel ? "Keeps every mip of every slice" : "Keeps one level (the mip and slice chosen)";
    if (k.asStored)
        text += " as stored, behind the header DirectXTex writes (a legacy one where it names the encoding: "
                "DXT1, DXT3, DXT5, BC4U, BC5U or bit masks; else DX10 with the DXGI format): lossless.";
    else
        text += " decoded to 8-bit RGBA, marked sRGB when its encoding is; loses the other levels, the "
                "block encoding and what 8 bits cannot hold (floats are clamped to [0, 1], signed "
                "values mapped to [0, 1]).";
    if (!k.note.empty()) text.append(" ").append(k.note);
    return text;
}

} // namespace

std::string keepsText(const FormatKeeps& k) {
    if (k.kind == ExportKind::Texture) return textureKeepsText(k);
    std::vector<std::string> kept, lost;
    if (k.everyUvSet)
        kept.emplace_back("every UV set");
    else {
        kept.emplace_back("UV set 0");
        lost.emplace_back("further UV sets");
    }
    if (k.colourSets >= 2)
        kept.emplace_back("both vertex colour sets");
    else if (k.colourSets == 1) {
        kept.emplace_back(k.colourAlpha ? "the first vertex colour set"
                                        : "the first vertex colour set without its alpha");
        lost.emplace_back("the second colour set");
    } else
        lost.emplace_back("vertex colours");
    (k.tangents ? kept : lost).emplace_back("tangents");
    (k.skins ? kept : lost).emplace_back("skins");
    (k.morphTargets ? kept : lost)
        .emplace_back(k.morphTargets ? "morph targets with their names" : "morph targets");
    std::string text = "Keeps " + listText(kept);
    if (!lost.empty()) text += "; loses " + listText(lost);
    text += ".";
    if (!k.skins) text += " Meshes are written in their rest pose.";
    if (k.meshPerMaterial) text += " A mesh with several materials becomes one mesh per material.";
    switch (k.textures) {
    case TextureKeeping::None:
        break;
    case TextureKeeping::EveryRoleInside:
        text += " Materials keep their textures (base colour, normal, emissive, occlusion and "
                "metallic-roughness) as PNG images inside the file.";
        break;
    case TextureKeeping::EveryRoleBeside:
        text += " Materials keep their textures (base colour, normal, emissive, occlusion and "
                "metallic-roughness) as PNG files beside it.";
        break;
    case TextureKeeping::ColourNormalEmissiveBeside:
        text += " Materials keep their base colour, normal and emissive textures as PNG files beside it; "
                "occlusion and metallic-roughness textures are left out.";
        break;
    }
    if (!k.note.empty()) text.append(" ").append(k.note);
    return text;
}

std::string ExportFormat::labelWithFiles() const {
    std::string text = std::string(label) + " (" + extension();
    for (std::string_view companion : companions)
        text += " + " + std::string(companion);
    return text + ")";
}

std::span<const ExportFormat> exportFormats(ExportKind kind) {
    const auto& list = formats();
    const auto first =
        std::find_if(list.begin(), list.end(), [kind](const ExportFormat& f) { return f.kind() == kind; });
    const auto end =
        std::find_if(first, list.end(), [kind](const ExportFormat& f) { return f.kind() != kind; });
    return {first, end};
}

std::span<const ExportFormat> allExportFormats() {
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
    const std::string lower = asciiLower(name);
    for (const ExportFormat& f : formats())
        if (lower == f.name) return f.format;
    return std::nullopt;
}

std::optional<Format> formatFromPath(const std::filesystem::path& p) {
    std::string ext = p.extension().string();
    if (ext.size() < 2) return std::nullopt;
    return formatFromName(std::string_view(ext).substr(1));
}

std::string formatNameList(std::string_view prefix, std::string_view separator, std::string_view last,
                           std::span<const ExportFormat> list) {
    std::string text;
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (i > 0) text += i + 1 == list.size() ? last : separator;
        text += std::string(prefix) + std::string(list[i].name);
    }
    return text;
}

} // namespace assetscope::exporting
