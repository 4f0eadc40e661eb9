#include "export/placed_scene.h"

#include "export/placed_scene_gltf.h"
#include "export/scene_preparer.h"
#include "input/input_path.h"
#include "open/open_input.h"
#include "open/placement_models.h"

#include <exception>
#include <limits>
#include <map>
#include <memory>
#include <set>

namespace assetscope::exporting {

namespace {

// A group of at least this many instances of one model becomes one instanced node with
// --instancing; smaller groups stay plain nodes, which every reader draws.
constexpr std::uint64_t kInstancingGroup = 16;
// Distinct model files one input may name; far above any census count of a cell's templates.
constexpr std::size_t kMaxSceneModels = 4096;

class SceneAssembler {
public:
    SceneAssembler(const SceneExportOptions& options, SceneExportResult& result)
        : m_options(options), m_result(result) {
        m_selection.season = options.season;
        if (!options.sharedLooks) m_ownLooks = std::make_unique<ExportLooks>(options.looks);
    }

    void addInput(const std::string& input);
    bool write(const std::filesystem::path& out, bool binary, std::string& error, WriteReport& report) {
        return m_gltf.write(out.stem().string(), out, binary, m_options.images, error, report);
    }

private:
    int meshFor(const PlacedModel& model, int variant);
    void addInstances(int parent, const Placements& placements, const PlacementModels& found);
    void addCurves(int parent, const std::string& name, const Placements& placements);
    void note(std::string text) {
        if (m_noted.insert(text).second) m_result.notes.push_back(std::move(text));
    }

    ExportLooks& looks() { return m_options.sharedLooks ? *m_options.sharedLooks : *m_ownLooks; }

    const SceneExportOptions& m_options;
    SceneExportResult& m_result;
    std::unique_ptr<ExportLooks> m_ownLooks;
    ExportSelection m_selection;
    PlacedSceneGltf m_gltf;
    std::map<std::pair<std::string, int>, int> m_meshes; // (model input, variant) -> glTF mesh, or -1
    std::set<std::string> m_noted;
};

std::string modelName(const std::string& input) {
    std::string name = InputPath::parse(input).lastName();
    const auto slash = name.find_last_of("/\\");
    if (slash != std::string::npos) name.erase(0, slash + 1);
    return name.substr(0, name.find('.'));
}

int SceneAssembler::meshFor(const PlacedModel& model, int variant) {
    if (variant > 0 && variant >= model.variants) {
        note(model.input + ": no material variant " + std::to_string(variant) +
             "; its base materials are used");
        variant = 0;
    }
    const auto [cached, inserted] = m_meshes.try_emplace({model.input, variant}, -1);
    if (!inserted) return cached->second;
    std::optional<ExportScene> varied;
    if (variant > 0 && model.parsed) {
        ExportSelection selection = m_selection;
        selection.variant = variant;
        std::string reason;
        varied = model.parsed->exportScene(selection, reason);
        if (!varied) note(model.input + ": variant " + std::to_string(variant) + ": " + reason);
    }
    ExportScene scene = varied ? std::move(*varied) : model.scene;
    // Each model's look once per variant: every instance of it shares the textured mesh.
    if (model.parsed)
        for (const std::string& n : looks().apply(scene, *model.parsed, model.input))
            note(model.input + ": " + n);
    PreparedScene prepared = prepareScene(scene);
    if (!prepared.scene) {
        note(model.input + ": " + prepared.error);
        return -1;
    }
    const std::string name =
        modelName(model.input) + (variant > 0 ? " variant " + std::to_string(variant) : "");
    cached->second = m_gltf.addModel(model.input, name, *prepared.scene);
    if (cached->second >= 0) ++m_result.meshes;
    return cached->second;
}

void SceneAssembler::addInstances(int parent, const Placements& placements, const PlacementModels& found) {
    const bool instancing = m_options.instancing;
    for (std::size_t g = 0; g < placements.groups.size(); ++g) {
        const InstanceGroup& group = placements.groups[g];
        const int model = g < found.groupModel.size() ? found.groupModel[g] : -1;
        std::map<int, std::vector<NodeTransform>> instanced; // glTF mesh -> transforms
        for (std::uint64_t i = 0; i < group.count; ++i) {
            const std::uint64_t at = group.first + i;
            if (at >= placements.world.size()) break;
            const int variant = at < placements.variants.size() ? placements.variants[at] : 0;
            const int mesh =
                model >= 0 ? meshFor(found.models[static_cast<std::size_t>(model)], variant) : -1;
            const math::Vec3d o = at < placements.origins.size()
                                      ? placements.origins[at]
                                      : math::Vec3d{placements.world[at][12], placements.world[at][13],
                                                    placements.world[at][14]};
            const NodeTransform t = mirroredTransform(placements.world[at], {o.x, o.y, o.z});
            ++m_result.instances;
            if (mesh >= 0) ++m_result.modelled;
            if (instancing && mesh >= 0 && group.count >= kInstancingGroup)
                instanced[mesh].push_back(t);
            else
                m_gltf.addNode(parent, group.name, mesh, t);
        }
        for (const auto& [mesh, transforms] : instanced)
            m_gltf.addInstancedNode(parent, group.name, mesh, transforms);
    }
}

void SceneAssembler::addCurves(int parent, const std::string& name, const Placements& placements) {
    std::vector<std::vector<Vec3>> lines = placements.curves;
    for (auto& line : lines)
        for (Vec3& p : line)
            p[2] = -p[2]; // into glTF's frame, as model export mirrors
    const int mesh = m_gltf.addLines(name + " curves", lines);
    if (mesh < 0) return;
    m_gltf.addNode(parent, name + " curves", mesh);
    m_result.lines += lines.size();
}

void SceneAssembler::addInput(const std::string& input) {
    ParseSettings settings;
    settings.recordNodes = false;
    const OpenedInput opened = openInput(input, settings);
    if (!opened.ok()) {
        note(input + ": " + opened.error);
        return;
    }
    std::optional<Placements> placements = opened.parsed->placements(m_selection, true);
    if (!placements) {
        note(input + ": places nothing (not a placement file)");
        return;
    }
    ++m_result.inputs;
    const std::string name = opened.name.empty() ? modelName(input) : opened.name;
    const int parent = m_gltf.addNode(-1, name, -1);
    if (!placements->hiddenReason.empty()) {
        note(input + ": " + placements->hiddenReason);
        return;
    }
    ModelSearch search;
    search.places = m_options.modelPlaces;
    search.lod = m_options.lod;
    search.selection = m_selection;
    search.maxModels = kMaxSceneModels;
    search.keepParsed = true;
    const PlacementModels found = findPlacementModels(input, *placements, search);
    for (const std::string& n : found.notes)
        note(input + ": " + n);
    addInstances(parent, *placements, found);
    addCurves(parent, name, *placements);
}

} // namespace

SceneExportResult exportPlacedScene(const std::vector<std::string>& inputs, const SceneExportOptions& options,
                                    const std::filesystem::path& out) {
    SceneExportResult result;
    try {
        if (options.format != Format::Glb && options.format != Format::Gltf) {
            result.error =
                "a scene exports as .glb or .gltf, not ." + std::string(formatName(options.format));
            return result;
        }
        if (options.season < 0 || options.season > 3) {
            result.error = "the season is 0 (spring) to 3 (winter)";
            return result;
        }
        SceneAssembler scene(options, result);
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            if (options.cancelled && options.cancelled()) {
                result.error = "cancelled";
                return result;
            }
            scene.addInput(inputs[i]);
            if (options.progress) options.progress(i + 1, inputs.size());
        }
        if (result.inputs == 0) {
            result.error = inputs.empty() ? "no input" : "no input is a placement file";
            return result;
        }
        WriteReport report;
        if (!scene.write(out, options.format == Format::Glb, result.error, report)) return result;
        result.files = std::move(report.files);
        result.ok = true;
    } catch (const std::exception& e) {
        result.error = std::string("scene export failed: ") + e.what();
    } catch (...) {
        result.error = "scene export failed";
    }
    return result;
}

} // namespace assetscope::exporting
