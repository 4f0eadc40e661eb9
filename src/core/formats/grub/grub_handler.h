#pragma once

#include "contract/parsed_file.h"
#include "formats/grub/bundle.h"

#include <memory>

namespace assetscope::grub {

// A bundle as a Subject: index the bundle in file order (bundlesInOrder), row its blob.
inline constexpr std::uint32_t kBundleSubject = 1;
// A subject of a nested part (NestedPart): kind kNestedSubject + the part's own kind, index
// (part << 32) | the part's own index; the part's own `part` and `row` are kept.
inline constexpr std::uint32_t kNestedSubject = 0x100;

// Bundles in file order: the outer one, then each blob's nested bundle depth first.
std::vector<const Bundle*> bundlesInOrder(const Bundle& root);

// A Grub bundle read as a container (textures, materials, shaders, crowds ... and any bundle no
// more specific format claims), with the nested bundles other formats claimed (a crowd's models,
// read as a .modelbin is: their fields in the tree, their meshes in the tables, the 3D pane and
// export).
class ParsedBundle : public ParsedFile {
public:
    ParsedBundle(StructureTree tree, Bundle bundle, std::vector<std::unique_ptr<NestedPart>> parts = {})
        : ParsedFile(std::move(tree)), m_bundle(std::move(bundle)), m_parts(std::move(parts)) {}
    std::string_view format() const override { return "grub"; }
    std::vector<InfoLine> info() const override;
    void count(CensusCounts& counts) const override;
    std::optional<Bytes> writeBack() const override;
    Subject subjectOf(NodeId node) const override;
    NodeId nodeOf(const Subject& subject) const override;
    SubjectTables tables(const Subject& subject) const override;
    std::optional<exporting::ExportScene> exportScene(const ExportSelection& selection,
                                                      std::string& reason) const override;
    // The nested parts' looks (a crowd's models' slots), each with its part's number.
    std::vector<MaterialLook> materials() const override;

    const Bundle& bundle() const { return m_bundle; }
    const std::vector<std::unique_ptr<NestedPart>>& parts() const { return m_parts; }

private:
    // The nested part a kNestedSubject names and the subject in its own numbering, if it does.
    std::optional<std::pair<const NestedPart*, Subject>> nestedSubject(const Subject& subject) const;

    Bundle m_bundle;
    std::vector<std::unique_ptr<NestedPart>> m_parts;
};

// The nested parts that the nested claimants (nested_claimants.h) claim among the bundles nested in `root`
// (not `root` itself), in bundlesInOrder order.
std::vector<std::unique_ptr<NestedPart>> claimNestedBundles(StructureTree& tree, const Bundle& root);

// Container-level lines and counts, shared with formats built on bundles (models).
std::vector<InfoLine> bundleInfo(const Bundle& bundle);
void countBundle(const Bundle& bundle, CensusCounts& counts);

const FormatHandler& grubHandler();

} // namespace assetscope::grub
