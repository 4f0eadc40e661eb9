// The sample textures: one per encoding the issue names, with mips, one with several slices and
// one tiled. Every level is made of blocks whose fields are chosen so that the decoded texels
// are known: a solid colour per level (or a gradient of exact steps), written by the project's
// block writers (decode/texel_blocks.h).
#include "formats/texture/texture_samples.h"

#include "decode/texel_blocks.h"
#include "decode/texel_format.h"
#include "formats/texture/texture_data.h"
#include "formats/texture/texture_writer.h"

#include <functional>
#include <string>
#include <utility>

namespace assetscope::samples {

namespace {

using decode::TexelFormat;
using namespace decode::blocks;
using texture::TextureSpec;

constexpr std::uint32_t kTranscodingBC6HUnsigned = 9;

template <std::size_t N> ByteView view(const std::array<std::uint8_t, N>& block) {
    return ByteView(block.data(), block.size());
}

// A texture of `slices` x `mips` levels, each the block `blockOf(slice, mip)` repeated.
TextureSpec spec(TexelFormat format, std::int32_t encoding, std::uint32_t width, std::uint32_t height,
                 std::uint8_t mips, std::uint16_t slices, std::uint32_t colourProfile,
                 const std::function<Bytes(std::uint32_t, std::uint32_t)>& blockOf) {
    TextureSpec s;
    s.header.width = static_cast<std::int32_t>(width);
    s.header.height = static_cast<std::int32_t>(height);
    s.header.mips = mips;
    s.header.slices = slices;
    s.header.colourProfile = colourProfile;
    s.header.guid = {0x10,
                     0x32,
                     0x54,
                     0x76,
                     0x98,
                     0xba,
                     0xdc,
                     0xfe,
                     0x01,
                     0x23,
                     0x45,
                     0x67,
                     static_cast<std::uint8_t>(encoding),
                     0xab,
                     0xcd,
                     0xef};
    s.chainValues = {encoding, texture::pitchValue(format, width, height)};
    for (std::uint32_t slice = 0; slice < slices; ++slice)
        for (std::uint32_t m = 0; m < mips; ++m) {
            const Bytes block = blockOf(slice, m);
            const Bytes level = texture::solidLevel(format, texture::mipExtent(width, m),
                                                    texture::mipExtent(height, m), block);
            s.data.insert(s.data.end(), level.begin(), level.end());
        }
    return s;
}

Bytes bytesOf(ByteView block) {
    return Bytes(block.begin(), block.end());
}

// BC1 with every texel colour0 (index 0): exact 5:6:5 colours, so red is (255, 0, 0).
Bytes bc1Solid(std::uint8_t r5, std::uint8_t g6, std::uint8_t b5) {
    return bytesOf(view(bc1(rgb565(r5, g6, b5), 0, 0)));
}

// BC4 with every texel end0 (index 0).
Block8 bc4Solid(std::uint8_t value) {
    return bc4(value, 0, 0);
}

// Mip m of the palette: red, green, blue, white, black.
TextureSpec palette() {
    static constexpr std::uint8_t kColours[5][3] = {
        {31, 0, 0}, {0, 63, 0}, {0, 0, 31}, {31, 63, 31}, {0, 0, 0}};
    return spec(TexelFormat::BC1, kEncodingBC1, 16, 16, 5, 1, 1, [](std::uint32_t, std::uint32_t m) {
        return bc1Solid(kColours[m][0], kColours[m][1], kColours[m][2]);
    });
}

// BC3: grey 5:6:5 (16, 32, 16) is (132, 130, 132); alpha 255, 192, 128, 64 down the mips.
TextureSpec gravel() {
    return spec(TexelFormat::BC3, kEncodingBC3, 8, 8, 4, 1, 1, [](std::uint32_t, std::uint32_t m) {
        const auto alpha = static_cast<std::uint8_t>(m == 0 ? 255 : 256 - 64 * m);
        return bytesOf(view(bc3(bc4Solid(alpha), bc1(rgb565(16, 32, 16), 0, 0))));
    });
}

// BC4: 255, 192, 128, 64, 0 down the mips of a 16 x 8 height map.
TextureSpec height() {
    return spec(TexelFormat::BC4, kEncodingBC4, 16, 8, 5, 1, 0, [](std::uint32_t, std::uint32_t m) {
        return bytesOf(view(bc4Solid(static_cast<std::uint8_t>(m == 0 ? 255 : 256 - 64 * m))));
    });
}

// BC5: a flat normal map, red and green 128.
TextureSpec normal() {
    return spec(TexelFormat::BC5, kEncodingBC5, 8, 8, 2, 1, 0, [](std::uint32_t, std::uint32_t) {
        return bytesOf(view(bc5(bc4Solid(128), bc4Solid(128))));
    });
}

// BC6H unsigned, picked by transcoding 9: mode 11 endpoint 495 unquantises to half 0x3C00 (1.0),
// so mip 0 is white 1.0 and mip 1 red 1.0 (endpoint 0 is 0).
TextureSpec sky() {
    TextureSpec s = spec(TexelFormat::BC6HUnsigned, kEncodingBC6HUnsigned, 8, 8, 2, 1, 0,
                         [](std::uint32_t, std::uint32_t m) {
                             const std::uint16_t g = m == 0 ? 495 : 0;
                             return bytesOf(view(bc6hMode11({495, g, g}, {0, 0, 0}, {})));
                         });
    s.header.transcoding = kTranscodingBC6HUnsigned;
    return s;
}

// BC7 mode 6: a 7-bit endpoint e with p-bit 1 decodes to 2e + 1 in every channel, so 127 is 255
// and 0 is 1: (255, 1, 1, 255) red, then green, blue, white at alpha 127, black (1, 1, 1, 255).
TextureSpec decal() {
    static constexpr std::array<std::uint8_t, 4> kColours[5] = {
        {127, 0, 0, 127}, {0, 127, 0, 127}, {0, 0, 127, 127}, {127, 127, 127, 63}, {0, 0, 0, 127}};
    return spec(TexelFormat::BC7, kEncodingBC7, 16, 16, 5, 1, 1, [](std::uint32_t, std::uint32_t m) {
        return bytesOf(view(bc7Mode6(kColours[m], kColours[m], 1, 1, {})));
    });
}

// R8G8B8A8: mip 0 a 4 x 4 gradient, texel (x, y) = (85x, 85y, 0, 255); mip 1 grey 128; mip 2 white.
TextureSpec colourChart() {
    TextureSpec s =
        spec(TexelFormat::R8G8B8A8Unorm, kEncodingRGBA8, 4, 4, 3, 1, 0, [](std::uint32_t, std::uint32_t m) {
            const std::uint8_t v = m == 1 ? 128 : 255;
            return Bytes{v, v, v, 255};
        });
    for (std::uint8_t y = 0; y < 4; ++y)
        for (std::uint8_t x = 0; x < 4; ++x) {
            const std::size_t at = (std::size_t{y} * 4 + x) * 4;
            s.data[at] = static_cast<std::uint8_t>(85 * x);
            s.data[at + 1] = static_cast<std::uint8_t>(85 * y);
            s.data[at + 2] = 0;
            s.data[at + 3] = 255;
        }
    return s;
}

// A8: 255 >> m down five mips; 341 bytes of data, so the bundle ends short as 8,418 swatch
// textures do.
TextureSpec mask() {
    TextureSpec s =
        spec(TexelFormat::A8Unorm, kEncodingA8, 16, 16, 5, 1, 0,
             [](std::uint32_t, std::uint32_t m) { return Bytes{static_cast<std::uint8_t>(255 >> m)}; });
    s.endsShort = true;
    return s;
}

// BC1 array of six slices (a cube's faces), three mips: slice s is one colour at every mip. Its
// chain carries a third value, which the readers do not name.
TextureSpec cube() {
    static constexpr std::uint8_t kFaces[6][3] = {{31, 0, 0},  {0, 63, 0},  {0, 0, 31},
                                                  {31, 63, 0}, {0, 63, 31}, {31, 0, 31}};
    TextureSpec s =
        spec(TexelFormat::BC1, kEncodingBC1, 8, 8, 3, 6, 0, [](std::uint32_t slice, std::uint32_t) {
            return bc1Solid(kFaces[slice][0], kFaces[slice][1], kFaces[slice][2]);
        });
    s.chainValues.push_back(0);
    return s;
}

// TXCB 2.0, as the install's rain masks: BC4 32 x 32 in the tiled layout (here the blocks as a
// linear chain would hold them, value 200), the header ending unaligned (one byte after the chain).
TextureSpec rainMask() {
    TextureSpec s = spec(TexelFormat::BC4, kEncodingBC4, 32, 32, 1, 1, 0,
                         [](std::uint32_t, std::uint32_t) { return bytesOf(view(bc4Solid(200))); });
    s.tiled = true;
    s.payloadTail = {0};
    s.headerEndsUnaligned = true;
    return s;
}

} // namespace

SampleFiles textureSamples() {
    const auto file = [](std::string name, const TextureSpec& s) {
        return archive::ZipInput{"media/textures/" + std::move(name), texture::writeTextureBundle(s)};
    };
    return {
        file("sample_palette.swatchbin", palette()),
        file("sample_gravel.pb", gravel()),
        file("sample_height.pb", height()),
        file("sample_normal.pb", normal()),
        file("sample_sky_hdr.swatchbin", sky()),
        file("sample_decal.pb", decal()),
        file("sample_colour_chart.swatchbin", colourChart()),
        file("sample_mask.swatchbin", mask()),
        file("sample_cube.pb", cube()),
        file("sample_rain_mask.swatchbin", rainMask()),
    };
}

SampleFiles textureFuzzSeeds() {
    // The encodings no sample uses, each a 4 x 4 level of one zero block (or texel): the encoding
    // table's other rows and their decoders, which a fuzz input otherwise reaches only by setting
    // the encoding and the pitch together.
    static constexpr std::pair<TexelFormat, std::int32_t> kUnsampled[] = {
        {TexelFormat::BC2, 1},
        {TexelFormat::BC4Signed, 4},
        {TexelFormat::BC5Signed, 6},
        {TexelFormat::BC6HUnsigned, 7},
        {TexelFormat::BC6HSigned, 8},
        {TexelFormat::R32G32B32A32Float, 10},
        {TexelFormat::R16G16B16A16Unorm, 11},
        {TexelFormat::R16G16B16A16Float, 12},
        {TexelFormat::B5G6R5, 14},
        {TexelFormat::B5G5R5A1, 15},
        {TexelFormat::R8Unorm, 19}};
    SampleFiles out;
    for (const auto& [format, encoding] : kUnsampled) {
        const Bytes zero(decode::levelByteSize(format, 1, 1).value_or(16), 0);
        const TextureSpec s =
            spec(format, encoding, 4, 4, 1, 1, 0, [&](std::uint32_t, std::uint32_t) { return zero; });
        out.push_back({"media/textures/seed_encoding_" + std::to_string(encoding) + ".swatchbin",
                       texture::writeTextureBundle(s)});
    }
    // More levels than get a node each (kMaxLevelNodes): the slices become a lazy array. One-texel
    // slices keep it to a few kilobytes.
    const TextureSpec slices =
        spec(TexelFormat::R8Unorm, 19, 1, 1, 1, static_cast<std::uint16_t>(texture::kMaxLevelNodes + 4), 0,
             [](std::uint32_t, std::uint32_t) { return Bytes{0x80}; });
    out.push_back({"media/textures/seed_many_slices.pb", texture::writeTextureBundle(slices)});
    return out;
}

} // namespace assetscope::samples
