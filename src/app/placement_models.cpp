#include "placement_models.h"

#include "archive/zip_archive.h"
#include "formats/modelbin/model_handler.h"
#include "input/input_path.h"
#include "models/selection_subject.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <cctype>
#include <map>

namespace assetscope::app {

namespace {

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

bool endsWith(const std::string& s, std::string_view tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

std::string lastPart(const std::string& path) {
    const auto slash = path.find_last_of("/\\");
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Model files next to `input`: name -> input path.
std::vector<std::pair<std::string, std::string>> modelFilesBeside(const std::string& input) {
    std::vector<std::pair<std::string, std::string>> out;
    InputPath path = InputPath::parse(input);
    if (path.entries.empty()) {
        const QFileInfo info(QString::fromStdString(path.file));
        const QStringList names =
            info.dir().entryList({QStringLiteral("*.modelbin")}, QDir::Files, QDir::Name);
        for (const QString& name : names)
            out.emplace_back(name.toStdString(), info.dir().filePath(name).toStdString());
        return out;
    }
    // Inside an archive: every model entry of the archive holding the file.
    path.entries.pop_back();
    const LoadedInput container = loadInput(path.text());
    if (!container.ok() || !container.bytes) return out;
    std::string error;
    const auto archive = archive::ZipArchive::open(container.bytes, error);
    if (!archive) return out;
    const std::string prefix = path.text() + "::";
    for (const auto& entry : archive->entries())
        if (endsWith(lower(entry.name), ".modelbin"))
            out.emplace_back(lastPart(entry.name), prefix + entry.name);
    return out;
}

} // namespace

std::string blockModelKey(const pgeo::Block& block) {
    if (!block.sources.empty() && !block.sources.front().templateName.empty())
        return lower(block.sources.front().templateName);
    std::string name = lower(block.name);
    for (std::string_view suffix : {"_3d_high", "_3d", "_impostor_vista", "_impostor"})
        if (endsWith(name, suffix)) return name.substr(0, name.size() - suffix.size());
    return name;
}

std::string modelFileKey(const std::string& fileName, int& lod) {
    std::string stem = lower(fileName.substr(0, fileName.find('.')));
    lod = 0;
    const auto at = stem.rfind("_lod");
    if (at != std::string::npos && at + 4 < stem.size() &&
        std::all_of(stem.begin() + static_cast<std::ptrdiff_t>(at + 4), stem.end(),
                    [](unsigned char c) { return std::isdigit(c); })) {
        lod = std::stoi(stem.substr(at + 4, 3));
        stem.resize(at);
    }
    return stem;
}

PlacementScene loadPlacementScene(const std::string& input, const pgeo::PgeoFile& file) {
    PlacementScene out;
    const std::size_t blocks = pgeoBlockCount(file);
    out.blockModel.assign(blocks, -1);
    // The finest-LOD file for each key.
    std::map<std::string, std::pair<int, std::string>> byKey;
    for (const auto& [name, path] : modelFilesBeside(input)) {
        int lod = 0;
        const std::string key = modelFileKey(name, lod);
        auto it = byKey.find(key);
        if (it == byKey.end() || lod < it->second.first) byKey[key] = {lod, path};
    }
    std::map<std::string, int> loaded; // model input -> index, or -1 when it could not be used
    for (std::size_t b = 0; b < blocks; ++b) {
        const pgeo::Block& block = pgeoBlock(file, b);
        const std::string key = blockModelKey(block);
        const auto found = byKey.find(key);
        if (found == byKey.end()) {
            out.notes.push_back(block.name + ": no model named " + key + " beside the file");
            continue;
        }
        const std::string& modelInput = found->second.second;
        auto [it, inserted] = loaded.try_emplace(modelInput, -1);
        if (inserted && out.models.size() < kMaxPlacedModels) {
            const LoadedInput bytes = loadInput(modelInput);
            if (bytes.ok() && bytes.bytes) {
                ParseSettings settings;
                settings.recordNodes = false;
                settings.fileName = bytes.name;
                const auto parsed = modelbin::modelHandler().parse(bytes.bytes, settings);
                std::string reason;
                auto scene = parsed ? parsed->exportScene(ExportSelection{}, reason) : std::nullopt;
                if (scene) {
                    it->second = static_cast<int>(out.models.size());
                    out.models.push_back({modelInput, std::move(*scene)});
                } else {
                    out.notes.push_back(modelInput + ": " + reason);
                }
            }
        }
        out.blockModel[b] = it->second;
    }
    // Curve records with spline data: P(t) for t in [0, 1].
    std::uint64_t curves = 0;
    for (std::size_t b = 0; b < blocks && curves < kMaxCurves; ++b) {
        const pgeo::Block& block = pgeoBlock(file, b);
        for (std::uint64_t i = 0; i < block.curves.count() && curves < kMaxCurves; ++i) {
            if (!block.hasCurve(i)) continue;
            const pgeo::CurveRecord curve = block.curve(i);
            std::vector<exporting::Vec3> line;
            for (int s = 0; s <= kCurveSteps; ++s) {
                const pgeo::Vec3d p = curve.at(static_cast<double>(s) / kCurveSteps);
                line.push_back({static_cast<float>(p.x), static_cast<float>(p.y), static_cast<float>(p.z)});
            }
            out.curves.push_back(std::move(line));
            ++curves;
        }
    }
    return out;
}

} // namespace assetscope::app
