#include "document/placement_models.h"

#include "archive/zip_archive.h"
#include "bytes/ascii_case.h"
#include "document/open_input.h"
#include "input/input_path.h"

#include <algorithm>
#include <filesystem>
#include <map>

namespace assetscope {

namespace {

std::string lastPart(const std::string& path) {
    const auto slash = path.find_last_of("/\\");
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Files ending in `extension` next to `input`: name -> input path, sorted by name.
std::vector<std::pair<std::string, std::string>> filesBeside(const std::string& input,
                                                             const std::string& extension) {
    std::vector<std::pair<std::string, std::string>> out;
    InputPath path = InputPath::parse(input);
    if (path.entries.empty()) {
        std::error_code error;
        const std::filesystem::path folder = std::filesystem::path(path.file).parent_path();
        for (const auto& entry : std::filesystem::directory_iterator(folder.empty() ? "." : folder, error)) {
            const std::string name = entry.path().filename().string();
            if (entry.is_regular_file(error) && endsWithNoCase(name, extension))
                out.emplace_back(name, entry.path().string());
        }
        std::sort(out.begin(), out.end());
        return out;
    }
    // Inside an archive: every such entry of the archive holding the file.
    path.entries.pop_back();
    const LoadedInput container = loadInput(path.text());
    if (!container.ok() || !container.bytes) return out;
    std::string error;
    const auto archive = archive::ZipArchive::open(container.bytes, error);
    if (!archive) return out;
    const std::string prefix = path.text() + "::";
    for (const auto& entry : archive->entries())
        if (endsWithNoCase(entry.name, extension))
            out.emplace_back(lastPart(entry.name), prefix + entry.name);
    return out;
}

} // namespace

PlacementModels findPlacementModels(const std::string& input, const Placements& placements) {
    PlacementModels out;
    out.groupModel.assign(placements.groups.size(), -1);
    if (!placements.modelFileKey || placements.modelExtension.empty()) return out;
    // The finest-LOD file for each key.
    std::map<std::string, std::pair<int, std::string>> byKey;
    for (const auto& [name, path] : filesBeside(input, placements.modelExtension)) {
        int lod = 0;
        const std::string key = placements.modelFileKey(name, lod);
        auto it = byKey.find(key);
        if (it == byKey.end() || lod < it->second.first) byKey[key] = {lod, path};
    }
    std::map<std::string, int> opened; // model input -> index, or -1 when it could not be used
    for (std::size_t g = 0; g < placements.groups.size(); ++g) {
        const std::string& key = placements.groups[g].modelKey;
        const auto found = byKey.find(key);
        if (found == byKey.end()) {
            out.notes.push_back("no model named " + key + " beside the file");
            continue;
        }
        const std::string& modelInput = found->second.second;
        auto [it, inserted] = opened.try_emplace(modelInput, -1);
        if (inserted && out.models.size() < kMaxPlacedModels) {
            ParseSettings settings;
            settings.recordNodes = false;
            const OpenedInput model = openInput(modelInput, settings);
            std::string reason = model.error;
            auto scene = model.ok() ? model.parsed->exportScene(ExportSelection{}, reason) : std::nullopt;
            if (scene) {
                it->second = static_cast<int>(out.models.size());
                out.models.push_back({modelInput, std::move(*scene)});
            } else {
                out.notes.push_back(modelInput + ": " + reason);
            }
        }
        out.groupModel[g] = it->second;
    }
    return out;
}

} // namespace assetscope
