#pragma once

#include "contract/parsed_file.h"
#include "formats/modelbin/model.h"

namespace assetscope::modelbin {

// A .modelbin read as a model: the bundle plus every blob's typed fields.
class ParsedModel : public ParsedFile {
public:
    ParsedModel(StructureTree tree, Model model) : ParsedFile(std::move(tree)), m_model(std::move(model)) {}
    std::string_view format() const override { return "modelbin"; }
    std::vector<InfoLine> info() const override;
    void count(CensusCounts& counts) const override;
    std::optional<Bytes> writeBack() const override;
    std::optional<exporting::ExportScene> exportScene(const ExportSelection& selection,
                                                      std::string& reason) const override;
    Subject subjectOf(NodeId node) const override;
    NodeId nodeOf(const Subject& subject) const override;
    SubjectTables tables(const Subject& subject) const override;
    PreviewChoices previewChoices() const override;
    std::vector<MaterialLook> materials() const override;

    const Model& model() const { return m_model; }

private:
    Model m_model;
};

// A mesh of the model, as a Subject (index: into Model::meshes).
inline constexpr std::uint32_t kMeshSubject = 1;

// A model's meshes as the document contract sees them, for a .modelbin and for models nested in
// other bundles (a crowd's) alike.
// The mesh whose blob holds `node`; nullopt outside any Mesh blob, or inside an array in one.
std::optional<std::size_t> meshHolding(const Model& model, const StructureTree& tree, NodeId node);
NodeId meshNode(const Model& model, std::size_t mesh); // the mesh's blob node
SubjectTables meshTables(const Model& model, std::size_t mesh);
// The same as the contract asks for them, by Subject (kMeshSubject).
Subject meshSubjectOf(const Model& model, const StructureTree& tree, NodeId node);
NodeId nodeOfMeshSubject(const Model& model, const Subject& subject);
SubjectTables tablesOfMeshSubject(const Model& model, const Subject& subject);
// Meshes, indices and vertices (each mesh's decoded range) as the census counts them.
void countMeshes(const Model& model, CensusCounts& counts);
// Its MatI slots as looks, in slot order.
std::vector<MaterialLook> modelLooks(const Model& model);

// Meshes an export selection names: the listed ones, or every mesh of the chosen (default:
// finest) LOD that is drawn in the main view; a model with none drawn gives its finest LOD's meshes.
std::vector<std::size_t> selectMeshes(const Model& model, const ExportSelection& selection,
                                      std::string& reason);

// The model's geometry for the exporters, in the engine's frame.
std::optional<exporting::ExportScene> buildExportScene(const Model& model, const ExportSelection& selection,
                                                       std::string& reason);

const FormatHandler& modelbinHandler();

} // namespace assetscope::modelbin
