#pragma once

#include "contract/parsed_file.h"

#include <cstdint>
#include <optional>

// A texture format that exists only in the tests: it proves that the window shows a texture,
// its texels, their bytes and its mip chain through core's document contract alone.
//
// A .rawtex file, little-endian: the tag "RTEX", then u32 encoding (a decode::TexelFormat's
// number; any other value is an encoding no reader names), u32 width, u32 height, u32 mips,
// u32 slices, u32 flags (bit 0: tiled), then the levels packed with no padding in DDS order:
// slice 0's mips 0..N-1, then slice 1's.
namespace assetscope::rawtex {

inline constexpr std::uint64_t kHeaderSize = 28;
inline constexpr std::uint32_t kTiledFlag = 1;

struct RawTexture {
    std::uint32_t encoding = 0;
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    std::uint32_t mips = 1;
    std::uint32_t slices = 1;
    std::uint32_t flags = 0;
    Bytes data; // every level, as stored
};

Bytes writeRawTexture(const RawTexture& texture);

const FormatHandler& rawTextureHandler();

} // namespace assetscope::rawtex
