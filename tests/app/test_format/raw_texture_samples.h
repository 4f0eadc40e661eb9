#pragma once

#include "raw_texture_format.h"

// The window tests' textures, in the test-only raw texture format. The comments give every texel
// and offset the tests expect, worked out by hand from the bytes written.
namespace assetscope::rawtex {

// R8G8B8A8, 8 x 4, two mips (8 x 4 then 4 x 2), two slices. Slice 0, mip 0: texel (x, y) is
// (32x, 64y, 7, 255), except (2, 0), which is (255, 0, 0, 128). Slice 0, mip 1: (200, 10x, 10y,
// 255). Slice 1: every texel (10, 20, 30, 255). Stored: s0m0 at 28 (128 bytes), s0m1 at 156 (32),
// s1m0 at 188 (128), s1m1 at 316 (32).
RawTexture rgbaTexture();

// BC1, 8 x 8 (four blocks, 2 x 2) then a 4 x 4 mip (one block). Every texel uses index 0 (the
// first endpoint) but texel (1, 2) of each block, which uses index 1 (the second). Endpoints
// (5:6:5, expanded by bit replication, 31 -> 255, 63 -> 255, 16 -> 132, 32 -> 130, 8 -> 66):
// block 0 red / blue, block 1 green / black, block 2 white / black, block 3 (132, 130, 66) /
// black. Block k of mip 0 is at 28 + 8k.
RawTexture bc1Texture();

// R32G32B32A32_FLOAT, 2 x 1: (2, 0.5, 0.25, 1) and (-1, 0, 0, 1).
RawTexture floatTexture();

} // namespace assetscope::rawtex
