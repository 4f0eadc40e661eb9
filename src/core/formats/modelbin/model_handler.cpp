#include "formats/modelbin/model_handler.h"

#include "contract/file_tree.h"
#include "contract/info_list.h"
#include "formats/grub/bundle_parser.h"
#include "formats/grub/grub_handler.h"
#include "formats/grub/nested_claimants.h"
#include "formats/modelbin/mesh_resolve.h"
#include "formats/modelbin/model_parser.h"
#include "formats/modelbin/model_writer.h"
#include "formats/modelbin/nested_model.h"
#include "formats/modelbin/sample_models.h"

#include <algorithm>

namespace assetscope::modelbin {

namespace {

class ModelHandler : public FormatHandler {
public:
    std::string_view name() const override { return "modelbin"; }
    std::string_view title() const override { return "ForzaTech models"; }
    std::string_view extensions() const override { return ".modelbin"; }
    // Above the plain bundle's 50: a bundle holding Modl and Mesh blobs is a model.
    int sniff(ByteView bytes, std::string_view) const override { return looksLikeModel(bytes) ? 80 : 0; }
    std::unique_ptr<ParsedFile> parse(SharedBytes bytes, const ParseSettings& settings) const override {
        StructureTree tree = makeFileTree(std::move(bytes), settings);
        grub::ParseOptions bundleOptions;
        bundleOptions.outerJudgesVersion = modelBlobTag;
        bundleOptions.outerListsRules = true;
        grub::Bundle bundle = grub::parseBundle(tree, bundleOptions);
        if (settings.containerOnly)
            return std::make_unique<grub::ParsedBundle>(std::move(tree), std::move(bundle));
        ParseOptions options;
        options.fileName = settings.fileName;
        Model model = parseModel(tree, std::move(bundle), options);
        return std::make_unique<ParsedModel>(std::move(tree), std::move(model));
    }
};

// Vertices as the census counts them: each mesh's vertex range (max index − min index + 1).
std::uint64_t meshVertices(const Model& model, std::size_t i) {
    std::vector<Problem> problems;
    const auto source = resolveMesh(model, i, problems);
    return source ? source->vertexCount : 0;
}

} // namespace

std::vector<InfoLine> ParsedModel::info() const {
    std::vector<InfoLine> lines = grub::bundleInfo(m_model.bundle);
    const Model& m = m_model;
    if (m.header) {
        const ModelHeader& h = *m.header;
        lines.emplace_back("Modl version", h.version.text());
        lines.emplace_back("LOD range", "min " + std::to_string(h.minLod) + ", max " +
                                            std::to_string(h.maxLod) + " (" + lodText(h.lodFlags) + ")");
        if (h.version.atLeast(1, 5)) lines.emplace_back("variants", std::to_string(h.variantCount));
    }
    std::vector<std::string> versions;
    std::uint64_t indices = 0, vertices = 0, drawn = 0;
    bool skinned = false;
    std::uint64_t morphs = 0;
    for (std::size_t i = 0; i < m.meshes.size(); ++i) {
        const MeshRecord& mesh = m.meshes[i];
        if (std::find(versions.begin(), versions.end(), mesh.version.text()) == versions.end())
            versions.push_back(mesh.version.text());
        indices += mesh.indexCount > 0 ? static_cast<std::uint64_t>(mesh.indexCount) : 0;
        vertices += meshVertices(m, i);
        drawn += mesh.drawnInMainView();
        skinned = skinned || mesh.skinBufferIndex >= 0;
        morphs += mesh.morphTargetCount;
    }
    lines.emplace_back("meshes", std::to_string(m.meshes.size()) + " (" + std::to_string(drawn) +
                                     " drawn in the main view" +
                                     (versions.empty() ? "" : "; Mesh " + infoList(versions)) + ")");
    std::vector<std::string> lods;
    for (int lod : m.lods())
        lods.push_back("LOD" + std::to_string(lod));
    lines.emplace_back("LODs", lods.empty() ? "none" : infoList(lods));
    lines.emplace_back("vertices", std::to_string(vertices));
    lines.emplace_back("indices",
                       std::to_string(indices) + " (" + std::to_string(indices / 3) + " triangles)");
    std::size_t empty = 0;
    for (const auto& slot : m.materials)
        empty += slot.empty;
    lines.emplace_back("materials",
                       std::to_string(m.materials.size()) + " slots (" + std::to_string(empty) + " empty)");
    if (m.header && m.header->textureHashes)
        lines.emplace_back("texture references", std::to_string(m.header->textureHashes->size()));
    if (m.skeleton) lines.emplace_back("skeleton", std::to_string(m.skeleton->bones.size()) + " bones");
    lines.emplace_back("skinned", skinned ? "yes" : "no");
    lines.emplace_back("morph targets", std::to_string(morphs));
    return lines;
}

void ParsedModel::count(CensusCounts& counts) const {
    grub::countBundle(m_model.bundle, counts);
    countMeshes(m_model, counts);
    std::uint64_t parameters = 0;
    for (const MaterialSlot& slot : m_model.materials)
        if (slot.instance && slot.instance->parameters)
            parameters += slot.instance->parameters->records.size();
    if (parameters > 0) counts.add("parameters", parameters);
}

std::vector<MaterialLook> ParsedModel::materials() const {
    return modelLooks(m_model);
}

std::vector<MaterialLook> modelLooks(const Model& model) {
    std::vector<MaterialLook> looks;
    for (const MaterialSlot& slot : model.materials) {
        MaterialLook look;
        look.kind = MaterialLook::Kind::Instance;
        // The Id is read as an i32 (public-reader-notes.md, "Model slots").
        if (slot.id) look.slot = static_cast<std::int32_t>(*slot.id);
        look.name = slot.name;
        if (slot.instance) {
            look.derivesFrom = slot.instance->path;
            if (slot.instance->parameters)
                look.parameters = shading::lookParameters(*slot.instance->parameters);
        }
        look.node = model.bundle.blobs[slot.blob].node;
        looks.push_back(std::move(look));
    }
    // Slot order: by Id, a slot without one after those with one, blobs' order kept between equals.
    std::stable_sort(looks.begin(), looks.end(), [](const MaterialLook& a, const MaterialLook& b) {
        return a.slot.has_value() != b.slot.has_value() ? a.slot.has_value()
                                                        : a.slot.value_or(0) < b.slot.value_or(0);
    });
    return looks;
}

std::optional<Bytes> ParsedModel::writeBack() const {
    return writeModel(m_model);
}

std::optional<exporting::ExportScene> ParsedModel::exportScene(const ExportSelection& selection,
                                                               std::string& reason) const {
    auto scene = buildExportScene(m_model, selection, reason);
    if (scene && scene->name.empty())
        scene->name = m_tree.root() != kNoNode ? m_tree.node(m_tree.root()).name : "model";
    return scene;
}

const FormatHandler& modelbinHandler() {
    static const ModelHandler handler = [] {
        // A bundle nested in a container (a crowd's) holding Modl and Mesh blobs is a model too.
        grub::addNestedClaimant({"modelbin", parseNestedModel, sample_models::crowdModel, "Modl"});
        return ModelHandler{};
    }();
    return handler;
}

} // namespace assetscope::modelbin
