#include "formats/modelbin/model_handler.h"
#include "formats/modelbin/model_tables.h"

namespace assetscope::modelbin {

Subject ParsedModel::subjectOf(NodeId node) const {
    const StructureTree& tree = m_tree;
    for (NodeId at = node; at != kNoNode && at < tree.nodeCount(); at = tree.node(at).parent) {
        const auto blob = m_model.bundle.blobOfNode(tree, at);
        if (!blob && tree.node(at).decoder != 0) return {}; // an array inside a blob: the element table
        if (!blob || *blob >= m_model.roles.size()) continue;
        if (m_model.roles[*blob].first != BlobRole::Mesh) return {};
        return {kMeshSubject, static_cast<std::int64_t>(m_model.roles[*blob].second)};
    }
    return {};
}

NodeId ParsedModel::nodeOf(const Subject& subject) const {
    if (subject.kind != kMeshSubject || subject.index < 0 ||
        static_cast<std::size_t>(subject.index) >= m_model.meshes.size())
        return kNoNode;
    const std::size_t blob = m_model.meshes[static_cast<std::size_t>(subject.index)].blob;
    return blob < m_model.bundle.blobs.size() ? m_model.bundle.blobs[blob].node : kNoNode;
}

SubjectTables ParsedModel::tables(const Subject& subject) const {
    SubjectTables out;
    if (subject.kind != kMeshSubject || subject.index < 0 ||
        static_cast<std::size_t>(subject.index) >= m_model.meshes.size())
        return out;
    const auto mesh = static_cast<std::size_t>(subject.index);
    out.heading = "Mesh " + std::to_string(mesh) + " " + m_model.meshes[mesh].name;
    std::vector<decode::Problem> problems;
    const std::optional<decode::MeshSource> source = decode::resolveMesh(m_model, mesh, problems);
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
