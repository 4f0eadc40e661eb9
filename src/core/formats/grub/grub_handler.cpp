#include "formats/grub/grub_handler.h"

#include "bytes/ascii_case.h"
#include "contract/file_tree.h"
#include "contract/info_list.h"
#include "formats/grub/bundle_parser.h"
#include "formats/grub/bundle_writer.h"
#include "formats/grub/nested_claimants.h"

#include <algorithm>
#include <map>
#include <vector>

namespace assetscope::grub {

namespace {

// Blob kinds (tag and version) and metadata tags, tallied as numbers: a hostile bundle holds
// thousands of records of a few kinds, and each kind's text is made and counted once. Sorted
// lists rather than maps: a list grows by doubling, a map allocates for each kind.
struct KindTally {
    std::vector<const Blob*> blobs;
    std::vector<std::uint32_t> metadataTags;
};

std::uint64_t kindKey(const Blob& blob) {
    return std::uint64_t{blob.tag} << 16 | std::uint64_t{blob.versionMajor} << 8 | blob.versionMinor;
}

void tallyInto(const Bundle& bundle, KindTally& tally) {
    for (const auto& blob : bundle.blobs) {
        tally.blobs.push_back(&blob);
        for (const auto& m : blob.metadata)
            tally.metadataTags.push_back(m.tag);
        if (blob.nested) tallyInto(*blob.nested, tally);
    }
}

// Calls `add(first, n)` for each run of equal keys in `items`, sorted by `key`.
template <typename T, typename Key, typename Add> void forEachRun(std::vector<T>& items, Key key, Add add) {
    std::sort(items.begin(), items.end(), [&](const T& a, const T& b) { return key(a) < key(b); });
    for (std::size_t i = 0; i < items.size();) {
        std::size_t j = i + 1;
        while (j < items.size() && key(items[j]) == key(items[i]))
            ++j;
        add(items[i], j - i);
        i = j;
    }
}

void countInto(const Bundle& bundle, CensusCounts& counts) {
    KindTally tally;
    tallyInto(bundle, tally);
    forEachRun(
        tally.blobs, [](const Blob* b) { return kindKey(*b); },
        [&](const Blob* b, std::uint64_t n) {
            counts.addKind("blobs", tagText(b->tag) + " " + b->versionText(), n);
        });
    forEachRun(
        tally.metadataTags, [](std::uint32_t tag) { return tag; },
        [&](std::uint32_t tag, std::uint64_t n) { counts.addKind("metadata", tagText(tag), n); });
}

class GrubHandler : public FormatHandler {
public:
    std::string_view name() const override { return "grub"; }
    std::string_view title() const override { return "ForzaTech Grub bundles"; }
    std::string_view extensions() const override { return ".crowdbin ManufacturerColors.bin"; }
    int sniff(ByteView bytes, std::string_view) const override { return looksLikeBundle(bytes) ? 50 : 0; }
    std::unique_ptr<ParsedFile> parse(SharedBytes bytes, const ParseSettings& settings) const override {
        StructureTree tree = makeFileTree(std::move(bytes), settings);
        Bundle bundle = parseBundle(tree, ParseOptions{});
        auto parts = claimNestedBundles(tree, bundle);
        return std::make_unique<ParsedBundle>(std::move(tree), std::move(bundle), std::move(parts));
    }
    // A material instance (a model's MatI bundle) holds a MATI blob, the material it derives
    // from (grub-bundles.txt), whose Name metadata is that material's path in the game's files.
    std::vector<ReferenceFind> referencesTo(const ReferenceTarget& target) const override {
        if (!endsWithNoCase(target.fileName, ".materialbin")) return {};
        return {{"grub/metadata_payload/name", "*/" + std::string(target.fileName), true,
                 "a material instance's MATI blob names the material it derives from by its path"}};
    }
};

} // namespace

std::vector<std::unique_ptr<NestedPart>> claimNestedBundles(StructureTree& tree, const Bundle& root) {
    std::vector<std::unique_ptr<NestedPart>> parts;
    const std::vector<const Bundle*> bundles = bundlesInOrder(root);
    for (std::size_t i = 1; i < bundles.size(); ++i)
        for (const NestedClaimant& claimant : nestedClaimants())
            if (auto part = claimant.claim(tree, *bundles[i])) {
                parts.push_back(std::move(part));
                break;
            }
    return parts;
}

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
    counts.add("bundles", 1 + bundle.nestedBundleCount());
    counts.add("nested_bundles", bundle.nestedBundleCount());
    countInto(bundle, counts);
}

std::vector<InfoLine> ParsedBundle::info() const {
    std::vector<InfoLine> lines = bundleInfo(m_bundle);
    // One line per kind of part, in the order each kind first occurs: how many, with their meshes.
    std::vector<std::string_view> nouns;
    for (const auto& part : m_parts)
        if (std::find(nouns.begin(), nouns.end(), part->noun()) == nouns.end()) nouns.push_back(part->noun());
    for (const std::string_view noun : nouns) {
        std::size_t parts = 0, meshes = 0;
        for (const auto& part : m_parts)
            if (part->noun() == noun) {
                ++parts;
                meshes += part->meshCount();
            }
        // A kind that holds no geometry (a crowd's materials) has no mesh count.
        std::string line = std::to_string(parts);
        if (meshes > 0) line += " (" + std::to_string(meshes) + (meshes == 1 ? " mesh)" : " meshes)");
        lines.emplace_back("nested " + std::string(noun) + "s", line);
    }
    return lines;
}

void ParsedBundle::count(CensusCounts& counts) const {
    countBundle(m_bundle, counts);
    for (const auto& part : m_parts)
        part->count(counts);
}

std::optional<Bytes> ParsedBundle::writeBack() const {
    return writeBundle(m_bundle);
}

const FormatHandler& grubHandler() {
    static const GrubHandler handler;
    return handler;
}

} // namespace assetscope::grub
