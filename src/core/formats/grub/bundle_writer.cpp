#include "formats/grub/bundle_writer.h"

#include "bytes/byte_writer.h"
#include "formats/grub/blob_records.h"
#include "formats/grub/header_records.h"
#include "formats/grub/metadata_records.h"

namespace assetscope::grub {

namespace {

std::uint64_t metadataBytes(const Blob& blob) {
    std::uint64_t n = blob.metadata.size() * kMetadataRecordSize;
    for (const auto& m : blob.metadata)
        n += m.payload.size() + (m.isLarge() ? 4 : 0);
    return n;
}

} // namespace

Bytes writeBundle(const Bundle& bundle) {
    // Lay out every part first; offsets go into the header and the records.
    std::uint64_t cursor =
        headerLength(bundle.versionMajor, bundle.versionMinor) + bundle.blobs.size() * kBlobRecordSize;
    std::vector<std::uint64_t> metadataOffsets;
    for (const auto& blob : bundle.blobs) {
        metadataOffsets.push_back(cursor);
        cursor += metadataBytes(blob);
    }
    const std::uint64_t headerSize = bundle.headerEndsUnaligned ? cursor : align4(cursor);
    std::vector<std::uint64_t> dataOffsets;
    std::uint64_t dataCursor = headerSize;
    for (std::size_t i = 0; i < bundle.blobs.size(); ++i) {
        if (i > 0) dataCursor = align4(dataCursor);
        dataOffsets.push_back(dataCursor);
        dataCursor += bundle.blobs[i].data.size();
    }
    const std::uint64_t totalSize = bundle.endsShort ? dataCursor : align4(dataCursor);

    ByteWriter w;
    w.reserve(totalSize);
    Header header;
    header.versionMajor = bundle.versionMajor;
    header.versionMinor = bundle.versionMinor;
    header.reserved = bundle.reserved;
    header.headerSize = static_cast<std::uint32_t>(headerSize);
    header.totalSize = static_cast<std::uint32_t>(totalSize);
    header.blobCount = static_cast<std::uint32_t>(bundle.blobs.size());
    header.blobCountV10 = static_cast<std::uint16_t>(bundle.blobs.size());
    w.bytes(headerBytes(header));
    for (std::size_t i = 0; i < bundle.blobs.size(); ++i) {
        const Blob& blob = bundle.blobs[i];
        BlobRecord record;
        record.tag = blob.tag;
        record.versionMajor = blob.versionMajor;
        record.versionMinor = blob.versionMinor;
        record.metadataCount = static_cast<std::uint16_t>(blob.metadata.size());
        record.metadataOffset = static_cast<std::uint32_t>(metadataOffsets[i]);
        record.dataOffset = static_cast<std::uint32_t>(dataOffsets[i]);
        record.dataSize = record.dataSizeAgain = static_cast<std::uint32_t>(blob.data.size());
        w.bytes(blobRecordBytes(record));
    }
    for (const auto& blob : bundle.blobs) {
        // Records, then payloads packed in record order; a large payload has its size before it.
        const std::uint64_t recordsStart = w.size();
        std::uint64_t payload = recordsStart + blob.metadata.size() * kMetadataRecordSize;
        for (std::size_t j = 0; j < blob.metadata.size(); ++j) {
            const Metadata& m = blob.metadata[j];
            const std::uint64_t recordAt = recordsStart + j * kMetadataRecordSize;
            if (m.isLarge()) payload += 4;
            const std::uint16_t size =
                m.isLarge() ? kLargePayloadMarker : static_cast<std::uint16_t>(m.payload.size());
            MetadataRecord record;
            record.tag = m.tag;
            record.sizeAndVersion = static_cast<std::uint16_t>((size << 4) | (m.version & 0xF));
            record.payloadOffset = static_cast<std::uint16_t>(payload - recordAt);
            w.bytes(metadataRecordBytes(record));
            payload += m.payload.size();
        }
        for (const auto& m : blob.metadata) {
            if (m.isLarge()) w.u32(static_cast<std::uint32_t>(m.payload.size()));
            w.bytes(m.payload);
        }
    }
    w.padTo(headerSize);
    for (std::size_t i = 0; i < bundle.blobs.size(); ++i) {
        w.padTo(dataOffsets[i]);
        w.bytes(bundle.blobs[i].data);
    }
    w.padTo(totalSize);
    return w.take();
}

Blob nestedBlob(std::uint32_t tag, std::uint8_t major, std::uint8_t minor, const Bundle& nested,
                std::vector<Metadata> metadata) {
    Blob blob;
    blob.tag = tag;
    blob.versionMajor = major;
    blob.versionMinor = minor;
    blob.metadata = std::move(metadata);
    blob.data = writeBundle(nested);
    blob.dataSizeAgain = static_cast<std::uint32_t>(blob.data.size());
    blob.nested = std::make_shared<Bundle>(nested);
    return blob;
}

Metadata nameMetadata(std::string_view name) {
    Metadata m;
    m.tag = kNameTag;
    m.payload.assign(name.begin(), name.end());
    return m;
}

Metadata idMetadata(std::uint32_t id) {
    Metadata m;
    m.tag = kIdTag;
    m.payload = {static_cast<std::uint8_t>(id), static_cast<std::uint8_t>(id >> 8),
                 static_cast<std::uint8_t>(id >> 16), static_cast<std::uint8_t>(id >> 24)};
    return m;
}

} // namespace assetscope::grub
