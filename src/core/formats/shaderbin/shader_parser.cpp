#include "formats/shaderbin/shader_parser.h"

#include "formats/grub/bundle_parser.h"
#include "formats/grub/metadata_payloads.h"
#include "formats/shaderbin/shader_blobs.h"
#include "shading/material_instance.h"
#include "shading/parameter_reader.h"
#include "tree/recorder.h"

#include <array>

namespace assetscope::shaderbin {

namespace {

// Blobs no public reader lays out (VARS opaque everywhere, TRGT read only with count 0): each a
// raw range with its own Unknown row.
constexpr std::array<std::pair<std::uint32_t, std::string_view>, 7> kRawBlobs = {{
    {tagFromText("PARM"), "shaderbin/parm/data"},
    {tagFromText("CBEX"), "shaderbin/cbex/data"},
    {tagFromText("TXRF"), "shaderbin/txrf/data"},
    {tagFromText("VERT"), "shaderbin/vert/data"},
    {tagFromText("SHUD"), "shaderbin/shud/data"},
    {tagFromText("VARS"), "shaderbin/vars/data"},
    {tagFromText("TRGT"), "shaderbin/trgt/data"},
}};

constexpr std::array kShaderOnlyTags = {shading::kDfprTag,
                                        tagFromText("PARM"),
                                        tagFromText("VARS"),
                                        kCbmpTag,
                                        kTxmpTag,
                                        kSpmpTag,
                                        kLsceTag,
                                        kDblsTag,
                                        kVersTag};

std::string_view rawKey(std::uint32_t tag) {
    for (const auto& [t, key] : kRawBlobs)
        if (t == tag) return key;
    return {};
}

class ShaderReader {
public:
    ShaderReader(StructureTree& tree, grub::Bundle bundle) : m_tree(tree) {
        m_file.bundle = std::move(bundle);
    }

    ShaderFile read() {
        for (std::size_t i = 0; i < m_file.bundle.blobs.size(); ++i) {
            readBlob(i);
            readMetadata(i);
        }
        return std::move(m_file);
    }

private:
    void readBlob(std::size_t index) {
        const grub::Blob& blob = m_file.bundle.blobs[index];
        if (!shading::blobReached(blob)) return; // reported by the bundle parser
        const Version v{blob.versionMajor, blob.versionMinor};
        Recorder r(m_tree, ByteView(blob.data), blob.dataOffset, blob.node);
        if (blob.tag == shading::kDfprTag) {
            if (m_file.dfprBlob) return second(r, blob.tag);
            m_file.dfprBlob = index;
            m_file.defaults = shading::readParameterBlob(r, v, shading::Trailer::None);
        } else if (blob.tag == kCbmpTag || blob.tag == kTxmpTag || blob.tag == kSpmpTag) {
            MappingBlob m = readMapping(r, v);
            m.blob = index;
            m_file.mappings.push_back(std::move(m));
        } else if (blob.tag == kLsceTag || blob.tag == kDblsTag) {
            LightScenarios s = readLightScenarios(r, v);
            s.blob = index;
            m_file.scenarios.push_back(std::move(s));
        } else if (blob.tag == kVersTag) {
            if (m_file.vers) return second(r, blob.tag);
            m_file.vers = readVers(r);
            m_file.vers->blob = index;
        } else if (const std::string_view key = rawKey(blob.tag); !key.empty()) {
            if (!blob.data.empty()) r.bytes(key, blob.data.size());
        } else {
            r.report(Severity::Note, "shaderbin.blob.tag",
                     "a " + tagText(blob.tag) + " blob: not one a shader holds");
        }
    }

    void second(Recorder& r, std::uint32_t tag) {
        r.report(Severity::Warning, "shaderbin.bundle.blob-count",
                 "a second " + tagText(tag) + " blob; the first is read as the shader's");
    }

    void readMetadata(std::size_t blob) {
        const auto& metadata = m_file.bundle.blobs[blob].metadata;
        for (std::size_t j = 0; j < metadata.size(); ++j) {
            const grub::Metadata& m = metadata[j];
            if (m.tag != kVdclTag && m.tag != kBlenTag) continue;
            const auto place = grub::metadataPayloadPlace(m_tree, m_file.bundle, blob, j);
            if (!place) continue;
            Recorder r(m_tree, ByteView(m.payload), place->offset, place->parent);
            if (m.tag == kVdclTag) {
                VertexDeclaration d{blob, j, {}};
                if (readVertexDeclaration(r, m.version, d)) m_file.declarations.push_back(std::move(d));
            } else {
                Blend b{blob, j, false, false};
                if (readBlend(r, m.version, b)) m_file.blends.push_back(b);
            }
        }
    }

    StructureTree& m_tree;
    ShaderFile m_file;
};

} // namespace

bool looksLikeShader(ByteView bytes) {
    for (const std::uint32_t tag : kShaderOnlyTags)
        if (grub::bundleListsTag(bytes, tag)) return true;
    return false;
}

ShaderFile parseShader(StructureTree& tree, grub::Bundle bundle) {
    return ShaderReader(tree, std::move(bundle)).read();
}

} // namespace assetscope::shaderbin
