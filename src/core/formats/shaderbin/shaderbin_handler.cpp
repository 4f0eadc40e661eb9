#include "formats/shaderbin/shaderbin_handler.h"

#include "contract/file_tree.h"
#include "formats/grub/bundle_parser.h"
#include "formats/grub/grub_handler.h"
#include "formats/shaderbin/shader_parser.h"
#include "formats/shaderbin/shader_writer.h"
#include "shading/parameters.h"

namespace assetscope::shaderbin {

namespace {

class ShaderHandler : public FormatHandler {
public:
    std::string_view name() const override { return "shaderbin"; }
    std::string_view title() const override { return "ForzaTech shaders"; }
    std::string_view extensions() const override { return ".shaderbin"; }
    // Above the plain bundle's 50 and a material's 60, below a texture's 70 and a model's 80: a
    // bundle holding a blob only shaders hold is a shader.
    int sniff(ByteView bytes, std::string_view) const override { return looksLikeShader(bytes) ? 65 : 0; }
    std::unique_ptr<ParsedFile> parse(SharedBytes bytes, const ParseSettings& settings) const override {
        StructureTree tree = makeFileTree(std::move(bytes), settings);
        grub::Bundle bundle = grub::parseBundle(tree, grub::ParseOptions{});
        if (settings.containerOnly)
            return std::make_unique<grub::ParsedBundle>(std::move(tree), std::move(bundle));
        ShaderFile file = parseShader(tree, std::move(bundle));
        return std::make_unique<ParsedShader>(std::move(tree), std::move(file));
    }
};

} // namespace

std::vector<InfoLine> ParsedShader::info() const {
    std::vector<InfoLine> lines = grub::bundleInfo(m_file.bundle);
    if (m_file.defaults) lines.emplace_back("defaults", shading::parametersLine(*m_file.defaults));
    std::size_t entries = 0;
    for (const MappingBlob& m : m_file.mappings)
        entries += m.entries.size();
    lines.emplace_back("mappings", std::to_string(entries) + " entries in " +
                                       std::to_string(m_file.mappings.size()) + " blobs");
    for (const LightScenarios& s : m_file.scenarios)
        lines.emplace_back(tagText(m_file.bundle.blobs[s.blob].tag) + " " + s.version.text(),
                           (s.count ? std::to_string(*s.count) : std::string("?")) + " scenarios" +
                               (s.firstName ? ", the first " + *s.firstName : ""));
    if (m_file.vers && m_file.vers->path)
        lines.emplace_back("VERS", std::to_string(*m_file.vers->value) + ", " + *m_file.vers->path);
    return lines;
}

void ParsedShader::count(CensusCounts& counts) const {
    grub::countBundle(m_file.bundle, counts);
    counts.add("shaders", 1);
    if (m_file.defaults) counts.add("parameters", m_file.defaults->records.size());
}

std::optional<Bytes> ParsedShader::writeBack() const {
    return writeShader(m_file);
}

std::vector<MaterialLook> ParsedShader::materials() const {
    MaterialLook look;
    look.kind = MaterialLook::Kind::Shader;
    if (m_file.dfprBlob) {
        look.name = m_file.bundle.blobs[*m_file.dfprBlob].name().value_or("");
        look.node = m_file.bundle.blobs[*m_file.dfprBlob].node;
    } else {
        look.node = m_file.bundle.node;
    }
    if (m_file.defaults) look.parameters = shading::lookParameters(*m_file.defaults);
    return {std::move(look)};
}

const FormatHandler& shaderbinHandler() {
    static const ShaderHandler handler;
    return handler;
}

} // namespace assetscope::shaderbin
