#pragma once

#include "bytes/byte_view.h"

#include <array>
#include <cstdint>

namespace assetscope {
class Recorder;
}

namespace assetscope::grub {

// One 8-byte metadata record as stored, read without recording: a blob may claim thousands,
// so the tree holds them as one lazy array whose elements `recordMetadataElement` builds.
struct MetadataRecord {
    std::uint32_t tag = 0;
    std::uint16_t sizeAndVersion = 0;
    std::uint16_t payloadOffset = 0; // from the record's own start

    std::uint32_t payloadSize() const {
        return sizeAndVersion >> 4;
    } // 0xFFF: the true size is in a u32 before it
    std::uint8_t version() const { return static_cast<std::uint8_t>(sizeAndVersion & 0xF); }
};

// The record at `at` of `view`; the caller has checked that its 8 bytes are there.
MetadataRecord metadataRecordAt(ByteView view, std::uint64_t at);
// The record's 8 bytes.
std::array<std::uint8_t, 8> metadataRecordBytes(const MetadataRecord& record);

// Element decoder of the lazy record array: the record's three fields and, below them, the
// payload it points at (read where the record says, so a misplaced payload shows what is there).
void recordMetadataElement(Recorder& r, std::uint64_t index);

} // namespace assetscope::grub
