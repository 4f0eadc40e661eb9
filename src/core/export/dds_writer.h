#pragma once

#include "bytes/byte_view.h"
#include "contract/texture.h"

#include <cstddef>
#include <optional>
#include <string>

namespace assetscope::exporting {

// "DDS " and the 124-byte DDS_HEADER (Microsoft's "DDS" pages), then, where the legacy pixel
// format cannot name the encoding, the 20-byte DDS_HEADER_DXT10.
inline constexpr std::size_t kDdsLegacyHeaderSize = 4 + 124;
inline constexpr std::size_t kDdsHeaderSize = kDdsLegacyHeaderSize + 20;

// The header of `texture`, as DirectXTex writes one by default: a legacy pixel format where one
// names the encoding (dds_pixel_format.h) and the texture is one 2D texture or one cube; else the
// DX10 header with the DXGI format (its sRGB form when `srgb`) and the slices as a 2D texture
// array, or as an array of cubes. A cube carries DDSCAPS2_CUBEMAP and all six faces in either.
// nullopt when the encoding has no DXGI format.
std::optional<Bytes> ddsHeader(const TextureDescription& texture);

// The whole DDS file: the header, then the stored data unchanged. A linear texture's levels are
// copied slice by slice, mip 0 first (the order both a DDS file and the TXCB blob keep); a tiled
// texture's one range is copied as it is. nullopt and `error` when a level is missing, out of the
// input or not the size its width and height give.
std::optional<Bytes> ddsFile(const TextureDescription& texture, ByteView input, std::string& error);

} // namespace assetscope::exporting
