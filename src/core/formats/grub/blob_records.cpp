#include "formats/grub/blob_records.h"

#include "formats/grub/bundle.h"
#include "tree/recorder.h"

namespace assetscope::grub {

BlobRecord blobRecordAt(ByteView view, std::uint64_t at) {
    ByteReader reader(view, at);
    BlobRecord record;
    record.tag = reader.u32();
    record.versionMajor = reader.u8();
    record.versionMinor = reader.u8();
    record.metadataCount = reader.u16();
    record.metadataOffset = reader.u32();
    record.dataOffset = reader.u32();
    record.dataSize = reader.u32();
    record.dataSizeAgain = reader.u32();
    return record;
}

void recordBlobElement(Recorder& r, std::uint64_t) {
    const std::uint32_t tag = r.tag("grub/blob_record/tag");
    const std::uint8_t major = r.u8("grub/blob_record/version_major");
    const std::uint8_t minor = r.u8("grub/blob_record/version_minor");
    r.u16("grub/blob_record/metadata_count");
    r.u32("grub/blob_record/metadata_offset");
    r.u32("grub/blob_record/data_offset");
    r.u32("grub/blob_record/data_size");
    r.u32("grub/blob_record/data_size_again");
    // Through edit: field statistics decode elements with nodes off, where there is no element node.
    r.tree().edit(r.parent(), [&](Node& element) {
        element.display = tagText(tag) + " " + std::to_string(major) + "." + std::to_string(minor);
    });
}

} // namespace assetscope::grub
