#pragma once

#include "bytes/byte_view.h"

#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace assetscope {
struct TextureDescription;
}

namespace assetscope::exporting {

struct ExportScene;
struct WriteReport;
struct ImageTarget;
struct TextureChoice;
struct TextureWriteReport;

enum class Format { Glb, Gltf, Obj, Fbx, Png, Dds };
// What a format writes: a scene of meshes (models, MeshSets, .pgeo scenes) or one texture.
enum class ExportKind { Scene, Texture };
// How a scene format keeps the materials' textures (cli-contract.md, "Materials").
enum class TextureKeeping {
    None,
    EveryRoleInside,           // glTF binary: every role, PNG images inside the file
    EveryRoleBeside,           // glTF: every role, PNG files beside it
    ColourNormalEmissiveBeside // OBJ and FBX: base colour, normal and emissive, PNG files beside it
};

// What a format keeps of an export scene, as its writer really writes it. This is the one
// statement of it: the export dialog shows it in words (keepsText), the README repeats those
// words and the Blender client test expects what it says.
struct FormatKeeps {
    bool everyUvSet = true;       // else UV set 0 only
    int colourSets = 2;           // vertex colour sets written: 0, 1 (the first) or 2
    bool colourAlpha = true;      // the written colour sets keep their alpha
    bool tangents = true;         // else readers compute their own
    bool skins = true;            // else meshes are written in their rest pose
    bool morphTargets = true;     // with their names
    bool meshPerMaterial = false; // a mesh with several materials becomes one mesh per material
    TextureKeeping textures = TextureKeeping::None;
    std::string_view note; // one more sentence, or empty
    // A texture format says only what the fields below say; the scene fields above do not apply.
    ExportKind kind = ExportKind::Scene;
    bool everyLevel = false; // every mip of every slice, else the one level chosen
    bool asStored = false;   // the stored bytes, encoding and all (lossless), else decoded to 8-bit RGBA
};

// "Keeps every UV set, …; loses tangents. …": what `keeps` says, for a person about to export.
std::string keepsText(const FormatKeeps& keeps);

// One export format: everything the command line, the export dialog and the writer dispatch
// need to know of it. A new format is one more entry in exportFormats() (export_formats.cpp).
struct ExportFormat {
    Format format;
    std::string_view name;                    // "glb": the --format value and the output's extension
    std::string_view label;                   // "glTF binary": what the dialog calls it
    std::vector<std::string_view> companions; // files written next to the output, by extension
    FormatKeeps keeps;                        // what the format keeps and loses, said before exporting
    // Writes a prepared scene (scene_preparer.h) to `out`, its materials' images as `images`
    // says; false with `error` set on failure. Null for a texture format.
    bool (*write)(const ExportScene& prepared, const std::filesystem::path& out, const ImageTarget& images,
                  std::string& error, WriteReport& report);
    // Writes the texture whose levels lie in `input` (texture_writer.h checks first what it can
    // hold); false with `error` set on failure. Null for a scene format.
    bool (*writeTexture)(const TextureDescription& texture, ByteView input, const TextureChoice& choice,
                         const std::filesystem::path& out, std::string& error, TextureWriteReport& report);

    ExportKind kind() const { return keeps.kind; }
    std::string extension() const { return std::string(".").append(name); }
    // "glTF (.gltf + .bin)": the label with every file the format writes.
    std::string labelWithFiles() const;
};

// Every format of one kind, in the order the command line and the dialogs list them.
std::span<const ExportFormat> exportFormats(ExportKind kind = ExportKind::Scene);
// The one list: the scene formats, then the texture formats.
std::span<const ExportFormat> allExportFormats();
const ExportFormat& exportFormat(Format format);

std::string_view formatName(Format format);                           // "glb", "gltf", ..., "dds"
std::optional<Format> formatFromName(std::string_view name);          // case-insensitive, any kind
std::optional<Format> formatFromPath(const std::filesystem::path& p); // by extension, any kind

// The formats' names in one line: prefix each, separate by `separator`, the last by `last`:
// ("", "|", "|") gives "glb|gltf|obj|fbx", (".", ", ", " or ") ".glb, .gltf, .obj or .fbx".
std::string formatNameList(std::string_view prefix, std::string_view separator, std::string_view last,
                           std::span<const ExportFormat> list = exportFormats());

} // namespace assetscope::exporting
