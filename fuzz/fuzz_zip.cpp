// The zip layer: ZipArchive::open over hostile bytes, then every entry read whole and by prefix
// under small limits, zips inside zips opened in turn.

#include "hostile_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    assetscope::hostile::exerciseZip(assetscope::ByteView(data, size));
    return 0;
}
