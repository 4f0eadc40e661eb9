#include "formats/modelbin/nested_model.h"

#include "formats/modelbin/model_handler.h"
#include "formats/modelbin/model_parser.h"

#include <algorithm>

namespace assetscope::modelbin {

void NestedModel::count(CensusCounts& counts) const {
    countMeshes(m_model, counts);
}

Subject NestedModel::subjectOf(const StructureTree& tree, NodeId node) const {
    return meshSubjectOf(m_model, tree, node);
}

NodeId NestedModel::nodeOf(const Subject& subject) const {
    return nodeOfMeshSubject(m_model, subject);
}

SubjectTables NestedModel::tables(const Subject& subject) const {
    return tablesOfMeshSubject(m_model, subject);
}

std::optional<exporting::ExportScene> NestedModel::exportScene(const ExportSelection& selection,
                                                               std::string& reason) const {
    return buildExportScene(m_model, selection, reason);
}

std::vector<MaterialLook> NestedModel::materials() const {
    return modelLooks(m_model);
}

std::unique_ptr<NestedPart> parseNestedModel(StructureTree& tree, const grub::Bundle& bundle) {
    const auto has = [&](std::uint32_t tag) {
        return std::any_of(bundle.blobs.begin(), bundle.blobs.end(),
                           [&](const grub::Blob& b) { return b.tag == tag; });
    };
    if (!has(kModlTag) || !has(kMeshTag)) return nullptr;
    return std::make_unique<NestedModel>(parseModel(tree, bundle));
}

} // namespace assetscope::modelbin
