#include "models/selection_subject.h"

#include "formats/meshset/meshset_handler.h"
#include "formats/modelbin/model_handler.h"
#include "formats/pgeo/pgeo_handler.h"

namespace assetscope::app {

std::size_t pgeoBlockCount(const pgeo::PgeoFile& file) {
    return file.listA.size() + file.listB.size();
}

const pgeo::Block& pgeoBlock(const pgeo::PgeoFile& file, std::size_t block) {
    return block < file.listA.size() ? file.listA[block] : file.listB[block - file.listA.size()];
}

std::uint64_t pgeoFirstInstance(const pgeo::PgeoFile& file, std::size_t block) {
    std::uint64_t first = 0;
    for (std::size_t b = 0; b < block && b < pgeoBlockCount(file); ++b)
        first += pgeoBlock(file, b).instances.count();
    return first;
}

bool pgeoLocate(const pgeo::PgeoFile& file, std::uint64_t instance, std::size_t& block,
                std::uint64_t& record) {
    for (std::size_t b = 0; b < pgeoBlockCount(file); ++b) {
        const std::uint64_t count = pgeoBlock(file, b).instances.count();
        if (instance < count) {
            block = b;
            record = instance;
            return true;
        }
        instance -= count;
    }
    return false;
}

namespace {

// The block whose instance records are the lazy array `id`, or -1.
int blockOfArray(const pgeo::PgeoFile& file, const Node& array) {
    if (array.decoder == 0) return -1;
    for (std::size_t b = 0; b < pgeoBlockCount(file); ++b) {
        const pgeo::RecordRun& run = pgeoBlock(file, b).instances;
        if (!run.empty() && run.offset() == array.offset && run.count() == array.count)
            return static_cast<int>(b);
    }
    return -1;
}

SelectionSubject pgeoSubject(const pgeo::PgeoFile& file, const StructureTree& tree, NodeId node) {
    SelectionSubject s;
    NodeId below = kNoNode;
    for (NodeId at = node; at != kNoNode; below = at, at = tree.node(at).parent) {
        const Node& n = tree.node(at);
        if (n.decoder != 0) {
            // The first array on the way up decides: instance records are the block's table,
            // any other array (curve records) keeps the element table.
            const int block = blockOfArray(file, n);
            if (block < 0) return s;
            s.kind = SelectionSubject::Kind::PgeoBlock;
            s.block = block;
            if (below != kNoNode && n.stride)
                s.record = static_cast<std::int64_t>((tree.node(below).offset - n.offset) / n.stride);
            return s;
        }
        // A block's own node: one of its children is the block's instance array.
        for (NodeId c : n.children) {
            const int block = blockOfArray(file, tree.node(c));
            if (block >= 0) {
                s.kind = SelectionSubject::Kind::PgeoBlock;
                s.block = block;
                return s;
            }
        }
    }
    return s;
}

SelectionSubject modelSubject(const modelbin::Model& model, const StructureTree& tree, NodeId node) {
    SelectionSubject s;
    for (NodeId at = node; at != kNoNode; at = tree.node(at).parent) {
        const auto i = model.bundle.blobOfNode(tree, at);
        if (!i && tree.node(at).decoder != 0) return s; // an array inside a blob: the element table
        if (!i || *i >= model.roles.size()) continue;
        if (model.roles[*i].first != modelbin::BlobRole::Mesh) return s;
        s.kind = SelectionSubject::Kind::ModelMesh;
        s.mesh = static_cast<int>(model.roles[*i].second);
        return s;
    }
    return s;
}

SelectionSubject meshSetSubject(const meshset::MeshSet& mesh, const StructureTree& tree, NodeId node) {
    SelectionSubject s;
    for (NodeId at = node; at != kNoNode; at = tree.node(at).parent) {
        if (tree.node(at).decoder != 0) return s;
        for (std::size_t l = 0; l < mesh.lods.size(); ++l) {
            const meshset::Lod& lod = mesh.lods[l];
            for (std::size_t j = 0; j < lod.sections.size(); ++j)
                if (lod.sections[j].node == at) {
                    s.kind = SelectionSubject::Kind::MeshSetSection;
                    s.lod = static_cast<int>(l);
                    s.section = static_cast<int>(j);
                    return s;
                }
            if (lod.node == at) {
                s.kind = SelectionSubject::Kind::MeshSetLod;
                s.lod = static_cast<int>(l);
                return s;
            }
        }
    }
    return s;
}

} // namespace

SelectionSubject subjectOf(const ParsedFile& parsed, const StructureTree& tree, NodeId node) {
    if (node == kNoNode) return {};
    if (const auto* p = dynamic_cast<const pgeo::ParsedPgeo*>(&parsed))
        return pgeoSubject(p->file(), tree, node);
    if (const auto* m = dynamic_cast<const modelbin::ParsedModel*>(&parsed))
        return modelSubject(m->model(), tree, node);
    if (const auto* m = dynamic_cast<const meshset::ParsedMeshSet*>(&parsed))
        return meshSetSubject(m->meshSet(), tree, node);
    return {};
}

NodeId subjectNode(const ParsedFile& parsed, const StructureTree& tree, const SelectionSubject& subject) {
    using Kind = SelectionSubject::Kind;
    if (const auto* p = dynamic_cast<const pgeo::ParsedPgeo*>(&parsed);
        p && subject.kind == Kind::PgeoBlock) {
        if (subject.block < 0 || static_cast<std::size_t>(subject.block) >= pgeoBlockCount(p->file()))
            return kNoNode;
        const pgeo::RecordRun& run = pgeoBlock(p->file(), static_cast<std::size_t>(subject.block)).instances;
        for (std::size_t i = 0; i < tree.nodeCount(); ++i) {
            const Node& n = tree.node(static_cast<NodeId>(i));
            if (n.decoder != 0 && n.offset == run.offset() && n.count == run.count())
                return static_cast<NodeId>(i);
        }
        return kNoNode;
    }
    if (const auto* m = dynamic_cast<const modelbin::ParsedModel*>(&parsed);
        m && subject.kind == Kind::ModelMesh) {
        const modelbin::Model& model = m->model();
        if (subject.mesh < 0 || static_cast<std::size_t>(subject.mesh) >= model.meshes.size()) return kNoNode;
        const std::size_t blob = model.meshes[static_cast<std::size_t>(subject.mesh)].blob;
        return blob < model.bundle.blobs.size() ? model.bundle.blobs[blob].node : kNoNode;
    }
    if (const auto* m = dynamic_cast<const meshset::ParsedMeshSet*>(&parsed)) {
        const auto& lods = m->meshSet().lods;
        if (subject.lod < 0 || static_cast<std::size_t>(subject.lod) >= lods.size()) return kNoNode;
        const meshset::Lod& lod = lods[static_cast<std::size_t>(subject.lod)];
        if (subject.kind == Kind::MeshSetSection && subject.section >= 0 &&
            static_cast<std::size_t>(subject.section) < lod.sections.size())
            return lod.sections[static_cast<std::size_t>(subject.section)].node;
        if (subject.kind == Kind::MeshSetLod || subject.kind == Kind::MeshSetSection) return lod.node;
    }
    return kNoNode;
}

} // namespace assetscope::app
