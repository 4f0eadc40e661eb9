#pragma once

#include "bytes/byte_view.h"

#include <array>
#include <cstdint>

namespace assetscope {
class Recorder;
}

namespace assetscope::grub {

// One 24-byte blob record as stored, read without recording: a header may claim as many records
// as fit in the file, so the tree holds them as one lazy array whose elements
// `recordBlobElement` builds when a view asks.
struct BlobRecord {
    std::uint32_t tag = 0;
    std::uint8_t versionMajor = 0;
    std::uint8_t versionMinor = 0;
    std::uint16_t metadataCount = 0;
    std::uint32_t metadataOffset = 0; // from the bundle's start, as the other two offsets
    std::uint32_t dataOffset = 0;
    std::uint32_t dataSize = 0;
    std::uint32_t dataSizeAgain = 0;
};

// Where a record's fields lie, from the record's start (blob_layout.h).
extern const std::uint64_t kBlobRecordMetadataOffsetAt;
extern const std::uint64_t kBlobRecordDataOffsetAt;
extern const std::uint64_t kBlobRecordDataSizeAgainAt;

// The record at `at` of `view`; the caller has checked that its 24 bytes are there.
BlobRecord blobRecordAt(ByteView view, std::uint64_t at);
// The record's 24 bytes.
std::array<std::uint8_t, 24> blobRecordBytes(const BlobRecord& record);

// Element decoder of the lazy record array: the record's eight fields, shown as "Tag major.minor".
void recordBlobElement(Recorder& r, std::uint64_t index);

} // namespace assetscope::grub
