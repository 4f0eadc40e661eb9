#include "formats/grub/bundle_parser.h"
#include "bytes/joined_text.h"
#include "bytes/little_endian.h"
#include "bytes/number_text.h"
#include "formats/grub/blob_versions.h"

#include "formats/grub/blob_data_ranges.h"
#include "formats/grub/blob_records.h"
#include "formats/grub/header_records.h"
#include "formats/grub/metadata_records.h"
#include "tree/checked_rules.h"
#include "tree/recorder.h"

#include <algorithm>

namespace assetscope::grub {

namespace {

constexpr std::uint32_t kSwatchTag = 0x54584342; // "TXCB": only swatch textures take the short forms

bool allZero(ByteView bytes) {
    return std::all_of(bytes.begin(), bytes.end(), [](std::uint8_t b) { return b == 0; });
}

struct BlobPlacement {
    std::uint64_t recordAt = 0; // where the blob's record is, from the bundle's start
    std::uint16_t metadataCount = 0;
    std::uint32_t metadataOffset = 0;
    std::uint32_t dataOffset = 0;
    std::uint32_t dataSize = 0;
};

// What the bundles of one input share while nested ones are read: the limits, the bytes still
// allowed to be read as nested bundles, and the rules checked in any of them.
struct Nesting {
    const ParseOptions& options;
    std::uint64_t volumeLeft;
    CheckedRules rules;
};

class BundleReader {
public:
    BundleReader(StructureTree& tree, ByteView view, std::uint64_t base, NodeId parent, Nesting& nesting,
                 int depth)
        : m_r(tree, view, base, parent), m_nesting(nesting), m_depth(depth) {
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
            if (m_depth == 0) {
                // A model lists these with its own rules, in one container.
                if (!m_nesting.options.outerListsRules) m_nesting.rules.record(m_r);
                m_bundle.checkedRules = std::move(m_nesting.rules);
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
        auto scope = m_r.scope("header");
        Header header;
        // The bundle takes what was read, also where the bytes end inside the header (its size
        // is then the total size, when that was read).
        const auto take = [&] {
            m_bundle.versionMajor = header.versionMajor;
            m_bundle.versionMinor = header.versionMinor;
            m_bundle.reserved = header.reserved;
            m_blobCount = header.blobs();
            m_headerSize = header.headerSize;
            m_totalSize = header.totalSize;
        };
        try {
            recordHeader(m_r, header);
        } catch (const ParseError&) {
            take();
            throw;
        }
        take();
    }

    void readBlobRecords() {
        // A count is never trusted: the records must fit in the bytes that remain. They are one
        // lazy array, so a header claiming every record that fits makes one node, not millions.
        const std::uint64_t first = m_r.pos();
        m_bundle.recordsNode =
            m_r.array("blob_records", m_blobCount, kBlobRecordSize, "blob record", recordBlobElement);
        m_bundle.blobs.reserve(m_blobCount);
        m_placements.reserve(m_blobCount);
        for (std::uint32_t i = 0; i < m_blobCount; ++i) {
            const std::uint64_t at = first + std::uint64_t{i} * kBlobRecordSize;
            const BlobRecord record = blobRecordAt(m_r.view(), at);
            Blob& blob = m_bundle.blobs.emplace_back();
            blob.tag = record.tag;
            blob.versionMajor = record.versionMajor;
            blob.versionMinor = record.versionMinor;
            blob.dataSizeAgain = record.dataSizeAgain;
            m_placements.push_back(
                {at, record.metadataCount, record.metadataOffset, record.dataOffset, record.dataSize});
            m_r.seek(at + kBlobRecordDataSizeAgainAt);
            m_r.seek(at + 4);
            if (!(m_depth == 0 && m_nesting.options.outerJudgesVersion &&
                  m_nesting.options.outerJudgesVersion(record.tag)))
                m_nesting.rules.check(
                    m_r, installBlobVersion(record.tag, record.versionMajor, record.versionMinor),
                    "grub.blob.version", "grub/rules/blob_versions",
                    [&] {
                        return joinedText(tagText(record.tag), " ", blob.versionText(),
                                          " is not among the install's blob versions");
                    },
                    m_bundle.recordsNode);
            m_r.seek(at + kBlobRecordDataSizeAgainAt);
            m_r.check(
                record.dataSizeAgain == record.dataSize, "grub.blob.data-size-again",
                "grub/blob_record/data_size_again",
                [&] {
                    return joinedText("data size again is ", std::to_string(record.dataSizeAgain),
                                      ", data size ", std::to_string(record.dataSize));
                },
                m_bundle.recordsNode);
        }
        m_r.seek(first + std::uint64_t{m_blobCount} * kBlobRecordSize);
        m_cursor = m_r.pos();
    }

    void readMetadata() {
        for (std::size_t i = 0; i < m_bundle.blobs.size(); ++i)
            m_r.guard([&] { readBlobMetadata(m_bundle.blobs[i], m_placements[i]); });
        if (m_metadataNotRead > 0)
            m_r.report(
                Severity::Note, "grub.arrangement.shared-data",
                "the metadata records of " + std::to_string(m_metadataNotRead) +
                    " blobs are not read: with the others they would claim more bytes than the bundle holds");
        const std::uint64_t metadataEnd = m_cursor;
        if (m_headerSize == align4(metadataEnd)) {
            readPadding(metadataEnd, m_headerSize, "grub/arrangement/header_padding");
        } else if (m_headerSize == metadataEnd && swatchTexture()) {
            m_bundle.headerEndsUnaligned = true;
            m_r.report(Severity::Note, "grub.arrangement.unaligned-header",
                       "the header ends unaligned at " + hexText(metadataEnd) +
                           ", as in the documented swatch textures");
        } else {
            m_r.report(Severity::Error, "grub.arrangement.header-size",
                       "header size " + hexText(m_headerSize) + " but the metadata ends at " +
                           hexText(metadataEnd) + " (expected " + hexText(align4(metadataEnd)) + ")");
        }
    }

    void readBlobMetadata(Blob& blob, const BlobPlacement& p) {
        m_r.seek(p.recordAt + kBlobRecordMetadataOffsetAt);
        m_r.check(
            p.metadataOffset == m_cursor, "grub.arrangement.metadata-offset",
            "grub/blob_record/metadata_offset",
            [&] {
                return joinedText(tagText(blob.tag), " metadata at ", hexText(p.metadataOffset),
                                  ", expected ", hexText(m_cursor));
            },
            m_bundle.recordsNode);
        // Records the arrangement keeps apart fill at most the bundle; records claimed again
        // (offsets pointing back) are read only while all of them together fit, so the lazy
        // elements a view or dump may ask for stay proportional to the input.
        const std::uint64_t recordBytes = std::uint64_t{p.metadataCount} * kMetadataRecordSize;
        if (!m_r.reachable(p.metadataOffset, recordBytes)) return;
        m_r.seek(p.metadataOffset);
        if (recordBytes > m_metadataBudget) {
            ++m_metadataNotRead;
            return;
        }
        m_metadataBudget -= recordBytes;
        auto scope = m_r.scope([&] { return joinedText(tagText(blob.tag), " metadata"); });
        // One lazy array: a count is checked against the bytes before anything is made.
        m_r.array("records", p.metadataCount, kMetadataRecordSize, "metadata record", recordMetadataElement,
                  Recorder::ElementFields::VaryByElement);
        m_cursor = m_r.pos();
        const std::uint64_t payloadsStart = m_cursor;
        blob.metadata.reserve(p.metadataCount);
        for (std::uint16_t j = 0; j < p.metadataCount; ++j) {
            const std::uint64_t recordAt = p.metadataOffset + std::uint64_t{j} * kMetadataRecordSize;
            const MetadataRecord record = metadataRecordAt(m_r.view(), recordAt);
            Metadata& m = blob.metadata.emplace_back();
            m.tag = record.tag;
            m.version = record.version();
            readPayload(m, recordAt + record.payloadOffset, record.payloadSize(), scope.id());
        }
        if (m_cursor > payloadsStart) {
            m_r.seek(payloadsStart);
            m_r.bytes("payloads", m_cursor - payloadsStart);
        }
        m_r.seek(m_cursor);
    }

    // Takes a payload into the typed result only where the arrangement puts it: packed after
    // the records, one after another. A misplaced payload is reported and not copied (its record
    // still shows what lies where it points), so no byte is copied twice however the offsets
    // point; the packing resumes after it, so one bad offset is one diagnostic.
    void readPayload(Metadata& m, std::uint64_t payloadAt, std::uint32_t size, NodeId at) {
        const bool large = size == kLargePayloadMarker;
        const std::uint64_t expected = m_cursor + (large ? 4 : 0);
        if (!m_r.check(
                payloadAt == expected, "grub.arrangement.payload-offset",
                "grub/metadata_record/payload_offset",
                [&] {
                    return joinedText(tagText(m.tag), " payload at ", hexText(m_r.absolute(payloadAt)),
                                      ", expected ", hexText(m_r.absolute(expected)));
                },
                at)) {
            if (!large && payloadAt + size <= m_r.view().size())
                m_cursor = std::max(m_cursor, payloadAt + size);
            return;
        }
        ByteReader reader(m_r.view(), m_cursor);
        if (large) {
            m_nesting.rules.check(
                m_r, m.tag == kLargeMetadataTag, "grub.metadata.large-tag",
                "grub/rules/large_payloads_are_vdcl",
                [&] {
                    return joinedText("a ", tagText(m.tag),
                                      " payload marked large (0xFFF); only VDCL records are that large");
                },
                at);
            size = reader.u32();
            m_r.check(
                size >= kLargePayloadMarker, "grub.metadata.large-size",
                "grub/metadata_payload/large_payload_size",
                [&] {
                    return joinedText("a payload marked large holds only ", std::to_string(size), " bytes");
                },
                at);
        }
        const ByteView payload = reader.bytes(size);
        m.payload.assign(payload.begin(), payload.end());
        m_cursor = reader.pos();
    }

    void readPadding(std::uint64_t from, std::uint64_t to, std::string_view key) {
        if (to <= from || to > m_r.view().size()) return;
        m_r.seek(from);
        const ByteView pad = m_r.bytes(key, to - from);
        m_r.check(allZero(pad), "grub.arrangement.nonzero-padding", key,
                  [&] { return joinedText("padding at ", hexText(m_r.absolute(from)), " is not zero"); });
    }

    void readData() {
        m_dataAreaStart = std::max<std::uint64_t>(m_headerSize, m_cursor);
        std::vector<DataRange> ranges;
        ranges.reserve(m_placements.size());
        for (const BlobPlacement& p : m_placements)
            ranges.push_back({p.dataOffset, std::uint64_t{p.dataOffset} + p.dataSize});
        const std::vector<bool> shared = overlappingRanges(ranges);
        // Two ends: where the data read so far ends, and where it would end had every blob been
        // where the arrangement puts it. After one misplaced blob the next may follow either; only
        // a blob that follows neither is reported, so one bad offset is one diagnostic.
        std::uint64_t cursor = m_headerSize;
        std::uint64_t documentedEnd = m_headerSize;
        for (std::size_t i = 0; i < m_bundle.blobs.size(); ++i) {
            Blob& blob = m_bundle.blobs[i];
            const BlobPlacement& p = m_placements[i];
            const std::uint64_t expected = i == 0 ? m_headerSize : align4(cursor);
            const std::uint64_t documented = i == 0 ? m_headerSize : align4(documentedEnd);
            if (i > 0 && p.dataOffset == expected)
                m_r.guard([&] { readPadding(cursor, expected, "grub/arrangement/data_padding"); });
            m_r.seek(p.recordAt + kBlobRecordDataOffsetAt);
            m_r.check(
                p.dataOffset == expected || p.dataOffset == documented, "grub.arrangement.data-offset",
                "grub/blob_record/data_offset",
                [&] {
                    return joinedText(tagText(blob.tag), " data at ", hexText(p.dataOffset), ", expected ",
                                      hexText(expected));
                },
                m_bundle.recordsNode);
            m_r.guard([&] { readBlobData(blob, p, shared[i]); });
            documentedEnd = documented + p.dataSize;
            cursor = std::max<std::uint64_t>(cursor, std::uint64_t{p.dataOffset} + p.dataSize);
        }
        if (m_blobsNotTaken > 0)
            m_r.report(
                Severity::Note, "grub.arrangement.shared-data",
                std::to_string(m_blobsNotTaken) +
                    " blobs claim bytes that other blobs hold as well; their data is shown but not taken "
                    "into the typed result again");
        const std::uint64_t dataEnd = cursor;
        if (m_totalSize == align4(dataEnd)) {
            m_r.guard([&] { readPadding(dataEnd, m_totalSize, "grub/arrangement/data_padding"); });
        } else if (m_totalSize == dataEnd && swatchTexture()) {
            m_bundle.endsShort = true;
            m_r.report(Severity::Note, "grub.arrangement.short-end",
                       "the bundle ends unaligned where its data ends, as in the documented swatch textures");
        } else {
            m_r.report(Severity::Error, "grub.arrangement.total-size",
                       "total size " + hexText(m_totalSize) + " but the blob data ends at " +
                           hexText(dataEnd) + " (expected " + hexText(align4(dataEnd)) + ")");
        }
        if (m_r.view().size() > m_totalSize && m_totalSize >= dataEnd) {
            m_r.seek(m_totalSize);
            m_r.bytes("trailing bytes", m_r.view().size() - m_totalSize);
            m_r.report(Severity::Error, "grub.arrangement.trailing-bytes",
                       std::to_string(m_r.view().size() - m_totalSize) +
                           " bytes after the bundle's total size",
                       m_r.last());
        }
        m_r.seek(std::min<std::uint64_t>(m_totalSize, m_r.view().size()));
    }

    // Nested bundles are read only from data the arrangement gives the blob alone: after the
    // header area, inside the bundle, claimed by no other blob. Each level is then smaller than
    // the one holding it and siblings are disjoint, so nesting cannot multiply the input; the
    // volume limit stands behind that for what the checks above cannot see.
    bool mayNest(const Blob& blob, const BlobPlacement& p, bool shared) {
        if (p.dataOffset < m_dataAreaStart || shared) {
            // A note: the arrangement's own checks have refused these offsets already.
            m_r.report(Severity::Note, "grub.arrangement.nested-not-read",
                       tagText(blob.tag) + " data at " + hexText(p.dataOffset) + " starts with burG but " +
                           (shared
                                ? "shares bytes with another blob's data"
                                : "lies inside the header area (before " + hexText(m_dataAreaStart) + ")") +
                           "; it is not read as a nested bundle");
            return false;
        }
        const ParseOptions& options = m_nesting.options;
        if (m_depth + 1 > options.maxDepth) {
            m_r.report(Severity::Error, "grub.limits.depth",
                       "bundle nesting deeper than " + std::to_string(options.maxDepth) +
                           " levels is not followed");
            return false;
        }
        if (p.dataSize > m_nesting.volumeLeft) {
            m_r.report(Severity::Error, "grub.limits.nesting-volume",
                       "nested bundles would read more than " + std::to_string(options.maxNestingVolume) +
                           " times the input's bytes (maxNestingVolume); " + tagText(blob.tag) + " at " +
                           hexText(m_r.absolute(p.dataOffset)) + " is not read as a bundle");
            return false;
        }
        m_nesting.volumeLeft -= p.dataSize;
        return true;
    }

    void readBlobData(Blob& blob, const BlobPlacement& p, bool shared) {
        if (!m_r.reachable(p.dataOffset, p.dataSize)) return;
        m_r.seek(p.dataOffset);
        blob.dataOffset = m_r.absolute(p.dataOffset);
        const ByteView data = m_r.view().subspan(p.dataOffset, p.dataSize);
        // Blobs that the arrangement keeps apart hold at most the bundle's bytes in all; blobs
        // made to share bytes stop being taken into the typed result once they would hold more,
        // so that what reads the result (a model's buffers) reads no byte many times over.
        if (p.dataSize <= m_dataBudget) {
            m_dataBudget -= p.dataSize;
            blob.data = m_r.tree().source().slice(data);
        } else {
            ++m_blobsNotTaken;
        }
        {
            auto node = m_r.scope([&] { return tagText(blob.tag); }, NodeKind::Blob);
            blob.node = node.id();
            m_r.tree().edit(blob.node, [&](Node& n) {
                // Joined, not `"v" + …` nor assigned "v" then appended: GCC 12 takes either for an
                // overlapping copy (-Wrestrict), as the inlining around it falls.
                n.type = joinedText("v", blob.versionText());
                if (auto name = blob.name()) n.display = *name;
            });
            if (alwaysBundleTag(blob.tag))
                m_nesting.rules.check(
                    m_r, looksLikeBundle(data), "grub.blob.not-bundle", "grub/rules/crowd_blobs_are_bundles",
                    [&] {
                        return joinedText("a ", tagText(blob.tag),
                                          " blob whose data is not a bundle (a crowd's ClsL, Clas, Mdls, "
                                          "MtlI and Skls blobs are)");
                    },
                    blob.node);
            if (looksLikeBundle(data) && mayNest(blob, p, shared))
                blob.nested = std::make_shared<Bundle>(
                    BundleReader(m_r.tree(), data, blob.dataOffset, blob.node, m_nesting, m_depth + 1)
                        .read());
            m_r.seek(p.dataOffset + std::uint64_t{p.dataSize});
        }
    }

    Recorder m_r;
    Nesting& m_nesting;
    int m_depth;
    Bundle m_bundle;
    std::vector<BlobPlacement> m_placements;
    std::uint32_t m_blobCount = 0;
    std::uint32_t m_headerSize = 0;
    std::uint32_t m_totalSize = 0;
    std::uint64_t m_cursor = 0;
    std::uint64_t m_dataAreaStart = 0; // where blob data may start: after the header, records and metadata
    std::uint64_t m_dataBudget = m_r.view().size();     // blob data bytes still to be taken into the result
    std::uint64_t m_metadataBudget = m_r.view().size(); // metadata record bytes still to be read
    std::uint64_t m_metadataNotRead = 0;
    std::uint64_t m_blobsNotTaken = 0;
};

} // namespace

bool looksLikeBundle(ByteView bytes) {
    return bytes.size() >= 4 && bytes[0] == 'b' && bytes[1] == 'u' && bytes[2] == 'r' && bytes[3] == 'G';
}

bool bundleListsTag(ByteView bytes, std::uint32_t tag) {
    if (bytes.size() < kHeaderSize || !looksLikeBundle(bytes)) return false;
    const Header header = headerAt(bytes);
    const std::uint64_t count = header.blobs();
    const std::size_t first = headerLength(header.versionMajor, header.versionMinor);
    for (std::uint64_t i = 0; i < count; ++i) {
        const std::uint64_t at = first + i * kBlobRecordSize;
        if (at + 4 > bytes.size()) break;
        if (loadU32(bytes.data() + at) == tag) return true;
    }
    return false;
}

Bundle parseBundle(StructureTree& tree, ByteView view, std::uint64_t base, NodeId parent,
                   const ParseOptions& options) {
    const std::uint64_t volume = options.maxNestingVolume * std::max<std::uint64_t>(view.size(), 1);
    Nesting nesting{options, volume, {}};
    return BundleReader(tree, view, base, parent, nesting, 0).read();
}

Bundle parseBundle(StructureTree& tree, const ParseOptions& options) {
    return parseBundle(tree, tree.bytes(), 0, tree.root(), options);
}

} // namespace assetscope::grub
