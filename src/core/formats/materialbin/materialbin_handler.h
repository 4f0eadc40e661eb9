#pragma once

#include "contract/parsed_file.h"
#include "formats/materialbin/material_file.h"

namespace assetscope::materialbin {

// A .materialbin read as a material: the bundle plus MATL, ATST and MTPR's typed fields.
class ParsedMaterial : public ParsedFile {
public:
    ParsedMaterial(StructureTree tree, MaterialFile file)
        : ParsedFile(std::move(tree)), m_file(std::move(file)) {}
    std::string_view format() const override { return "materialbin"; }
    std::vector<InfoLine> info() const override;
    void count(CensusCounts& counts) const override;
    std::optional<Bytes> writeBack() const override;
    std::optional<exporting::ExportScene> exportScene(const ExportSelection&,
                                                      std::string& reason) const override {
        reason = "a material holds no geometry";
        return std::nullopt;
    }
    std::vector<MaterialLook> materials() const override;

    const MaterialFile& file() const { return m_file; }

private:
    MaterialFile m_file;
};

const FormatHandler& materialbinHandler();

} // namespace assetscope::materialbin
