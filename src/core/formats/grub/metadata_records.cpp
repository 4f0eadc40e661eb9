#include "formats/grub/metadata_records.h"

#include "formats/grub/bundle.h"
#include "tree/recorder.h"

#include <cstring>

namespace assetscope::grub {

MetadataRecord metadataRecordAt(ByteView view, std::uint64_t at) {
    ByteReader reader(view, at);
    MetadataRecord record;
    record.tag = reader.u32();
    record.sizeAndVersion = reader.u16();
    record.payloadOffset = reader.u16();
    return record;
}

void recordMetadataElement(Recorder& r, std::uint64_t) {
    const std::uint64_t recordAt = r.pos();
    const std::uint32_t tag = r.tag("grub/metadata_record/tag");
    const std::uint16_t sizeAndVersion = r.u16("grub/metadata_record/size_and_version");
    r.describe([&] {
        return "size " + std::to_string(sizeAndVersion >> 4) + ", version " +
               std::to_string(sizeAndVersion & 0xF);
    });
    const std::uint16_t payloadOffset = r.u16("grub/metadata_record/payload_offset");
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
