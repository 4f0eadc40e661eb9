#pragma once

#include "contract/texture_texels.h"
#include "tree/coverage.h"

#include <QString>

#include <optional>

namespace assetscope::app {

// One texel of a decoded level as the window reports it: where it is, what it decodes to and
// which stored bytes hold it (its 4x4 block for a block-compressed encoding, its own bytes
// otherwise). Format-free: the sizes come from the texel format's table.
struct TexelProbe {
    std::uint32_t x = 0;
    std::uint32_t y = 0;
    std::uint32_t mip = 0;
    std::uint32_t slice = 0;
    bool block = false; // the bytes are a block of blockSize x blockSize texels
    std::uint32_t blockSize = 1;
    ByteRange bytes;   // absolute, in the input
    QString valueText; // "R 255 G 128 B 0 A 255" or floats as decoded

    QString positionText() const; // "(12, 34), mip 0, slice 0"
    QString bytesText() const;    // "block at 0x1A0 (416), 16 bytes"
    QString statusText() const;   // all three on one line, for the status bar
};

// The stored bytes that hold texel (x, y) of `level`; nullopt outside the level.
std::optional<ByteRange> texelBytes(TexelFormat format, const TextureLevel& level, std::uint32_t x,
                                    std::uint32_t y);

// The texel's value as decoded: integers for 8-bit images, floats otherwise.
QString texelValueText(const TexelImage& image, std::uint32_t x, std::uint32_t y);

// Everything above for texel (x, y) of a decoded level; nullopt outside it.
std::optional<TexelProbe> probeTexel(TexelFormat format, const TextureLevel& level, const TexelImage& image,
                                     std::uint32_t x, std::uint32_t y);

} // namespace assetscope::app
