#include "formats/grub/grub_handler.h"
#include "formats/modelbin/model_handler.h"
#include "formats/modelbin/model_parser.h"

#include "document/file_tree.h"
#include "document/info_list.h"
#include "formats/grub/bundle_parser.h"
#include "formats/grub/bundle_writer.h"

#include <algorithm>
#include <map>

namespace assetscope::grub {

namespace {

void countInto(const Bundle& bundle, CensusCounts& counts) {
    for (const auto& blob : bundle.blobs) {
        ++counts.blobs[tagText(blob.tag) + " " + blob.versionText()];
        for (const auto& m : blob.metadata)
            ++counts.metadata[tagText(m.tag)];
        if (blob.nested) countInto(*blob.nested, counts);
    }
}

bool holdsModel(const Bundle& bundle) {
    const auto has = [&](std::uint32_t tag) {
        return std::any_of(bundle.blobs.begin(), bundle.blobs.end(),
                           [&](const Blob& b) { return b.tag == tag; });
    };
    return has(modelbin::kModlTag) && has(modelbin::kMeshTag);
}

class GrubHandler : public FormatHandler {
public:
    std::string_view name() const override { return "grub"; }
    std::string_view title() const override { return "ForzaTech Grub bundles"; }
    std::string_view extensions() const override {
        return ".materialbin .shaderbin .crowdbin ManufacturerColors.bin";
    }
    int sniff(ByteView bytes, std::string_view) const override { return looksLikeBundle(bytes) ? 50 : 0; }
    std::unique_ptr<ParsedFile> parse(SharedBytes bytes, const ParseSettings& settings) const override {
        StructureTree tree = makeFileTree(std::move(bytes), settings);
        Bundle bundle = parseBundle(tree, ParseOptions{settings.maxBundleDepth});
        // Bundles nested in it that hold Modl and Mesh blobs are models (a crowd's), read as a
        // .modelbin is.
        std::vector<NestedModel> models;
        const std::vector<const Bundle*> bundles = bundlesInOrder(bundle);
        for (std::size_t i = 1; i < bundles.size(); ++i)
            if (holdsModel(*bundles[i])) models.push_back({i, modelbin::parseModel(tree, *bundles[i])});
        return std::make_unique<ParsedBundle>(std::move(tree), std::move(bundle), std::move(models));
    }
};

} // namespace

std::vector<InfoLine> bundleInfo(const Bundle& bundle) {
    std::vector<InfoLine> lines;
    lines.emplace_back("bundle version",
                       std::to_string(bundle.versionMajor) + "." + std::to_string(bundle.versionMinor));
    lines.emplace_back("blobs", std::to_string(bundle.blobs.size()));
    std::map<std::string, int> byTag;
    for (const auto& blob : bundle.blobs)
        ++byTag[tagText(blob.tag) + " " + blob.versionText()];
    std::vector<std::string> kinds;
    for (const auto& [tag, n] : byTag)
        kinds.push_back(tag + (n > 1 ? " ×" + std::to_string(n) : ""));
    if (!kinds.empty()) lines.emplace_back("blob kinds", infoList(kinds));
    lines.emplace_back("nested bundles", std::to_string(bundle.nestedBundleCount()));
    if (bundle.headerEndsUnaligned)
        lines.emplace_back("arrangement", "header ends unaligned (swatch texture form)");
    if (bundle.endsShort)
        lines.emplace_back("arrangement", "ends short of 4-byte alignment (swatch texture form)");
    return lines;
}

void countBundle(const Bundle& bundle, CensusCounts& counts) {
    counts.bundles += 1 + bundle.nestedBundleCount();
    counts.nestedBundles += bundle.nestedBundleCount();
    countInto(bundle, counts);
}

std::vector<InfoLine> ParsedBundle::info() const {
    std::vector<InfoLine> lines = bundleInfo(m_bundle);
    if (!m_models.empty()) {
        std::size_t meshes = 0;
        for (const NestedModel& m : m_models)
            meshes += m.model.meshes.size();
        lines.emplace_back("nested models", std::to_string(m_models.size()) + " (" + std::to_string(meshes) +
                                                (meshes == 1 ? " mesh)" : " meshes)"));
    }
    return lines;
}

void ParsedBundle::count(CensusCounts& counts) const {
    countBundle(m_bundle, counts);
    for (const NestedModel& m : m_models)
        modelbin::countMeshes(m.model, counts);
}

std::optional<Bytes> ParsedBundle::writeBack() const {
    return writeBundle(m_bundle);
}

const FormatHandler& grubHandler() {
    static const GrubHandler handler;
    return handler;
}

} // namespace assetscope::grub
