#pragma once

#include "decode/texel_format.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace assetscope {

// One stored level of a texture: mip `mip` of array slice `slice`, at `offset` (absolute, in the
// input's bytes) for `size` bytes.
struct TextureLevel {
    std::uint32_t mip = 0;
    std::uint32_t slice = 0;
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    std::uint64_t offset = 0;
    std::uint64_t size = 0;
};

// A texture as the viewers, the exporters and the census see it, whatever format holds it.
struct TextureDescription {
    std::optional<decode::TexelFormat> format; // nullopt: an encoding no reader names
    bool srgb = false;                         // the sRGB form of `format`
    std::string encodingText;                  // DXGI name without prefix, or "encoding N" when unknown
    std::uint32_t width = 0;                   // of mip 0
    std::uint32_t height = 0;
    std::uint32_t depth = 1;
    std::uint32_t slices = 1;
    std::uint32_t mips = 1;
    // The slices are cube faces, six to a cube (+X, -X, +Y, -Y, +Z, -Z): a DDS export says so.
    // No reader of the documents sets it yet: the notes name no field that tells a cube.
    bool cube = false;
    // Tiled (a console layout that needs the console's library to untile): `levels` is empty and
    // the data is the one range below.
    bool tiled = false;
    std::string tiledNote;
    std::uint64_t dataOffset = 0; // the whole stored chain, absolute
    std::uint64_t dataSize = 0;
    // In stored order (as a DDS file stores them): slice 0's mips 0..N-1, then slice 1's ...
    // Only the levels whose bytes are all present.
    std::vector<TextureLevel> levels;

    const TextureLevel* level(std::uint32_t mip, std::uint32_t slice) const {
        for (const TextureLevel& l : levels)
            if (l.mip == mip && l.slice == slice) return &l;
        return nullptr;
    }
};

} // namespace assetscope
