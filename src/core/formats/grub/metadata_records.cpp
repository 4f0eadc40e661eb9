#include "formats/grub/metadata_records.h"

#include "formats/grub/bundle.h"
#include "tree/record_fields.h"

#include <cstring>

namespace assetscope::grub {

namespace {

using record_fields::Field;
using record_fields::Shown;

void describeSize(Recorder& r, const MetadataRecord& record, std::size_t) {
    r.describe([&] {
        return "size " + std::to_string(record.payloadSize()) + ", version " +
               std::to_string(record.version());
    });
}

// The 8-byte metadata record described once (grub-bundles.txt, "Metadata records"): read raw,
// read as nodes and written by this list.
constexpr auto kMetadataLayout = record_fields::layout(
    Field<&MetadataRecord::tag>{"grub/metadata_record/tag", Shown::AsTag},
    Field<&MetadataRecord::sizeAndVersion>{"grub/metadata_record/size_and_version", {}, {}, describeSize},
    Field<&MetadataRecord::payloadOffset>{"grub/metadata_record/payload_offset"});
static_assert(kMetadataLayout.size == kMetadataRecordSize);

} // namespace

MetadataRecord metadataRecordAt(ByteView view, std::uint64_t at) {
    return kMetadataLayout.decode(view, at);
}

std::array<std::uint8_t, 8> metadataRecordBytes(const MetadataRecord& record) {
    return kMetadataLayout.encode(record);
}

void recordMetadataElement(Recorder& r, std::uint64_t) {
    const std::uint64_t recordAt = r.pos();
    const MetadataRecord record = kMetadataLayout.record(r);
    const std::uint32_t tag = record.tag;
    const std::uint16_t sizeAndVersion = record.sizeAndVersion;
    const std::uint16_t payloadOffset = record.payloadOffset;
    // Through edit: field statistics decode elements with nodes off, where there is no element node.
    r.tree().edit(r.parent(), [&](Node& element) {
        element.kind = NodeKind::Metadata;
        element.display = tagText(tag);
    });

    const std::uint64_t payloadAt = recordAt + payloadOffset;
    std::uint64_t size = sizeAndVersion >> 4;
    if (size == kLargePayloadMarker) {
        if (payloadAt < 4)
            throw ParseError{"grub.metadata.large-size", "no room for the large payload size", recordAt};
        r.seek(payloadAt - 4);
        size = r.u32("grub/metadata_payload/large_payload_size");
    }
    r.seek(payloadAt);
    if (tag == kNameTag) {
        r.text("grub/metadata_payload/name", size);
    } else if (tag == kIdTag && size == 4) {
        r.u32("grub/metadata_payload/id");
    } else {
        r.bytes("payload", size);
        r.tree().edit(r.last(), [&](Node& n) { n.name = tagText(tag) + " payload"; });
    }
}

} // namespace assetscope::grub
