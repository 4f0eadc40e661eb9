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

// One export format: everything the command line, the export dialog and the writer dispatch
// need to know of it. A new format is one more entry in exportFormats() (export_formats.cpp).
struct ExportFormat {
    Format format;
    std::string_view name;                    // "glb": the --format value and the output's extension
    std::string_view label;                   // "glTF binary": what the dialog calls it
    std::vector<std::string_view> companions; // files written next to the output, by extension
    std::string_view keeps;                   // what the format keeps and loses, said before exporting
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
