#pragma once

#include "bytes/byte_view.h"
#include "decode/texel_decode.h"
#include "decode/texel_format.h"

#include <cstdint>
#include <optional>
#include <string>

namespace assetscope::exporting {

// One decoded level as the PNG export writes it (cli-contract.md, export, Textures): 8-bit RGBA,
// width * height * 4 bytes. sRGB encodings as stored; BC4 and R8 grey (r, r, r); BC5 red and
// green with blue 0; signed values v * 0.5 + 0.5; floats clamped to [0, 1]; each rounded to the
// nearest of 0..255; alpha 255 where the format stores none. A8 keeps what the decoder gives:
// colour 0 and its alpha. Empty when `image` is not width * height texels.
Bytes pngTexels(decode::TexelFormat format, const decode::TexelImage& image);

// A PNG file (through libpng) of width x height 8-bit RGBA texels; with an sRGB chunk when
// `srgb`. nullopt and `error` when libpng refuses it.
std::optional<Bytes> encodePng(ByteView rgba, std::uint32_t width, std::uint32_t height, bool srgb,
                               std::string& error);

} // namespace assetscope::exporting
