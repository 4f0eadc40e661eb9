#pragma once

#include "bytes/byte_view.h"
#include "decode/texel_decode.h"
#include "decode/texel_format.h"

namespace assetscope::decode {

// One decoded level as 8-bit RGBA, width * height * 4 bytes: what a PNG export writes
// (cli-contract.md, export, Textures) and what the 3D pane and a textured export sample. sRGB
// encodings as stored; BC4 and R8 grey (r, r, r); BC5 red and green with blue 0; signed values
// v * 0.5 + 0.5; floats clamped to [0, 1]; each rounded to the nearest of 0..255; alpha 255 where
// the format stores none. A8 keeps what the decoder gives: colour 0 and its alpha. Empty when
// `image` is not width * height texels.
Bytes rgba8Texels(TexelFormat format, const TexelImage& image);

} // namespace assetscope::decode
