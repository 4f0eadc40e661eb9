#pragma once

#include "contract/parsed_file.h"
#include "formats/modelbin/model.h"

#include <memory>

namespace assetscope::modelbin {

// A model inside another bundle (a crowd's Modl blobs hold model bundles, Modl 1.0), read as a
// .modelbin is: its fields in the tree, its meshes as subjects (kMeshSubject), in the tables,
// the 3D pane, export and the census.
class NestedModel : public NestedPart {
public:
    explicit NestedModel(Model model) : m_model(std::move(model)) {}
    std::string_view noun() const override { return "model"; }
    std::size_t meshCount() const override { return m_model.meshes.size(); }
    void count(CensusCounts& counts) const override;
    Subject subjectOf(const StructureTree& tree, NodeId node) const override;
    NodeId nodeOf(const Subject& subject) const override;
    SubjectTables tables(const Subject& subject) const override;
    std::optional<exporting::ExportScene> exportScene(const ExportSelection& selection,
                                                      std::string& reason) const override;
    std::vector<MaterialLook> materials() const override;

    const Model& model() const { return m_model; }

private:
    Model m_model;
};

// The bundle read as a model when it holds Modl and Mesh blobs; nullptr otherwise.
std::unique_ptr<NestedPart> parseNestedModel(StructureTree& tree, const grub::Bundle& bundle);

} // namespace assetscope::modelbin
