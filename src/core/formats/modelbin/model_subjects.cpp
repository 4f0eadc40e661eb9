#include "formats/modelbin/mesh_resolve.h"
#include "formats/modelbin/model_handler.h"
#include "formats/modelbin/model_tables.h"

namespace assetscope::modelbin {

std::optional<std::size_t> meshHolding(const Model& model, const StructureTree& tree, NodeId node) {
    for (NodeId at = node; at != kNoNode && at < tree.nodeCount(); at = tree.node(at).parent) {
        const auto blob = model.bundle.blobOfNode(tree, at);
        if (!blob && tree.node(at).decoder != 0)
            return std::nullopt; // an array inside a blob: the element table
        if (!blob || *blob >= model.roles.size()) continue;
        if (model.roles[*blob].first != BlobRole::Mesh) return std::nullopt;
        return model.roles[*blob].second;
    }
    return std::nullopt;
}

NodeId meshNode(const Model& model, std::size_t mesh) {
    if (mesh >= model.meshes.size()) return kNoNode;
    const std::size_t blob = model.meshes[mesh].blob;
    return blob < model.bundle.blobs.size() ? model.bundle.blobs[blob].node : kNoNode;
}

SubjectTables meshTables(const Model& model, std::size_t mesh) {
    SubjectTables out;
    if (mesh >= model.meshes.size()) return out;
    out.heading = "Mesh " + std::to_string(mesh) + " " + model.meshes[mesh].name;
    std::vector<Problem> problems;
    const std::optional<decode::MeshSource> source = resolveMesh(model, mesh, problems);
    if (!source) {
        out.problem = problems.empty() ? "no reason given" : problems.front().message;
        return out;
    }
    out.main = meshVertexTable(*source);
    out.detail = meshTriangleTable(*source);
    out.summary = std::to_string(out.main->rowCount()) + " vertices (" +
                  std::to_string(out.main->columns().size() - 1) + " columns) above " +
                  std::to_string(out.detail->rowCount()) + " triangles";
    return out;
}

void countMeshes(const Model& model, CensusCounts& counts) {
    counts.add("meshes", model.meshes.size());
    for (std::size_t i = 0; i < model.meshes.size(); ++i) {
        const MeshRecord& mesh = model.meshes[i];
        counts.add("indices", mesh.indexCount > 0 ? static_cast<std::uint64_t>(mesh.indexCount) : 0);
        if (mesh.resolvedVertexCount) {
            counts.add("vertices", *mesh.resolvedVertexCount);
            continue;
        }
        std::vector<Problem> problems;
        const auto source = resolveMesh(model, i, problems);
        counts.add("vertices", source ? source->vertexCount : 0);
    }
}

Subject meshSubjectOf(const Model& model, const StructureTree& tree, NodeId node) {
    const auto mesh = meshHolding(model, tree, node);
    return mesh ? Subject{kMeshSubject, static_cast<std::int64_t>(*mesh)} : Subject{};
}

NodeId nodeOfMeshSubject(const Model& model, const Subject& subject) {
    return subject.kind == kMeshSubject && subject.index >= 0
               ? meshNode(model, static_cast<std::size_t>(subject.index))
               : kNoNode;
}

SubjectTables tablesOfMeshSubject(const Model& model, const Subject& subject) {
    return subject.kind == kMeshSubject && subject.index >= 0
               ? meshTables(model, static_cast<std::size_t>(subject.index))
               : SubjectTables{};
}

Subject ParsedModel::subjectOf(NodeId node) const {
    return meshSubjectOf(m_model, m_tree, node);
}

NodeId ParsedModel::nodeOf(const Subject& subject) const {
    return nodeOfMeshSubject(m_model, subject);
}

SubjectTables ParsedModel::tables(const Subject& subject) const {
    return tablesOfMeshSubject(m_model, subject);
}

PreviewChoices ParsedModel::previewChoices() const {
    PreviewChoices c;
    for (int lod : m_model.lods()) {
        c.lods.push_back("LOD" + std::to_string(lod));
        c.lodNumbers.push_back(lod);
    }
    if (m_model.header)
        for (std::size_t v = 0; v < m_model.header->variants.size(); ++v)
            c.variants.push_back("Variant " + std::to_string(v));
    c.seasons = seasonLabels(); // material ids per season
    return c;
}

} // namespace assetscope::modelbin
