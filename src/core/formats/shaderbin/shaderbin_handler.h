#pragma once

#include "contract/parsed_file.h"
#include "formats/shaderbin/shader_file.h"

namespace assetscope::shaderbin {

// A .shaderbin read as a shader: the bundle plus the typed parts the notes lay out.
class ParsedShader : public ParsedFile {
public:
    ParsedShader(StructureTree tree, ShaderFile file)
        : ParsedFile(std::move(tree)), m_file(std::move(file)) {}
    std::string_view format() const override { return "shaderbin"; }
    std::vector<InfoLine> info() const override;
    void count(CensusCounts& counts) const override;
    std::optional<Bytes> writeBack() const override;
    std::optional<exporting::ExportScene> exportScene(const ExportSelection&,
                                                      std::string& reason) const override {
        reason = "a shader holds no geometry";
        return std::nullopt;
    }
    std::vector<MaterialLook> materials() const override;

    const ShaderFile& file() const { return m_file; }

private:
    ShaderFile m_file;
};

const FormatHandler& shaderbinHandler();

} // namespace assetscope::shaderbin
