#include "open/placement_models.h"

#include "archive/zip_archive.h"
#include "bytes/ascii_case.h"
#include "input/input_path.h"
#include "open/open_input.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>

namespace assetscope {

namespace {

std::string lastPart(const std::string& path) {
    const auto slash = path.find_last_of("/\\");
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

using NamedFiles = std::vector<std::pair<std::string, std::string>>; // name -> input path

// Every entry ending in `extension` of the archive `container` (an input path), as input paths.
void archiveFiles(const std::string& container, const std::string& extension, NamedFiles& out) {
    const LoadedInput loaded = loadInput(container);
    if (!loaded.ok() || !loaded.bytes) return;
    std::string error;
    const auto archive = archive::ZipArchive::open(loaded.bytes, error);
    if (!archive) return;
    const std::string prefix = container + "::";
    for (const auto& entry : archive->entries())
        if (endsWithNoCase(entry.name, extension))
            out.emplace_back(lastPart(entry.name), prefix + entry.name);
}

// Files ending in `extension` next to `input`, sorted by name.
NamedFiles filesBeside(const std::string& input, const std::string& extension) {
    NamedFiles out;
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
    archiveFiles(path.text(), extension, out);
    return out;
}

// Files ending in `extension` under a place a person named: a folder and its subfolders, or an
// archive (a file, or a path into archives), sorted by path so that a run is repeatable.
NamedFiles filesUnder(const std::string& place, const std::string& extension) {
    NamedFiles out;
    std::error_code error;
    if (InputPath::parse(place).entries.empty() && std::filesystem::is_directory(place, error)) {
        const auto options = std::filesystem::directory_options::skip_permission_denied;
        for (auto it = std::filesystem::recursive_directory_iterator(place, options, error);
             !error && it != std::filesystem::recursive_directory_iterator(); it.increment(error)) {
            const std::string name = it->path().filename().string();
            std::error_code kind;
            if (it->is_regular_file(kind) && endsWithNoCase(name, extension))
                out.emplace_back(name, it->path().string());
        }
        std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
        return out;
    }
    archiveFiles(place, extension, out);
    return out;
}

// Whether a file of LOD `lod` suits `wanted` better than one of LOD `than`.
bool betterLod(int lod, int than, const std::optional<int>& wanted) {
    if (!wanted) return lod < than;
    const int distance = std::abs(lod - *wanted), thanDistance = std::abs(than - *wanted);
    return distance < thanDistance || (distance == thanDistance && lod < than);
}

} // namespace

PlacementModels findPlacementModels(const std::string& input, const Placements& placements,
                                    const ModelSearch& search) {
    PlacementModels out;
    out.groupModel.assign(placements.groups.size(), -1);
    if (!placements.modelFileKey || placements.modelExtension.empty()) return out;
    // The best-suited LOD file for each key; the earlier place keeps a tie.
    struct Candidate {
        int lod = 0;
        std::string path;
    };
    std::map<std::string, Candidate> byKey;
    auto consider = [&](const NamedFiles& files) {
        out.filesFound += files.size();
        for (const auto& [name, path] : files) {
            int lod = 0;
            const std::string key = placements.modelFileKey(name, lod);
            auto it = byKey.find(key);
            if (it == byKey.end() || betterLod(lod, it->second.lod, search.lod)) byKey[key] = {lod, path};
        }
    };
    consider(filesBeside(input, placements.modelExtension));
    for (const std::string& place : search.places)
        consider(filesUnder(place, placements.modelExtension));
    const std::string where =
        search.places.empty() ? " beside the file" : " beside the file or in the model places";
    std::map<std::string, int> opened; // model input -> index, or -1 when it could not be used
    for (std::size_t g = 0; g < placements.groups.size(); ++g) {
        const std::string& key = placements.groups[g].modelKey;
        const auto found = byKey.find(key);
        if (found == byKey.end()) {
            out.notes.push_back("no model named " + key + where);
            continue;
        }
        const std::string& modelInput = found->second.path;
        auto [it, inserted] = opened.try_emplace(modelInput, -1);
        if (inserted && out.models.size() < search.maxModels) {
            ParseSettings settings;
            settings.recordNodes = false;
            OpenedInput model = openInput(modelInput, settings);
            std::string reason = model.error;
            auto scene = model.ok() ? model.parsed->exportScene(search.selection, reason) : std::nullopt;
            if (scene) {
                it->second = static_cast<int>(out.models.size());
                PlacedModel placed{modelInput, found->second.lod, std::move(*scene),
                                   static_cast<int>(model.parsed->previewChoices().variants.size()), nullptr};
                if (search.keepParsed) placed.parsed = std::move(model.parsed);
                out.models.push_back(std::move(placed));
            } else {
                out.notes.push_back(modelInput + ": " + reason);
            }
        }
        out.groupModel[g] = it->second;
    }
    return out;
}

} // namespace assetscope
