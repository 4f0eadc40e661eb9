#include "formats/materialbin/material_parser.h"

#include "formats/grub/bundle_parser.h"
#include "formats/grub/metadata_payloads.h"
#include "shading/material_instance.h"
#include "shading/parameter_reader.h"
#include "shading/seven_bit_string.h"
#include "tree/recorder.h"

namespace assetscope::materialbin {

using namespace shading;

namespace {

// A diagnostic at a node the bundle parser made (at the bundle while nodes are off).
void report(StructureTree& tree, const grub::Bundle& bundle, NodeId at, Severity severity,
            std::string_view rule, std::string message) {
    const std::uint64_t offset = at != kNoNode ? tree.node(at).offset : bundle.offset;
    tree.report(at, offset, {severity, std::string(rule), std::move(message)});
}

MaterialLink readMatl(Recorder& r, Version v) {
    static constexpr std::string_view keys[] = {"materialbin/matl/path", "materialbin/matl/path_v1_1",
                                                "materialbin/matl/path_v1_2"};
    MaterialLink link;
    link.version = v;
    link.node = r.parent();
    if (v.atLeast(1, 3))
        r.report(Severity::Note, "materialbin.matl.version",
                 "MATL " + v.text() + " is later than the notes' 1.2; read as 1.2");
    const std::size_t strings = v.atLeast(1, 2) ? 3 : v.atLeast(1, 1) ? 2 : 1;
    for (std::size_t i = 0; i < strings; ++i) {
        const std::uint64_t start = r.pos();
        std::string path;
        if (!r.guard([&] { path = readSevenBitString(r, keys[i]); })) {
            link.rest.assign(r.view().begin() + static_cast<std::ptrdiff_t>(start), r.view().end());
            r.seek(r.view().size());
            return link;
        }
        link.paths.push_back(std::move(path));
    }
    link.rest = keepTrailing(r, "materialbin.matl.trailing", "MATL");
    // The readers agree only while the later strings are empty or equal to the first.
    const std::string chosen = chosenShaderPath(link.paths);
    if (!link.paths.empty() && !chosen.empty() && link.paths[0] != chosen)
        r.report(Severity::Note, "materialbin.matl.paths-differ",
                 "MATL's strings differ: the last non-empty one (" + chosen +
                     ") is taken as the shader; one reader follows the first (" + link.paths[0] + ")",
                 link.node);
    return link;
}

std::optional<AlphaTest> readAlphaTest(StructureTree& tree, const grub::Bundle& bundle, std::size_t blob) {
    const auto& metadata = bundle.blobs[blob].metadata;
    for (std::size_t j = 0; j < metadata.size(); ++j) {
        if (metadata[j].tag != kAtstTag) continue;
        const auto place = grub::metadataPayloadPlace(tree, bundle, blob, j);
        if (!place) return std::nullopt;
        AlphaTest atst;
        atst.version = metadata[j].version;
        Recorder r(tree, ByteView(metadata[j].payload), place->offset, place->parent);
        auto scope = r.scope("ATST payload");
        const std::size_t want = atst.version >= 2 ? 2 : 1;
        r.guard([&] {
            atst.flags.push_back(r.u8("materialbin/atst/flag"));
            if (want == 2) atst.flags.push_back(r.u8("materialbin/atst/second_flag"));
        });
        r.check(metadata[j].payload.size() == want, "materialbin.atst.size", "materialbin/atst/flag", [&] {
            return "an ATST payload of version " + std::to_string(atst.version) + " holds " +
                   std::to_string(want) + " byte(s); this one " + std::to_string(metadata[j].payload.size());
        });
        return atst;
    }
    return std::nullopt;
}

class MaterialReader {
public:
    MaterialReader(StructureTree& tree, grub::Bundle bundle) : m_tree(tree) {
        m_file.bundle = std::move(bundle);
    }

    MaterialFile read() {
        const auto& blobs = m_file.bundle.blobs;
        for (std::size_t i = 0; i < blobs.size(); ++i)
            readBlob(i);
        if (!m_file.matlBlob)
            report(m_tree, m_file.bundle, m_file.bundle.node, Severity::Warning, "materialbin.bundle.no-matl",
                   "the bundle holds no MATL blob: no material to read");
        return std::move(m_file);
    }

private:
    void readBlob(std::size_t index) {
        const grub::Blob& blob = m_file.bundle.blobs[index];
        if (!blobReached(blob)) return;
        const Version v{blob.versionMajor, blob.versionMinor};
        Recorder r(m_tree, ByteView(blob.data), blob.dataOffset, blob.node);
        if (blob.tag == kMatlTag) {
            if (m_file.matlBlob) return second(r, "MATL");
            m_file.matlBlob = index;
            m_file.matl = readMatl(r, v);
            m_file.alphaTest = readAlphaTest(m_tree, m_file.bundle, index);
        } else if (blob.tag == kMtprTag) {
            if (m_file.mtprBlob) return second(r, "MTPR");
            m_file.mtprBlob = index;
            m_file.parameters = readParameterBlob(r, v, Trailer::Mtpr);
        } else if (blob.tag == kMtudTag) {
            // No public reader names or reads MTUD.
            if (!blob.data.empty()) r.bytes("materialbin/mtud/data", blob.data.size());
        } else {
            r.report(Severity::Note, "materialbin.blob.tag",
                     "a " + tagText(blob.tag) + " blob: a material holds MATL, MTPR and MTUD");
        }
    }

    void second(Recorder& r, std::string_view tag) {
        r.report(Severity::Warning, "materialbin.bundle.blob-count",
                 "a second " + std::string(tag) + " blob; the first is read as the material's");
    }

    StructureTree& m_tree;
    MaterialFile m_file;
};

} // namespace

std::string chosenShaderPath(const std::vector<std::string>& paths) {
    for (auto it = paths.rbegin(); it != paths.rend(); ++it)
        if (!it->empty()) return *it;
    return {};
}

std::string MaterialFile::shaderPath() const {
    return matl ? chosenShaderPath(matl->paths) : std::string();
}

std::string MaterialFile::name() const {
    return matlBlob ? bundle.blobs[*matlBlob].name().value_or("") : std::string();
}

bool looksLikeMaterial(ByteView bytes) {
    return grub::bundleListsTag(bytes, kMatlTag);
}

MaterialFile parseMaterial(StructureTree& tree, grub::Bundle bundle) {
    return MaterialReader(tree, std::move(bundle)).read();
}

} // namespace assetscope::materialbin
