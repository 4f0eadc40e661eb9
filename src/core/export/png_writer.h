#pragma once

#include "bytes/byte_view.h"

#include <cstdint>
#include <optional>
#include <string>

namespace assetscope::exporting {

// A PNG file (through libpng) of width x height 8-bit RGBA texels; with an sRGB chunk when
// `srgb`. nullopt and `error` when libpng refuses it.
std::optional<Bytes> encodePng(ByteView rgba, std::uint32_t width, std::uint32_t height, bool srgb,
                               std::string& error);

} // namespace assetscope::exporting
