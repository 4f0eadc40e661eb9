#pragma once

#include "bytes/byte_view.h"
#include "decode/texel_format.h"

#include <array>
#include <cstdint>
#include <vector>

// Pictures for the sample set's install textures (sample_install_textures.cpp): small, tileable,
// made from integer arithmetic alone (so every platform writes the same bytes), and recognisable
// in the 3D pane (bricks, roof tiles, planks, a sign). Each is an RGBA8 image, its mip chain box
// filtered, each level encoded as R8G8B8A8 (as is) or BC1 / BC3 (blocks chosen from the texels).
namespace assetscope::texture::sample_images {

using Rgba = std::array<std::uint8_t, 4>;

struct Image {
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    std::vector<Rgba> texels; // row-major from the top-left texel

    Image(std::uint32_t w, std::uint32_t h, Rgba fill = {0, 0, 0, 255});
    Rgba& at(std::uint32_t x, std::uint32_t y) { return texels[std::size_t{y} * width + x]; }
    const Rgba& at(std::uint32_t x, std::uint32_t y) const { return texels[std::size_t{y} * width + x]; }
};

// The colours the sample pictures use where they hold no noise, so that a test can work a texel
// out by hand.
inline constexpr Rgba kDoorGap{22, 48, 30, 255};        // the dark line between two door planks
inline constexpr Rgba kBrickMortar{196, 190, 178, 255}; // the mortar between bricks (no noise)
inline constexpr Rgba kWhite{255, 255, 255, 255};
inline constexpr Rgba kBlack{0, 0, 0, 255};
inline constexpr Rgba kFlatNormal{128, 128, 255, 255}; // (0, 0, 1) in a normal map

// Every picture is size x size, size a power of two from 16.
Image solid(std::uint32_t size, Rgba colour);
// Bricks in running bond: 8 courses of 4 bricks, each brick its own red, mortar joints size/64
// wide (at least 1) along each course's bottom and each brick's left end.
Image brickWall(std::uint32_t size);
// The bricks' normal map: faces and mortar flat, each brick's four edges bevelled outwards.
Image brickWallNormal(std::uint32_t size);
// Terracotta roof tiles: 8 rows of 8, every other row shifted by half a tile, each tile darker
// towards its lower edge, dark gaps between them.
Image roofTiles(std::uint32_t size);
Image roofTilesNormal(std::uint32_t size);
// The same tiles under snow: white, the tiles' lower edges showing here and there.
Image roofTilesSnow(std::uint32_t size);
// Cream plaster: blotches and grain.
Image plaster(std::uint32_t size);
// A door of 4 vertical planks painted green, kDoorGap on every column x with x % (size/4) == 0.
Image doorPlanks(std::uint32_t size);
// Window glass: a pale blue pane (alpha 96) with a light sheen, a white frame and cross (opaque).
Image windowGlass(std::uint32_t size);
// A wooden inn sign: a gilded border and the letters INN; `emissive` gives the glow map instead
// (the letters alone on black).
Image innSign(std::uint32_t size, bool emissive);
// Oak slats: 4 horizontal planks with grain, dark gaps between them.
Image oakSlats(std::uint32_t size);
// Cast iron: dark speckled grey with rust spots.
Image castIron(std::uint32_t size);
// Gloss white paint with faint streaks.
Image whitePaint(std::uint32_t size);
// A turbine blade: white composite, its last quarter (x >= 3 size / 4) a red warning band.
Image bladeComposite(std::uint32_t size);
// Meadow grass: two greens in blotches, a few yellow flowers.
Image meadowGrass(std::uint32_t size);
// Snow with blue-grey shades.
Image snowField(std::uint32_t size);
// Tyre rubber: tread blocks between grooves.
Image tyreTread(std::uint32_t size);
// Brushed aluminium: horizontal streaks.
Image brushedAlloy(std::uint32_t size);

// The image and its mips down to 1 x 1, each the previous level's 2 x 2 average (rounded).
std::vector<Image> mipChain(Image top);

// One level as `format` stores it: R8G8B8A8Unorm the texels as they are; BC1 (opaque) and BC3
// with, per 4 x 4 block, endpoints the two texels furthest apart and each texel the nearest of
// the block's palette (BC3's alpha the same way over alpha). A level smaller than a block repeats
// its texels to fill one.
Bytes encodeLevel(decode::TexelFormat format, const Image& image);

} // namespace assetscope::texture::sample_images
