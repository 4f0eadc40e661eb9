#include "decode/mesh_decoder.h"
#include "formats/modelbin/blob_readers.h"
#include "formats/modelbin/mesh_resolve.h"

#include <algorithm>

namespace assetscope::modelbin::detail {

namespace {

bool endsWith(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

std::size_t countTag(const Model& model, std::initializer_list<std::uint32_t> tags) {
    return static_cast<std::size_t>(
        std::count_if(model.bundle.blobs.begin(), model.bundle.blobs.end(), [&](const auto& b) {
            return std::find(tags.begin(), tags.end(), b.tag) != tags.end();
        }));
}

void checkHeader(StructureTree& tree, const Model& model, const ParseOptions& options) {
    const NodeId root = model.bundle.node;
    const std::uint64_t at = model.bundle.offset;
    if (!model.skeleton)
        flag(tree, root, at, "modelbin/rules/one_skeleton", "modelbin.model.no-skeleton",
             "the model has no Skel blob (every model has one)");
    if (!model.header) {
        flag(tree, root, at, "modelbin/modl/mesh_count", "modelbin.model.no-header",
             "the model has no Modl blob");
        return;
    }
    const ModelHeader& h = *model.header;
    std::size_t headerBlob = 0;
    for (std::size_t i = 0; i < model.roles.size(); ++i)
        if (model.roles[i].first == BlobRole::Header) headerBlob = i;
    const grub::Blob& blob = model.bundle.blobs[headerBlob];
    const NodeId node = blob.node;
    struct Count {
        const char* what;
        const char* key;
        std::uint64_t stored;
        std::size_t found;
    };
    const Count counts[] = {
        {"mesh", "modelbin/modl/mesh_count", h.meshCount, countTag(model, {kMeshTag})},
        {"buffer", "modelbin/modl/buffer_count", h.bufferCount,
         countTag(model, {kIndBTag, kVerBTag, kMBufTag, kSkinTag})},
        {"vertex layout", "modelbin/modl/vertex_layout_count", h.layoutCount, countTag(model, {kVLayTag})},
        {"material", "modelbin/modl/material_count", h.materialCount, countTag(model, {kMatITag})},
    };
    for (const Count& c : counts)
        if (c.stored != c.found)
            flag(tree, node, blob.dataOffset, c.key, "modelbin.modl.counts",
                 std::string(c.what) + " count " + std::to_string(c.stored) + " but the bundle holds " +
                     std::to_string(c.found));
    if (endsWith(options.fileName, ".i.modelbin") && h.minLod != h.maxLod)
        // An Observed statement about the pair (the fields themselves are Proven): a warning.
        tree.report(node, blob.dataOffset,
                    {Severity::Warning, "modelbin.modl.lod-pair",
                     "min LOD " + std::to_string(h.minLod) + " and max LOD " + std::to_string(h.maxLod) +
                         " differ in a .i.modelbin"});
    if (endsWith(options.fileName, ".a.modelbin") && h.minLod < h.maxLod)
        tree.report(node, blob.dataOffset,
                    {Severity::Warning, "modelbin.modl.lod-pair",
                     "an animated model stores (coarsest, finest) but min LOD " + std::to_string(h.minLod) +
                         " < max LOD " + std::to_string(h.maxLod)});
    for (std::size_t v = 0; v < h.variants.size(); ++v)
        for (std::size_t m = 0; m < h.variants[v].size() && m < model.meshes.size(); ++m) {
            const std::size_t groups = model.meshes[m].materialGroups.size();
            if (h.variants[v][m] >= groups)
                flag(tree, node, blob.dataOffset, "modelbin/modl/material_variant_table",
                     "modelbin.modl.variant-group",
                     "variant " + std::to_string(v) + " selects material group " +
                         std::to_string(h.variants[v][m]) + " of mesh " + std::to_string(m) + ", which has " +
                         std::to_string(groups));
        }
}

// Returns false when an index or vertex of the mesh lies outside its buffer.
bool checkMesh(StructureTree& tree, Model& model, std::size_t index, bool geometry) {
    MeshRecord& m = model.meshes[index];
    const grub::Blob& blob = model.bundle.blobs[m.blob];
    const auto label = [index] { return "mesh " + std::to_string(index) + ": "; };
    for (std::size_t g = 0; g < m.materialGroups.size(); ++g)
        for (int season = 0; season < 4; ++season) {
            const std::int16_t id = m.materialGroups[g][static_cast<std::size_t>(season)];
            if (id == -1 && season != 1) continue;
            if (!model.material(id))
                flag(tree, blob.node, blob.dataOffset, "modelbin/mesh/material_ids", "modelbin.ref.material",
                     label() + "material id " + std::to_string(id) + " (group " + std::to_string(g) +
                         ") names no MatI slot");
        }
    if (!geometry) return true;
    std::vector<Problem> problems;
    const auto source = resolveMesh(model, index, problems);
    if (source) m.resolvedVertexCount = source->vertexCount;
    bool inside = true;
    for (const auto& p : problems) {
        flag(tree, blob.node, blob.dataOffset, p.docKey, p.rule, label() + p.message);
        inside = inside && p.rule != "modelbin.mesh.vertex-range";
    }
    if (source && source->find(decode::Semantic::Normal)) {
        // Stored zero normals occur in the game's files; they are kept as (0, 0, 0) and noted.
        decode::DecodeOptions normalsOnly;
        normalsOnly.uvs = normalsOnly.colors = normalsOnly.tangents = normalsOnly.skin = normalsOnly.morphs =
            false;
        normalsOnly.indices = false;
        const auto zeros = decode::decodeMesh(*source, normalsOnly).zeroNormals;
        if (zeros > 0)
            tree.report(
                blob.node, blob.dataOffset,
                {Severity::Note, "modelbin.mesh.zero-normal",
                 label() + std::to_string(zeros) + " vertex/vertices with a stored normal of (0, 0, 0)"});
    }
    return inside;
}

} // namespace

void checkModel(StructureTree& tree, Model& model, const ParseOptions& options) {
    checkHeader(tree, model, options);
    bool inside = true;
    for (std::size_t i = 0; i < model.meshes.size(); ++i)
        inside = checkMesh(tree, model, i, options.checkGeometry) && inside;
    // The model-wide rules as nodes, so the docs pane can show the statements they enforce (and
    // as values for field statistics, which read with nodes off and a tap).
    if (tree.recordsNodes() ? model.bundle.node == kNoNode : !tree.tap()) return;
    // The bundle's own rules (a .modelbin's) in the same container.
    CheckedRules rules = model.bundle.checkedRules;
    rules.note("modelbin/rules/one_skeleton", model.skeleton.has_value());
    if (options.checkGeometry) rules.note("modelbin/rules/vertices_inside_buffers", inside);
    Recorder r(tree, ByteView(), model.bundle.offset, model.bundle.node);
    rules.record(r);
}

} // namespace assetscope::modelbin::detail
