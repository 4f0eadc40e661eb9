#pragma once

#include "document/parsed_file.h"
#include "formats/grub/bundle.h"
#include "formats/modelbin/model.h"

namespace assetscope::grub {

// A bundle as a Subject: index the bundle in file order (bundlesInOrder), row its blob.
inline constexpr std::uint32_t kBundleSubject = 1;
// A mesh of a nested model as a Subject: index (model << 32) | mesh.
inline constexpr std::uint32_t kNestedMeshSubject = 2;

// A model inside a bundle (a crowd's Modl blobs hold model bundles, Modl 1.0), read as a
// .modelbin is: its fields in the tree, its meshes in the tables, the 3D pane and export.
struct NestedModel {
    std::size_t bundle = 0; // the index of its bundle in bundlesInOrder
    modelbin::Model model;
};

// Bundles in file order: the outer one, then each blob's nested bundle depth first.
std::vector<const Bundle*> bundlesInOrder(const Bundle& root);

// A Grub bundle read as a container (textures, materials, shaders, crowds ... and any bundle no
// more specific format claims), with the models nested in it.
class ParsedBundle : public ParsedFile {
public:
    ParsedBundle(StructureTree tree, Bundle bundle, std::vector<NestedModel> models = {})
        : ParsedFile(std::move(tree)), m_bundle(std::move(bundle)), m_models(std::move(models)) {}
    std::string_view format() const override { return "grub"; }
    std::vector<InfoLine> info() const override;
    void count(CensusCounts& counts) const override;
    std::optional<Bytes> writeBack() const override;
    Subject subjectOf(NodeId node) const override;
    NodeId nodeOf(const Subject& subject) const override;
    SubjectTables tables(const Subject& subject) const override;
    std::optional<exporting::ExportScene> exportScene(const ExportSelection& selection,
                                                      std::string& reason) const override;

    const Bundle& bundle() const { return m_bundle; }
    const std::vector<NestedModel>& models() const { return m_models; }

private:
    // The nested model and mesh a kNestedMeshSubject names, if it does.
    std::optional<std::pair<const modelbin::Model*, std::size_t>> nestedMesh(const Subject& subject) const;

    Bundle m_bundle;
    std::vector<NestedModel> m_models;
};

// Container-level lines and counts, shared with formats built on bundles (models).
std::vector<InfoLine> bundleInfo(const Bundle& bundle);
void countBundle(const Bundle& bundle, CensusCounts& counts);

const FormatHandler& grubHandler();

} // namespace assetscope::grub
