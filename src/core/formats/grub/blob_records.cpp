#include "formats/grub/blob_records.h"

#include "formats/grub/bundle.h"
#include "tree/record_fields.h"

namespace assetscope::grub {

namespace {

using record_fields::Field;
using record_fields::Shown;

// The 24-byte blob record described once (grub-bundles.txt, "Blob records"): read raw, read as
// nodes and written by this list.
constexpr auto kBlobLayout =
    record_fields::layout(Field<&BlobRecord::tag>{"grub/blob_record/tag", Shown::AsTag},
                          Field<&BlobRecord::versionMajor>{"grub/blob_record/version_major"},
                          Field<&BlobRecord::versionMinor>{"grub/blob_record/version_minor"},
                          Field<&BlobRecord::metadataCount>{"grub/blob_record/metadata_count"},
                          Field<&BlobRecord::metadataOffset>{"grub/blob_record/metadata_offset"},
                          Field<&BlobRecord::dataOffset>{"grub/blob_record/data_offset"},
                          Field<&BlobRecord::dataSize>{"grub/blob_record/data_size"},
                          Field<&BlobRecord::dataSizeAgain>{"grub/blob_record/data_size_again"});
static_assert(kBlobLayout.size == kBlobRecordSize);

} // namespace

const std::uint64_t kBlobRecordMetadataOffsetAt = kBlobLayout.offsetOf<&BlobRecord::metadataOffset>();
const std::uint64_t kBlobRecordDataOffsetAt = kBlobLayout.offsetOf<&BlobRecord::dataOffset>();
const std::uint64_t kBlobRecordDataSizeAgainAt = kBlobLayout.offsetOf<&BlobRecord::dataSizeAgain>();

BlobRecord blobRecordAt(ByteView view, std::uint64_t at) {
    return kBlobLayout.decode(view, at);
}

std::array<std::uint8_t, 24> blobRecordBytes(const BlobRecord& record) {
    return kBlobLayout.encode(record);
}

void recordBlobElement(Recorder& r, std::uint64_t) {
    const BlobRecord record = kBlobLayout.record(r);
    // Through edit: field statistics decode elements with nodes off, where there is no element node.
    r.tree().edit(r.parent(), [&](Node& element) {
        element.display = tagText(record.tag) + " " + std::to_string(record.versionMajor) + "." +
                          std::to_string(record.versionMinor);
    });
}

} // namespace assetscope::grub
