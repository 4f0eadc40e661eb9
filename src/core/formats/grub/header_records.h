#pragma once

#include "bytes/byte_view.h"
#include "formats/grub/bundle.h"

#include <cstdint>

namespace assetscope {
class Recorder;
}

namespace assetscope::grub {

// The bundle header as stored: the tag and version every bundle starts with, then the fields of
// 1.1 (20 bytes in all) or of the older 1.0 (16 bytes; its blob count a u16, before the sizes).
struct Header {
    std::uint32_t tag = kGrubTag;
    std::uint8_t versionMajor = 1;
    std::uint8_t versionMinor = 1;
    std::uint16_t reserved = 0;     // 1.1
    std::uint16_t blobCountV10 = 0; // 1.0's blob count
    std::uint32_t headerSize = 0;   // the header area's: header, records, metadata (and padding)
    std::uint32_t totalSize = 0;
    std::uint32_t blobCount = 0; // 1.1's blob count

    bool v10() const { return versionMajor == 1 && versionMinor == 0; }
    std::uint32_t blobs() const { return v10() ? blobCountV10 : blobCount; }
};

// The header's bytes for a version: 16 for 1.0, else 20.
std::size_t headerLength(std::uint8_t versionMajor, std::uint8_t versionMinor);

// Reads the header at the recorder's position into `header`, a node per field, with the checks
// between the fields (tag, version, reserved, then the total size against the bundle's bytes).
// Throws a ParseError where the tag is not Grub's or the bytes end inside the header; `header`
// then holds the fields read before.
void recordHeader(Recorder& r, Header& header);
// The header at the start of `bytes`, which hold kHeaderSize bytes (the caller has checked).
Header headerAt(ByteView bytes);
// The header's bytes (headerLength of its version).
Bytes headerBytes(const Header& header);

} // namespace assetscope::grub
