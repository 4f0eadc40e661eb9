#pragma once

#include "contract/parsed_file.h"
#include "formats/materialbin/material_file.h"

#include <memory>

namespace assetscope::materialbin {

// A material inside another bundle (a crowd's MtlI blobs hold material bundles: MATL, MTPR,
// MTUD), read as a .materialbin is: its fields in the tree, its look in `materials` and the
// window's table, its counts in the census. It holds no geometry: it adds nothing to a scene.
class NestedMaterial : public NestedPart {
public:
    explicit NestedMaterial(MaterialFile file) : m_file(std::move(file)) {}
    std::string_view noun() const override { return "material"; }
    std::size_t meshCount() const override { return 0; }
    void count(CensusCounts& counts) const override;
    Subject subjectOf(const StructureTree&, NodeId) const override { return {}; }
    NodeId nodeOf(const Subject&) const override { return kNoNode; }
    SubjectTables tables(const Subject&) const override { return {}; }
    std::optional<exporting::ExportScene> exportScene(const ExportSelection&, std::string&) const override {
        return exporting::ExportScene{};
    }
    std::vector<MaterialLook> materials() const override;

private:
    MaterialFile m_file;
};

// The bundle read as a material when it holds a MATL blob; nullptr otherwise.
std::unique_ptr<NestedPart> parseNestedMaterial(StructureTree& tree, const grub::Bundle& bundle);

// What a material adds to the census beyond its bundle: one material, its parameter records.
void countMaterial(const MaterialFile& file, CensusCounts& counts);
// A material's look: its name, the shader it derives from, its own parameters (none without MATL).
std::vector<MaterialLook> materialLooks(const MaterialFile& file);

} // namespace assetscope::materialbin
