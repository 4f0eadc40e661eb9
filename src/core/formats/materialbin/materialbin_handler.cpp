#include "formats/materialbin/materialbin_handler.h"

#include "contract/file_tree.h"
#include "contract/info_list.h"
#include "formats/grub/bundle_parser.h"
#include "formats/grub/grub_handler.h"
#include "formats/grub/nested_claimants.h"
#include "formats/materialbin/material_parser.h"
#include "formats/materialbin/material_writer.h"
#include "formats/materialbin/materialbin_samples.h"
#include "formats/materialbin/nested_material.h"

#include <map>

namespace assetscope::materialbin {

using namespace shading;

namespace {

class MaterialHandler : public FormatHandler {
public:
    std::string_view name() const override { return "materialbin"; }
    std::string_view title() const override { return "ForzaTech materials"; }
    std::string_view extensions() const override { return ".materialbin"; }
    // Above the plain bundle's 50, below a texture's 70 and a model's 80: a bundle holding a
    // MATL blob is a material.
    int sniff(ByteView bytes, std::string_view) const override { return looksLikeMaterial(bytes) ? 60 : 0; }
    std::unique_ptr<ParsedFile> parse(SharedBytes bytes, const ParseSettings& settings) const override {
        StructureTree tree = makeFileTree(std::move(bytes), settings);
        grub::Bundle bundle = grub::parseBundle(tree, grub::ParseOptions{});
        if (settings.containerOnly)
            return std::make_unique<grub::ParsedBundle>(std::move(tree), std::move(bundle));
        MaterialFile file = parseMaterial(tree, std::move(bundle));
        return std::make_unique<ParsedMaterial>(std::move(tree), std::move(file));
    }
};

} // namespace

std::vector<InfoLine> ParsedMaterial::info() const {
    std::vector<InfoLine> lines = grub::bundleInfo(m_file.bundle);
    if (m_file.matl) {
        lines.emplace_back("material", m_file.name().empty() ? "(no name)" : m_file.name());
        const std::string shader = m_file.shaderPath();
        lines.emplace_back("shader", shader.empty() ? "none" : shader);
    }
    if (m_file.parameters) lines.emplace_back("parameters", parametersLine(*m_file.parameters));
    return lines;
}

void ParsedMaterial::count(CensusCounts& counts) const {
    grub::countBundle(m_file.bundle, counts);
    countMaterial(m_file, counts);
}

std::optional<Bytes> ParsedMaterial::writeBack() const {
    return writeMaterial(m_file);
}

std::vector<MaterialLook> ParsedMaterial::materials() const {
    return materialLooks(m_file);
}

const FormatHandler& materialbinHandler() {
    static const MaterialHandler handler = [] {
        // A bundle nested in a container (a crowd's MtlI blob) holding a MATL blob is a material.
        grub::addNestedClaimant({"materialbin", parseNestedMaterial, samples::crowdMaterial, "MtlI"});
        return MaterialHandler{};
    }();
    return handler;
}

} // namespace assetscope::materialbin
