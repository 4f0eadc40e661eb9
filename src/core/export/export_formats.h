#pragma once

#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace assetscope::exporting {

struct ExportScene;
struct WriteReport;

enum class Format { Glb, Gltf, Obj, Fbx };

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
    std::string_view note;        // one more sentence, or empty
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
    // Writes a prepared scene (scene_preparer.h) to `out`; false with `error` set on failure.
    bool (*write)(const ExportScene& prepared, const std::filesystem::path& out, std::string& error,
                  WriteReport& report);

    std::string extension() const { return "." + std::string(name); }
    // "glTF (.gltf + .bin)": the label with every file the format writes.
    std::string labelWithFiles() const;
};

// Every format, in the order the command line and the dialog list them.
std::span<const ExportFormat> exportFormats();
const ExportFormat& exportFormat(Format format);

std::string_view formatName(Format format);                           // "glb", "gltf", "obj", "fbx"
std::optional<Format> formatFromName(std::string_view name);          // case-insensitive
std::optional<Format> formatFromPath(const std::filesystem::path& p); // by extension

// The formats' names in one line: prefix each, separate by `separator`, the last by `last`:
// ("", "|", "|") gives "glb|gltf|obj|fbx", (".", ", ", " or ") ".glb, .gltf, .obj or .fbx".
std::string formatNameList(std::string_view prefix, std::string_view separator, std::string_view last);

} // namespace assetscope::exporting
