#pragma once

#include "bytes/byte_view.h"
#include "contract/texture.h"

#include <cstddef>
#include <optional>
#include <string>

namespace assetscope::exporting {

// "DDS ", the 124-byte DDS_HEADER and the 20-byte DDS_HEADER_DXT10 (Microsoft's "DDS" pages).
inline constexpr std::size_t kDdsHeaderSize = 4 + 124 + 20;

// The header of `texture` as a 2D texture array of `slices` elements, `mips` levels each, in
// `format` (its sRGB form when `srgb`); nullopt when the encoding has no DXGI format.
std::optional<Bytes> ddsHeader(const TextureDescription& texture);

// The whole DDS file: the header, then the stored data unchanged. A linear texture's levels are
// copied slice by slice, mip 0 first (the order both a DDS file and the TXCB blob keep); a tiled
// texture's one range is copied as it is. nullopt and `error` when a level is missing, out of the
// input or not the size its width and height give.
std::optional<Bytes> ddsFile(const TextureDescription& texture, ByteView input, std::string& error);

} // namespace assetscope::exporting
