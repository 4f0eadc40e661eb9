#pragma once

// The bundle both find tests search, so its offsets are worked out once. Two MTUD 1.0 blobs with
// no metadata: the header and two records take 20 + 2 × 24 = 68 bytes (0x44, already a multiple
// of 4), so blob 0's 8 bytes start at 0x44 and blob 1's at 0x4c. Blob 0 holds "ABFINDCD" (FIND at
// 0x46), blob 1 "FIND" in UTF-16LE.

#include "formats/grub/bundle_writer.h"
#include "test_support.h"

#include <string_view>

namespace find_fixtures {

using namespace assetscope;

inline constexpr std::uint64_t kBlob0 = 0x44, kBlob1 = 0x4c;

inline Bytes ascii(std::string_view text) {
    return Bytes(text.begin(), text.end());
}

inline grub::Bundle findBundle() {
    grub::Bundle b;
    for (const Bytes& data : {ascii("ABFINDCD"), test::hexBytes("46 00 49 00 4e 00 44 00")}) {
        grub::Blob blob;
        blob.tag = tagFromText("MTUD");
        blob.versionMajor = 1;
        blob.data = data;
        blob.dataSizeAgain = 8;
        b.blobs.push_back(std::move(blob));
    }
    return b;
}

} // namespace find_fixtures
