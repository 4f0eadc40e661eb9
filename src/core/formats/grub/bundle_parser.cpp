#include "formats/grub/bundle_parser.h"

#include "tree/recorder.h"

#include <algorithm>

namespace assetscope::grub {

namespace {

constexpr std::uint32_t kSwatchTag = 0x54584342; // "TXCB": only swatch textures take the short forms

std::uint64_t align4(std::uint64_t v) { return (v + 3) & ~std::uint64_t{3}; }

bool allZero(ByteView bytes) {
    return std::all_of(bytes.begin(), bytes.end(), [](std::uint8_t b) { return b == 0; });
}

std::string hex(std::uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

struct BlobPlacement {
    std::uint16_t metadataCount = 0;
    std::uint32_t metadataOffset = 0;
    std::uint32_t dataOffset = 0;
    std::uint32_t dataSize = 0;
};

class BundleReader {
public:
    BundleReader(StructureTree& tree, ByteView view, std::uint64_t base, NodeId parent, const ParseOptions& options,
                 int depth)
        : m_r(tree, view, base, parent), m_options(options), m_depth(depth) {
        m_bundle.offset = base;
        m_bundle.depth = depth;
    }

    Bundle read() {
        {
            auto bundle = m_r.scope("bundle", NodeKind::Bundle);
            m_bundle.node = bundle.id();
            if (m_r.guard([&] { readHeader(); }) && m_r.guard([&] { readBlobRecords(); })) {
                m_r.guard([&] { readMetadata(); });
                m_r.guard([&] { readData(); });
            }
        }
        m_r.tree().setSize(m_bundle.node, std::min<std::uint64_t>(m_totalSize, m_r.view().size()));
        return std::move(m_bundle);
    }

private:
    bool swatchTexture() const {
        return std::any_of(m_bundle.blobs.begin(), m_bundle.blobs.end(),
                           [](const Blob& b) { return b.tag == kSwatchTag; });
    }

    void readHeader() {
        auto header = m_r.scope("header");
        const std::uint32_t tag = m_r.tag("grub/header/tag");
        if (!m_r.check(tag == kGrubTag, "grub.header.tag", "grub/header/tag",
                       "not a Grub bundle: the first four bytes are not burG"))
            throw ParseError{"grub.header.tag", "cannot read further without the bundle tag", 0};
        m_bundle.versionMajor = m_r.u8("grub/header/version_major");
        m_bundle.versionMinor = m_r.u8("grub/header/version_minor");
        const bool v10 = m_bundle.versionMajor == 1 && m_bundle.versionMinor == 0;
        m_r.check(m_bundle.versionMajor == 1 && m_bundle.versionMinor == 1, "grub.header.version",
                  "grub/header/version_major",
                  "version " + std::to_string(m_bundle.versionMajor) + "." + std::to_string(m_bundle.versionMinor) +
                      " (every documented bundle is 1.1)" + (v10 ? "; read with the older 16-byte header" : ""));
        if (v10) {
            m_blobCount = m_r.u16("grub/header_v1_0/blob_count");
            m_headerSize = m_r.u32("grub/header_v1_0/header_size");
            m_totalSize = m_r.u32("grub/header_v1_0/total_size");
        } else {
            m_bundle.reserved = m_r.u16("grub/header/reserved");
            m_r.check(m_bundle.reserved == 0, "grub.header.reserved", "grub/header/reserved",
                      "reserved is " + std::to_string(m_bundle.reserved) + ", not 0", m_r.last());
            m_headerSize = m_r.u32("grub/header/header_size");
            m_totalSize = m_r.u32("grub/header/total_size");
            const NodeId totalNode = m_r.last();
            m_blobCount = m_r.u32("grub/header/blob_count");
            m_r.check(m_totalSize == m_r.view().size(), "grub.header.total-size", "grub/header/total_size",
                      "total size " + std::to_string(m_totalSize) + " but the bundle has " +
                          std::to_string(m_r.view().size()) + " bytes",
                      totalNode);
            return;
        }
        m_r.check(m_totalSize == m_r.view().size(), "grub.header.total-size", "grub/header/tag",
                  "total size " + std::to_string(m_totalSize) + " but the bundle has " +
                      std::to_string(m_r.view().size()) + " bytes");
    }

    void readBlobRecords() {
        // A count is never trusted: the records must fit in the bytes that remain.
        m_r.require(std::uint64_t{m_blobCount} * kBlobRecordSize);
        auto records = m_r.scope("blob_records");
        m_bundle.blobs.reserve(m_blobCount);
        m_placements.reserve(m_blobCount);
        for (std::uint32_t i = 0; i < m_blobCount; ++i) {
            auto record = m_r.scope("[" + std::to_string(i) + "]");
            Blob blob;
            BlobPlacement p;
            blob.recordNode = record.id();
            blob.tag = m_r.tag("grub/blob_record/tag");
            blob.versionMajor = m_r.u8("grub/blob_record/version_major");
            blob.versionMinor = m_r.u8("grub/blob_record/version_minor");
            p.metadataCount = m_r.u16("grub/blob_record/metadata_count");
            p.metadataOffset = m_r.u32("grub/blob_record/metadata_offset");
            p.dataOffset = m_r.u32("grub/blob_record/data_offset");
            p.dataSize = m_r.u32("grub/blob_record/data_size");
            blob.dataSizeAgain = m_r.u32("grub/blob_record/data_size_again");
            m_r.check(blob.dataSizeAgain == p.dataSize, "grub.blob.data-size-again", "grub/blob_record/data_size_again",
                      "data size again is " + std::to_string(blob.dataSizeAgain) + ", data size " +
                          std::to_string(p.dataSize),
                      m_r.last());
            if (record.id() != kNoNode)
                m_r.tree().node(record.id()).display = tagText(blob.tag) + " " + blob.versionText();
            m_bundle.blobs.push_back(std::move(blob));
            m_placements.push_back(p);
        }
        m_cursor = m_r.pos();
    }

    void readMetadata() {
        for (std::size_t i = 0; i < m_bundle.blobs.size(); ++i)
            m_r.guard([&] { readBlobMetadata(m_bundle.blobs[i], m_placements[i]); });
        const std::uint64_t metadataEnd = m_cursor;
        if (m_headerSize == align4(metadataEnd)) {
            readPadding(metadataEnd, m_headerSize, "grub/arrangement/header_padding");
        } else if (m_headerSize == metadataEnd && swatchTexture()) {
            m_bundle.headerEndsUnaligned = true;
            m_r.report(Severity::Note, "grub.arrangement.unaligned-header",
                       "the header ends unaligned at " + hex(metadataEnd) + ", as in the documented swatch textures");
        } else {
            m_r.report(Severity::Error, "grub.arrangement.header-size",
                       "header size " + hex(m_headerSize) + " but the metadata ends at " + hex(metadataEnd) +
                           " (expected " + hex(align4(metadataEnd)) + ")");
        }
    }

    void readBlobMetadata(Blob& blob, const BlobPlacement& p) {
        m_r.check(p.metadataOffset == m_cursor, "grub.arrangement.metadata-offset", "grub/blob_record/metadata_offset",
                  tagText(blob.tag) + " metadata at " + hex(p.metadataOffset) + ", expected " + hex(m_cursor),
                  blob.recordNode);
        m_r.seek(p.metadataOffset);
        m_r.require(std::uint64_t{p.metadataCount} * kMetadataRecordSize);
        auto scope = m_r.scope(tagText(blob.tag) + " metadata");
        struct Pending {
            std::uint64_t payloadAt;
            std::uint32_t size;
        };
        std::vector<Pending> pending;
        blob.metadata.reserve(p.metadataCount);
        for (std::uint16_t j = 0; j < p.metadataCount; ++j) {
            const std::uint64_t recordAt = m_r.pos();
            Metadata m;
            std::uint32_t tag = 0;
            std::uint16_t sizeAndVersion = 0, payloadOffset = 0;
            {
                auto record = m_r.scope("record", NodeKind::Metadata);
                tag = m_r.tag("grub/metadata_record/tag");
                sizeAndVersion = m_r.u16("grub/metadata_record/size_and_version");
                m_r.describe("size " + std::to_string(sizeAndVersion >> 4) + ", version " +
                             std::to_string(sizeAndVersion & 0xF));
                payloadOffset = m_r.u16("grub/metadata_record/payload_offset");
                if (record.id() != kNoNode)
                    m_r.tree().node(record.id()).name = tagText(tag);
            }
            m.tag = tag;
            m.version = static_cast<std::uint8_t>(sizeAndVersion & 0xF);
            blob.metadata.push_back(std::move(m));
            pending.push_back({recordAt + payloadOffset, static_cast<std::uint32_t>(sizeAndVersion >> 4)});
        }
        m_cursor = m_r.pos();
        for (std::size_t j = 0; j < pending.size(); ++j)
            readPayload(blob.metadata[j], pending[j].payloadAt, pending[j].size);
    }

    void readPayload(Metadata& m, std::uint64_t payloadAt, std::uint32_t size) {
        const bool large = size == kLargePayloadMarker;
        const std::uint64_t expected = m_cursor + (large ? 4 : 0);
        m_r.check(payloadAt == expected, "grub.arrangement.payload-offset", "grub/metadata_record/payload_offset",
                  tagText(m.tag) + " payload at " + hex(payloadAt) + ", expected " + hex(expected));
        if (large) {
            if (payloadAt < 4)
                throw ParseError{"grub.metadata.large-size", "no room for the large payload size", payloadAt};
            m_r.seek(payloadAt - 4);
            size = m_r.u32("grub/metadata_payload/large_payload_size");
            m_r.check(size >= kLargePayloadMarker, "grub.metadata.large-size", "grub/metadata_payload/large_payload_size",
                      "a payload marked large holds only " + std::to_string(size) + " bytes", m_r.last());
        } else {
            m_r.seek(payloadAt);
        }
        const std::string label = tagText(m.tag) + " payload";
        if (m.tag == kNameTag) {
            const std::string text = m_r.text("grub/metadata_payload/name", size);
            m.payload.assign(text.begin(), text.end());
        } else if (m.tag == kIdTag && size == 4) {
            const std::uint64_t at = m_r.pos();
            m_r.u32("grub/metadata_payload/id");
            m.payload.assign(m_r.view().begin() + static_cast<std::ptrdiff_t>(at),
                             m_r.view().begin() + static_cast<std::ptrdiff_t>(at + 4));
        } else {
            ByteView bytes = m_r.bytes(label, size);
            m.payload.assign(bytes.begin(), bytes.end());
        }
        if (m_r.last() != kNoNode && m.tag != kNameTag && m.tag != kIdTag)
            m_r.tree().node(m_r.last()).name = label;
        m_cursor = std::max(m_cursor, m_r.pos());
    }

    void readPadding(std::uint64_t from, std::uint64_t to, std::string_view key) {
        if (to <= from || to > m_r.view().size())
            return;
        m_r.seek(from);
        const ByteView pad = m_r.bytes(key, to - from);
        m_r.check(allZero(pad), "grub.arrangement.nonzero-padding", key,
                  "padding at " + hex(m_r.absolute(from)) + " is not zero", m_r.last());
    }

    void readData() {
        std::uint64_t cursor = m_headerSize;
        for (std::size_t i = 0; i < m_bundle.blobs.size(); ++i) {
            Blob& blob = m_bundle.blobs[i];
            const BlobPlacement& p = m_placements[i];
            const std::uint64_t expected = i == 0 ? m_headerSize : align4(cursor);
            if (i > 0 && p.dataOffset == expected)
                m_r.guard([&] { readPadding(cursor, expected, "grub/arrangement/data_padding"); });
            m_r.check(p.dataOffset == expected, "grub.arrangement.data-offset", "grub/blob_record/data_offset",
                      tagText(blob.tag) + " data at " + hex(p.dataOffset) + ", expected " + hex(expected),
                      blob.recordNode);
            m_r.guard([&] { readBlobData(blob, p); });
            cursor = std::max<std::uint64_t>(cursor, std::uint64_t{p.dataOffset} + p.dataSize);
        }
        const std::uint64_t dataEnd = cursor;
        if (m_totalSize == align4(dataEnd)) {
            m_r.guard([&] { readPadding(dataEnd, m_totalSize, "grub/arrangement/data_padding"); });
        } else if (m_totalSize == dataEnd && swatchTexture()) {
            m_bundle.endsShort = true;
            m_r.report(Severity::Note, "grub.arrangement.short-end",
                       "the bundle ends unaligned where its data ends, as in the documented swatch textures");
        } else {
            m_r.report(Severity::Error, "grub.arrangement.total-size",
                       "total size " + hex(m_totalSize) + " but the blob data ends at " + hex(dataEnd) +
                           " (expected " + hex(align4(dataEnd)) + ")");
        }
        if (m_r.view().size() > m_totalSize && m_totalSize >= dataEnd) {
            m_r.seek(m_totalSize);
            m_r.bytes("trailing bytes", m_r.view().size() - m_totalSize);
            m_r.report(Severity::Error, "grub.arrangement.trailing-bytes",
                       std::to_string(m_r.view().size() - m_totalSize) + " bytes after the bundle's total size",
                       m_r.last());
        }
        m_r.seek(std::min<std::uint64_t>(m_totalSize, m_r.view().size()));
    }

    void readBlobData(Blob& blob, const BlobPlacement& p) {
        m_r.seek(p.dataOffset);
        m_r.require(p.dataSize);
        blob.dataOffset = m_r.absolute(p.dataOffset);
        const ByteView data = m_r.view().subspan(p.dataOffset, p.dataSize);
        blob.data.assign(data.begin(), data.end());
        {
            auto node = m_r.scope(tagText(blob.tag), NodeKind::Blob);
            blob.node = node.id();
            if (blob.node != kNoNode) {
                Node& n = m_r.tree().node(blob.node);
                n.type = "v" + blob.versionText();
                if (auto name = blob.name())
                    n.display = *name;
            }
            if (looksLikeBundle(data)) {
                if (m_depth + 1 > m_options.maxDepth) {
                    m_r.report(Severity::Error, "grub.limits.depth",
                               "bundle nesting deeper than " + std::to_string(m_options.maxDepth) +
                                   " levels is not followed");
                } else {
                    blob.nested = std::make_shared<Bundle>(parseBundle(m_r.tree(), data, blob.dataOffset, blob.node,
                                                                       m_options, m_depth + 1));
                }
            }
            m_r.seek(p.dataOffset + std::uint64_t{p.dataSize});
        }
    }

    Recorder m_r;
    const ParseOptions& m_options;
    int m_depth;
    Bundle m_bundle;
    std::vector<BlobPlacement> m_placements;
    std::uint32_t m_blobCount = 0;
    std::uint32_t m_headerSize = 0;
    std::uint32_t m_totalSize = 0;
    std::uint64_t m_cursor = 0;
};

} // namespace

bool looksLikeBundle(ByteView bytes) {
    return bytes.size() >= 4 && bytes[0] == 'b' && bytes[1] == 'u' && bytes[2] == 'r' && bytes[3] == 'G';
}

Bundle parseBundle(StructureTree& tree, ByteView view, std::uint64_t base, NodeId parent, const ParseOptions& options,
                   int depth) {
    return BundleReader(tree, view, base, parent, options, depth).read();
}

Bundle parseBundle(StructureTree& tree, const ParseOptions& options) {
    return parseBundle(tree, tree.bytes(), 0, tree.root(), options, 0);
}

} // namespace assetscope::grub
