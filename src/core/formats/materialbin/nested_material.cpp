#include "formats/materialbin/nested_material.h"

#include "formats/materialbin/material_parser.h"

#include <algorithm>

namespace assetscope::materialbin {

void countMaterial(const MaterialFile& file, CensusCounts& counts) {
    if (file.matl) counts.add("materials", 1);
    if (file.parameters) counts.add("parameters", file.parameters->records.size());
}

std::vector<MaterialLook> materialLooks(const MaterialFile& file) {
    if (!file.matl) return {};
    MaterialLook look;
    look.kind = MaterialLook::Kind::Material;
    look.name = file.name();
    look.derivesFrom = file.shaderPath();
    if (file.parameters) look.parameters = shading::lookParameters(*file.parameters);
    look.node = file.matl->node;
    return {std::move(look)};
}

void NestedMaterial::count(CensusCounts& counts) const {
    countMaterial(m_file, counts);
}

std::vector<MaterialLook> NestedMaterial::materials() const {
    return materialLooks(m_file);
}

std::unique_ptr<NestedPart> parseNestedMaterial(StructureTree& tree, const grub::Bundle& bundle) {
    if (std::none_of(bundle.blobs.begin(), bundle.blobs.end(),
                     [](const grub::Blob& b) { return b.tag == kMatlTag; }))
        return nullptr;
    return std::make_unique<NestedMaterial>(parseMaterial(tree, bundle));
}

} // namespace assetscope::materialbin
