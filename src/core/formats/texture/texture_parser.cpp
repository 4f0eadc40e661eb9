#include "formats/texture/texture_parser.h"

#include "bytes/number_text.h"
#include "formats/grub/bundle_parser.h"
#include "formats/grub/metadata_payloads.h"
#include "formats/texture/texture_data.h"
#include "formats/texture/txch_layout.h"
#include "tree/recorder.h"

#include <algorithm>

namespace assetscope::texture {

namespace {

std::string valueKey(std::size_t index) {
    return index == 0   ? "texture/chain_value/encoding"
           : index == 1 ? "texture/chain_value/pitch"
                        : "texture/chain_value/value";
}

class HeaderReader {
public:
    HeaderReader(StructureTree& tree, TextureFile& file, ByteView payload, NodeId parent)
        : m_r(tree, payload, file.payloadOffset, parent), m_file(file) {}

    void read() {
        auto scope = m_r.scope("TXCH header");
        m_file.headerNode = scope.id();
        if (!m_r.check(m_r.view().size() >= kHeaderBytes, "texture.txch.size", "texture/txch/colour_profile",
                       [&] {
                           return "the TXCH payload holds " + std::to_string(m_r.view().size()) +
                                  " bytes; its fixed fields need " + std::to_string(kHeaderBytes);
                       }))
            return;
        m_file.header = readFields();
        if (m_file.tiled)
            m_r.report(
                Severity::Note, "texture.tiled.header",
                "the public readers lay out the TXCH payload of TXCB 0.0; this TXCB 2.0 header is read "
                "by the same table");
        m_r.guard([&] { readChain(*m_file.header); });
        resolve(*m_file.header);
        m_r.seek(std::max<std::uint64_t>(m_end, kHeaderBytes));
    }

private:
    TextureHeader readFields() {
        decltype(txch_layout::kLayout)::Nodes nodes{};
        const TextureHeader h = txch_layout::kLayout.record(m_r, &nodes);
        m_chainOffsetNode = nodes[0]; // the chain's first link is reached from it
        m_end = m_r.pos();
        return h;
    }

    // Follows the chain link by link: a link and its value must lie in the payload, no link may
    // come round again, and at most kMaxChainLinks are followed.
    void readChain(const TextureHeader& h) {
        const std::uint64_t size = m_r.view().size();
        std::int64_t at = static_cast<std::int32_t>(h.chainOffset);
        if (at == kChainEnd) return;
        if (!m_r.check(
                at >= 0 && static_cast<std::uint64_t>(at) + kLinkBytes <= size, "texture.chain.outside",
                "texture/txch/chain_offset",
                [&] { return "the chain starts at " + hexText(h.chainOffset) + ", outside the payload"; },
                m_chainOffsetNode))
            return;
        m_r.seek(static_cast<std::uint64_t>(at));
        auto chain = m_r.scope("parameter chain");
        std::vector<std::uint64_t> visited;
        NodeId from = m_chainOffsetNode; // where the offset to this link was read
        while (at != kChainEnd) {
            const bool inside = at >= 0 && static_cast<std::uint64_t>(at) + kLinkBytes <= size;
            if (!m_r.check(
                    inside, "texture.chain.outside", "texture/chain_link/next_offset",
                    [&] { return "a link at " + std::to_string(at) + " lies outside the payload"; }, from))
                break;
            const auto linkAt = static_cast<std::uint64_t>(at);
            if (!m_r.check(
                    std::find(visited.begin(), visited.end(), linkAt) == visited.end(), "texture.chain.cycle",
                    "texture/chain_link/next_offset",
                    [&] { return "the chain comes back to the link at " + hexText(linkAt); }, from))
                break;
            if (!m_r.check(
                    visited.size() < kMaxChainLinks, "texture.chain.too-long",
                    "texture/chain_link/next_offset",
                    [&] { return "the chain runs past " + std::to_string(kMaxChainLinks) + " links"; }, from))
                break;
            visited.push_back(linkAt);
            m_r.seek(linkAt);
            std::int32_t valueAt = 0;
            std::int32_t next = 0;
            NodeId valueOffsetNode = kNoNode;
            {
                auto link = m_r.item(visited.size() - 1);
                valueAt = m_r.i32("texture/chain_link/value_offset");
                valueOffsetNode = m_r.last();
                next = m_r.i32("texture/chain_link/next_offset");
                from = m_r.last();
            }
            m_end = std::max(m_end, linkAt + kLinkBytes);
            if (!m_r.check(
                    valueAt >= 0 && static_cast<std::uint64_t>(valueAt) + 4 <= size, "texture.chain.outside",
                    "texture/chain_link/value_offset",
                    [&] { return "a value at " + std::to_string(valueAt) + " lies outside the payload"; },
                    valueOffsetNode))
                break;
            m_r.seek(static_cast<std::uint64_t>(valueAt));
            const std::int32_t value = m_r.i32(valueKey(m_file.chain.size()));
            if (m_file.chain.size() >= 2)
                m_r.tree().edit(m_r.last(),
                                [&](Node& n) { n.name = "value " + std::to_string(m_file.chain.size()); });
            m_file.chain.push_back(
                {static_cast<std::uint32_t>(linkAt), static_cast<std::uint32_t>(valueAt), next, value});
            m_end = std::max<std::uint64_t>(m_end, static_cast<std::uint64_t>(valueAt) + 4);
            at = next;
        }
        m_r.seek(std::max<std::uint64_t>(m_end, m_r.pos()));
    }

    void resolve(const TextureHeader& h) {
        std::optional<std::int32_t> encoding;
        if (!m_file.chain.empty()) encoding = m_file.chain[0].value;
        m_file.format = resolveFormat(h.transcoding, encoding, h.colourProfile);
        const ResolvedFormat& f = m_file.format;
        // At the payload's start: the value comes from the whole header, not from one place.
        m_r.seek(0);
        m_r.derivedDoc("texture/format/dxgi_format", f.text, "format");
        m_r.describe([&] {
            if (!f.format) return f.text + ": no format the readers name";
            const std::string from = h.transcoding >= 2 ? "transcoding " + std::to_string(h.transcoding)
                                                        : "encoding " + std::to_string(*encoding);
            return f.text + " (DXGI " + std::to_string(decode::dxgiNumber(*f.format, f.srgb)) + "), from " +
                   from + (f.srgb ? " and colour profile " + std::to_string(h.colourProfile) : "");
        });
        m_r.check(
            f.format.has_value(), "texture.format.unknown", "texture/format/dxgi_format",
            [&] { return f.text + " names no format the public readers know"; }, m_r.last());
    }

    Recorder m_r;
    TextureFile& m_file;
    NodeId m_chainOffsetNode = kNoNode;
    std::uint64_t m_end = 0; // the furthest byte of the payload read
};

class TextureReader {
public:
    TextureReader(StructureTree& tree, grub::Bundle bundle) : m_tree(tree) {
        m_file.bundle = std::move(bundle);
    }

    TextureFile read() {
        const auto& blobs = m_file.bundle.blobs;
        std::size_t txcbCount = 0;
        for (std::size_t i = 0; i < blobs.size(); ++i)
            if (blobs[i].tag == kTxcbTag && txcbCount++ == 0) m_file.blob = i;
        if (!m_file.blob) {
            report(Severity::Error, "texture.bundle.no-txcb", "the bundle holds no TXCB blob",
                   m_file.bundle.node);
            return std::move(m_file);
        }
        const grub::Blob& blob = blobs[*m_file.blob];
        if (txcbCount > 1)
            report(Severity::Warning, "texture.bundle.txcb-count",
                   std::to_string(txcbCount) + " TXCB blobs; a texture holds one, and the first is read",
                   blob.node);
        m_file.tiled = blob.versionMajor == 2;
        m_file.dataOffset = blob.dataOffset;
        m_file.dataSize = blob.data.size();
        readHeader(blob);
        if (m_file.tiled || blob.versionMajor == 0)
            readTextureData(m_tree, m_file);
        else
            report(Severity::Note, "texture.blob.version",
                   "TXCB " + blob.versionText() +
                       " has no layout the readers describe; its data is not laid out",
                   blob.node);
        return std::move(m_file);
    }

private:
    // A diagnostic at a node the bundle parser made (kNoNode while nodes are off: at the bundle).
    void report(Severity severity, std::string_view rule, std::string message, NodeId at) {
        const std::uint64_t offset = at != kNoNode ? m_tree.node(at).offset : m_file.bundle.offset;
        m_tree.report(at, offset, {severity, std::string(rule), std::move(message)});
    }

    void readHeader(const grub::Blob& blob) {
        std::size_t txchCount = 0;
        for (std::size_t j = 0; j < blob.metadata.size(); ++j)
            if (blob.metadata[j].tag == kTxchTag && txchCount++ == 0) m_file.metadata = j;
        if (!m_file.metadata) {
            report(Severity::Warning, "texture.txch.missing",
                   "the TXCB blob has no TXCH metadata record: the texture has no header", blob.node);
            return;
        }
        if (txchCount > 1)
            report(Severity::Warning, "texture.txch.count",
                   std::to_string(txchCount) + " TXCH records; the first is read as the header", blob.node);
        // A payload the bundle parser did not take (misplaced) has been reported there.
        const auto place = grub::metadataPayloadPlace(m_tree, m_file.bundle, *m_file.blob, *m_file.metadata);
        if (!place) return;
        m_file.payloadOffset = place->offset;
        HeaderReader(m_tree, m_file, ByteView(blob.metadata[*m_file.metadata].payload), place->payloads)
            .read();
    }

    StructureTree& m_tree;
    TextureFile m_file;
};

} // namespace

bool looksLikeTexture(ByteView bytes) {
    return grub::bundleListsTag(bytes, kTxcbTag);
}

TextureFile parseTexture(StructureTree& tree, grub::Bundle bundle) {
    return TextureReader(tree, std::move(bundle)).read();
}

} // namespace assetscope::texture
