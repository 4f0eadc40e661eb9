#include "formats/texture/sample_images.h"

#include "decode/texel_blocks.h"

#include <algorithm>
#include <utility>

namespace assetscope::texture::sample_images {

namespace {

using decode::blocks::TexelIndices;

// A well-mixed 32-bit hash of a texel (or cell) and a seed: the pictures' only randomness.
std::uint32_t hashOf(std::uint32_t x, std::uint32_t y, std::uint32_t seed) {
    std::uint32_t h = x * 0x8DA6B343u ^ y * 0xD8163841u ^ (seed + 1) * 0xCB1AB31Fu;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 12;
    h *= 0x297A2D39u;
    h ^= h >> 15;
    return h;
}

// -amplitude .. amplitude, from the hash.
int noise(std::uint32_t x, std::uint32_t y, std::uint32_t seed, int amplitude) {
    return static_cast<int>(hashOf(x, y, seed) % static_cast<std::uint32_t>(2 * amplitude + 1)) - amplitude;
}

// Smooth noise -amplitude .. amplitude: the hash on a grid of `cell` texels (wrapping at `size`,
// so the picture tiles), bilinearly interpolated.
int blotches(std::uint32_t x, std::uint32_t y, std::uint32_t size, std::uint32_t cell, std::uint32_t seed,
             int amplitude) {
    const std::uint32_t cells = size / cell;
    const std::uint32_t cx = x / cell, cy = y / cell;
    const auto corner = [&](std::uint32_t i, std::uint32_t j) {
        return noise(i % cells, j % cells, seed, amplitude);
    };
    const int fx = static_cast<int>(x % cell), fy = static_cast<int>(y % cell), c = static_cast<int>(cell);
    const int top = corner(cx, cy) * (c - fx) + corner(cx + 1, cy) * fx;
    const int bottom = corner(cx, cy + 1) * (c - fx) + corner(cx + 1, cy + 1) * fx;
    return (top * (c - fy) + bottom * fy) / (c * c);
}

std::uint8_t clampByte(int v) {
    return static_cast<std::uint8_t>(std::clamp(v, 0, 255));
}

// `colour` with `delta` added to its red, green and blue.
Rgba shade(Rgba colour, int delta) {
    return {clampByte(colour[0] + delta), clampByte(colour[1] + delta), clampByte(colour[2] + delta),
            colour[3]};
}

Rgba shade(Rgba colour, int dr, int dg, int db) {
    return {clampByte(colour[0] + dr), clampByte(colour[1] + dg), clampByte(colour[2] + db), colour[3]};
}

// `colour` scaled by percent / 100.
Rgba scaled(Rgba colour, int percent) {
    return {clampByte(colour[0] * percent / 100), clampByte(colour[1] * percent / 100),
            clampByte(colour[2] * percent / 100), colour[3]};
}

// A normal (x, y, z each -100 .. 100, a percentage of one) as a normal map stores it.
Rgba normalOf(int x, int y, int z) {
    return {clampByte(128 + x * 127 / 100), clampByte(128 + y * 127 / 100), clampByte(128 + z * 127 / 100),
            255};
}

template <typename Texel> Image paint(std::uint32_t size, Texel texel) {
    Image image(size, size);
    for (std::uint32_t y = 0; y < size; ++y)
        for (std::uint32_t x = 0; x < size; ++x)
            image.at(x, y) = texel(x, y);
    return image;
}

// Where a texel falls in a course of bricks or a row of tiles laid with every other row shifted
// by half a unit.
struct Bond {
    std::uint32_t row, column; // which unit (wrapping with the picture)
    std::uint32_t across;      // texels from the unit's left end
    std::uint32_t down;        // texels from the row's top
};

Bond bondAt(std::uint32_t x, std::uint32_t y, std::uint32_t size, std::uint32_t unitWidth,
            std::uint32_t rowHeight) {
    const std::uint32_t row = y / rowHeight;
    const std::uint32_t shifted = (x + (row % 2) * unitWidth / 2) % size;
    return {row, shifted / unitWidth, shifted % unitWidth, y % rowHeight};
}

// Whether a roof tile's texel lies in the shadow under its rounded lower edge, which rises
// towards the tile's sides by up to a quarter of the tile (and 2 texels at its middle, 1 below 16).
bool underTileEdge(const Bond& at, std::uint32_t tile) {
    const int d = static_cast<int>(2 * at.across + 1) - static_cast<int>(tile), t = static_cast<int>(tile);
    const int rise = d * d * (t / 4) / (t * t);
    return static_cast<int>(at.down) + rise >= t - (tile >= 16 ? 2 : 1);
}

// The 5 x 7 letters of "INN", a bit per texel, the top row first, bit 4 the left column.
constexpr std::array<std::uint8_t, 7> kLetterI{0x1F, 0x04, 0x04, 0x04, 0x04, 0x04, 0x1F};
constexpr std::array<std::uint8_t, 7> kLetterN{0x11, 0x19, 0x15, 0x15, 0x13, 0x11, 0x11};

// Whether (x, y) falls on a letter of "INN" drawn at `scale` texels a font texel, centred.
bool onLettering(std::uint32_t x, std::uint32_t y, std::uint32_t size, std::uint32_t scale) {
    const std::uint32_t letterWidth = 5 * scale, gap = scale, height = 7 * scale;
    const std::uint32_t width = 3 * letterWidth + 2 * gap;
    const std::uint32_t left = (size - width) / 2, top = (size - height) / 2;
    if (x < left || y < top || x >= left + width || y >= top + height) return false;
    const std::uint32_t u = x - left, row = (y - top) / scale;
    const std::uint32_t letter = u / (letterWidth + gap), within = u % (letterWidth + gap);
    if (within >= letterWidth) return false;
    const auto& glyph = letter == 0 ? kLetterI : kLetterN;
    return (glyph[row] >> (4 - within / scale)) & 1u;
}

// BC1 and BC3 blocks from texels.

struct Colour565 {
    std::uint16_t packed = 0;
    Rgba expanded{};
};

Colour565 to565(const Rgba& c) {
    const auto r = static_cast<std::uint8_t>((c[0] * 31 + 127) / 255);
    const auto g = static_cast<std::uint8_t>((c[1] * 63 + 127) / 255);
    const auto b = static_cast<std::uint8_t>((c[2] * 31 + 127) / 255);
    return {decode::blocks::rgb565(r, g, b),
            {static_cast<std::uint8_t>(r << 3 | r >> 2), static_cast<std::uint8_t>(g << 2 | g >> 4),
             static_cast<std::uint8_t>(b << 3 | b >> 2), 255}};
}

int distance2(const Rgba& a, const Rgba& b, int channels) {
    int sum = 0;
    for (int c = 0; c < channels; ++c)
        sum += (a[c] - b[c]) * (a[c] - b[c]);
    return sum;
}

// The block's texels: (bx, by) the block's top-left texel, repeating a level smaller than a block.
std::array<Rgba, 16> blockTexels(const Image& image, std::uint32_t bx, std::uint32_t by) {
    std::array<Rgba, 16> texels{};
    for (std::uint32_t j = 0; j < 4; ++j)
        for (std::uint32_t i = 0; i < 4; ++i)
            texels[j * 4 + i] = image.at((bx + i) % image.width, (by + j) % image.height);
    return texels;
}

// The pair of texels furthest apart (over `channels`): the endpoints a two-colour block needs
// exactly, and a good line for the rest.
std::pair<Rgba, Rgba> furthestPair(const std::array<Rgba, 16>& texels, int channels) {
    std::pair<Rgba, Rgba> best{texels[0], texels[0]};
    int most = -1;
    for (std::size_t i = 0; i < 16; ++i)
        for (std::size_t j = i; j < 16; ++j)
            if (const int d = distance2(texels[i], texels[j], channels); d > most) {
                most = d;
                best = {texels[i], texels[j]};
            }
    return best;
}

decode::blocks::Block8 bc1Block(const std::array<Rgba, 16>& texels) {
    auto [a, b] = furthestPair(texels, 3);
    Colour565 c0 = to565(a), c1 = to565(b);
    TexelIndices indices{};
    if (c0.packed == c1.packed) // one colour: index 0 everywhere (the three-colour mode's first)
        return decode::blocks::bc1(c0.packed, c1.packed, decode::blocks::packIndices2(indices));
    if (c0.packed < c1.packed) std::swap(c0, c1); // colour0 > colour1: four opaque colours
    std::array<Rgba, 4> palette{c0.expanded, c1.expanded, {}, {}};
    for (int ch = 0; ch < 3; ++ch) {
        palette[2][ch] = static_cast<std::uint8_t>((2 * c0.expanded[ch] + c1.expanded[ch]) / 3);
        palette[3][ch] = static_cast<std::uint8_t>((c0.expanded[ch] + 2 * c1.expanded[ch]) / 3);
    }
    for (std::size_t t = 0; t < 16; ++t) {
        int best = 0;
        for (int p = 1; p < 4; ++p)
            if (distance2(texels[t], palette[p], 3) < distance2(texels[t], palette[best], 3)) best = p;
        indices[t] = static_cast<std::uint8_t>(best);
    }
    return decode::blocks::bc1(c0.packed, c1.packed, decode::blocks::packIndices2(indices));
}

// BC3's alpha: end0 the highest alpha, end1 the lowest, eight values between (end0 > end1).
decode::blocks::Block8 alphaBlock(const std::array<Rgba, 16>& texels) {
    std::uint8_t high = 0, low = 255;
    for (const Rgba& t : texels) {
        high = std::max(high, t[3]);
        low = std::min(low, t[3]);
    }
    TexelIndices indices{};
    if (high == low) return decode::blocks::bc4(high, low, decode::blocks::packIndices3(indices));
    std::array<int, 8> values{high, low};
    for (int i = 2; i < 8; ++i)
        values[static_cast<std::size_t>(i)] = ((8 - i) * high + (i - 1) * low) / 7;
    for (std::size_t t = 0; t < 16; ++t) {
        std::size_t best = 0;
        for (std::size_t v = 1; v < 8; ++v)
            if (std::abs(texels[t][3] - values[v]) < std::abs(texels[t][3] - values[best])) best = v;
        indices[t] = static_cast<std::uint8_t>(best);
    }
    return decode::blocks::bc4(high, low, decode::blocks::packIndices3(indices));
}

} // namespace

Image::Image(std::uint32_t w, std::uint32_t h, Rgba fill)
    : width(w), height(h), texels(std::size_t{w} * h, fill) {}

Image solid(std::uint32_t size, Rgba colour) {
    return Image(size, size, colour);
}

Image brickWall(std::uint32_t size) {
    const std::uint32_t course = size / 8, brick = size / 4, joint = std::max<std::uint32_t>(1, size / 64);
    constexpr Rgba kBrick{146, 64, 48, 255};
    return paint(size, [&](std::uint32_t x, std::uint32_t y) {
        const Bond at = bondAt(x, y, size, brick, course);
        if (at.down >= course - joint || at.across < joint) return kBrickMortar;
        // Each brick its own red; some darkened by soot; grain over all.
        Rgba c = shade(kBrick, noise(at.column, at.row, 1, 18), noise(at.column, at.row, 2, 8),
                       noise(at.column, at.row, 3, 6));
        if (hashOf(at.column, at.row, 4) % 5 == 0) c = scaled(c, 78);
        return shade(c, noise(x, y, 5, 6));
    });
}

Image brickWallNormal(std::uint32_t size) {
    const std::uint32_t course = size / 8, brick = size / 4, joint = std::max<std::uint32_t>(1, size / 64);
    return paint(size, [&](std::uint32_t x, std::uint32_t y) {
        const Bond at = bondAt(x, y, size, brick, course);
        if (at.down >= course - joint || at.across < joint) return kFlatNormal;
        if (at.across == joint) return normalOf(-50, 0, 86);
        if (at.across == brick - 1) return normalOf(50, 0, 86);
        if (at.down == 0) return normalOf(0, 50, 86);
        if (at.down == course - joint - 1) return normalOf(0, -50, 86);
        return kFlatNormal;
    });
}

Image roofTiles(std::uint32_t size) {
    const std::uint32_t tile = size / 8;
    constexpr Rgba kTerracotta{184, 88, 58, 255}, kGap{60, 30, 20, 255};
    return paint(size, [&](std::uint32_t x, std::uint32_t y) {
        const Bond at = bondAt(x, y, size, tile, tile);
        if (at.across == 0) return kGap;
        if (underTileEdge(at, tile)) return scaled(kTerracotta, 45); // the shadow under the tile's edge
        const Rgba c =
            shade(kTerracotta, noise(at.column, at.row, 11, 14), noise(at.column, at.row, 12, 8), 0);
        return shade(scaled(c, 100 - static_cast<int>(30 * at.down / tile)), noise(x, y, 13, 5));
    });
}

Image roofTilesNormal(std::uint32_t size) {
    const std::uint32_t tile = size / 8;
    return paint(size, [&](std::uint32_t x, std::uint32_t y) {
        const Bond at = bondAt(x, y, size, tile, tile);
        if (underTileEdge(at, tile)) return normalOf(0, -60, 80); // the lower edge, facing down the roof
        if (at.across == 0) return normalOf(-30, 0, 95);
        if (at.across == tile - 1) return normalOf(30, 0, 95);
        return normalOf(0, 35, 94); // each tile rises towards the row above it
    });
}

Image roofTilesSnow(std::uint32_t size) {
    const std::uint32_t tile = size / 8;
    constexpr Rgba kSnow{236, 240, 246, 255};
    return paint(size, [&](std::uint32_t x, std::uint32_t y) {
        const Bond at = bondAt(x, y, size, tile, tile);
        if (underTileEdge(at, tile) && hashOf(at.column, at.row, 21) % 3 != 0) return Rgba{150, 92, 78, 255};
        return shade(kSnow, blotches(x, y, size, tile, 22, 6) + noise(x, y, 23, 3));
    });
}

Image plaster(std::uint32_t size) {
    constexpr Rgba kCream{232, 218, 184, 255};
    return paint(size, [&](std::uint32_t x, std::uint32_t y) {
        return shade(kCream, blotches(x, y, size, size / 4, 31, 10) + noise(x, y, 32, 4));
    });
}

Image doorPlanks(std::uint32_t size) {
    const std::uint32_t plank = size / 4;
    constexpr Rgba kGreen{46, 107, 71, 255};
    return paint(size, [&](std::uint32_t x, std::uint32_t y) {
        if (x % plank == 0) return kDoorGap;
        // Grain runs down each plank: a shade per column, slowly changing down it.
        return shade(kGreen, noise(x, y / 8, 41, 5) + noise(x / plank, 0, 42, 6));
    });
}

Image windowGlass(std::uint32_t size) {
    const std::uint32_t frame = std::max<std::uint32_t>(2, size / 20), middle = size / 2;
    return paint(size, [&](std::uint32_t x, std::uint32_t y) {
        const bool onFrame = x < frame || y < frame || x >= size - frame || y >= size - frame ||
                             (x + 1 >= middle && x <= middle) || (y + 1 >= middle && y <= middle);
        if (onFrame) return Rgba{236, 236, 230, 255};
        const std::uint32_t band = (x + y) % size;
        if (band >= size / 4 && band < size / 4 + size / 10) return Rgba{204, 224, 236, 140};
        return Rgba{168, 198, 214, 96};
    });
}

Image innSign(std::uint32_t size, bool emissive) {
    const std::uint32_t border = std::max<std::uint32_t>(2, size / 20), scale = size / 20;
    constexpr Rgba kBoard{74, 46, 30, 255}, kGold{212, 176, 92, 255}, kCream{240, 222, 170, 255};
    return paint(size, [&](std::uint32_t x, std::uint32_t y) {
        const bool letter = onLettering(x, y, size, std::max<std::uint32_t>(1, scale));
        if (emissive) return letter ? Rgba{255, 244, 214, 255} : kBlack;
        if (letter) return kCream;
        if (x < border || y < border || x >= size - border || y >= size - border) return kGold;
        return shade(kBoard, noise(x / 2, y, 51, 6));
    });
}

Image oakSlats(std::uint32_t size) {
    const std::uint32_t plank = size / 4;
    constexpr Rgba kOak{150, 108, 66, 255}, kGap{60, 40, 24, 255};
    return paint(size, [&](std::uint32_t x, std::uint32_t y) {
        if (y % plank == 0) return kGap;
        // Grain along the planks: a shade per row, slowly changing along it; a knot here and there.
        const int grain = noise(x / 8, y, 61, 8) + noise(0, y / plank, 62, 6);
        return shade(kOak, grain);
    });
}

Image castIron(std::uint32_t size) {
    constexpr Rgba kIron{46, 46, 50, 255}, kRust{96, 52, 32, 255};
    return paint(size, [&](std::uint32_t x, std::uint32_t y) {
        if (blotches(x, y, size, size / 8, 71, 20) > 12) return shade(kRust, noise(x, y, 72, 8));
        return shade(kIron, noise(x, y, 73, 10));
    });
}

Image whitePaint(std::uint32_t size) {
    constexpr Rgba kPaint{228, 230, 233, 255};
    return paint(size, [&](std::uint32_t x, std::uint32_t y) {
        return shade(kPaint, noise(x, y / 16, 81, 3) + noise(x, y, 82, 1));
    });
}

Image bladeComposite(std::uint32_t size) {
    constexpr Rgba kComposite{236, 236, 232, 255}, kWarning{196, 38, 32, 255};
    const std::uint32_t band = size * 3 / 4;
    return paint(size, [&](std::uint32_t x, std::uint32_t y) {
        if (x + 1 == band) return Rgba{120, 120, 120, 255};
        return shade(x >= band ? kWarning : kComposite, noise(x, y, 91, 3));
    });
}

Image meadowGrass(std::uint32_t size) {
    constexpr Rgba kDark{74, 118, 46, 255}, kLight{108, 146, 60, 255}, kFlower{230, 210, 70, 255};
    return paint(size, [&](std::uint32_t x, std::uint32_t y) {
        if (hashOf(x, y, 101) % 211 == 0) return kFlower;
        const int mix = blotches(x, y, size, size / 8, 102, 50) + 50; // 0 .. 100
        Rgba c{};
        for (std::size_t ch = 0; ch < 3; ++ch)
            c[ch] = static_cast<std::uint8_t>((kDark[ch] * (100 - mix) + kLight[ch] * mix) / 100);
        c[3] = 255;
        return shade(c, noise(x, y, 103, 10));
    });
}

Image snowField(std::uint32_t size) {
    constexpr Rgba kSnow{238, 242, 248, 255};
    return paint(size, [&](std::uint32_t x, std::uint32_t y) {
        const int shadeBy = std::min(0, blotches(x, y, size, size / 4, 111, 24));
        return shade(shade(kSnow, shadeBy, shadeBy, shadeBy / 3), noise(x, y, 112, 3));
    });
}

Image tyreTread(std::uint32_t size) {
    const std::uint32_t block = size / 8;
    constexpr Rgba kRubber{38, 38, 40, 255}, kGroove{14, 14, 15, 255};
    return paint(size, [&](std::uint32_t x, std::uint32_t y) {
        const Bond at = bondAt(x, y, size, block, block);
        if (at.across < 2 || at.down < 2) return kGroove;
        if ((at.across + at.down) % block == 0) return scaled(kRubber, 60); // a sipe across the block
        return shade(kRubber, noise(x, y, 121, 4));
    });
}

Image brushedAlloy(std::uint32_t size) {
    constexpr Rgba kAlloy{184, 186, 192, 255};
    return paint(size, [&](std::uint32_t x, std::uint32_t y) {
        return shade(kAlloy, noise(x / 16, y, 131, 10) + noise(x, y, 132, 2));
    });
}

std::vector<Image> mipChain(Image top) {
    std::vector<Image> chain;
    chain.push_back(std::move(top));
    while (chain.back().width > 1 || chain.back().height > 1) {
        const Image& above = chain.back();
        Image next(std::max<std::uint32_t>(1, above.width / 2), std::max<std::uint32_t>(1, above.height / 2));
        for (std::uint32_t y = 0; y < next.height; ++y)
            for (std::uint32_t x = 0; x < next.width; ++x) {
                const std::uint32_t x0 = std::min(2 * x, above.width - 1),
                                    x1 = std::min(2 * x + 1, above.width - 1);
                const std::uint32_t y0 = std::min(2 * y, above.height - 1),
                                    y1 = std::min(2 * y + 1, above.height - 1);
                for (std::size_t c = 0; c < 4; ++c)
                    next.at(x, y)[c] =
                        static_cast<std::uint8_t>((above.at(x0, y0)[c] + above.at(x1, y0)[c] +
                                                   above.at(x0, y1)[c] + above.at(x1, y1)[c] + 2) /
                                                  4);
            }
        chain.push_back(std::move(next));
    }
    return chain;
}

Bytes encodeLevel(decode::TexelFormat format, const Image& image) {
    Bytes out;
    if (format == decode::TexelFormat::R8G8B8A8Unorm) {
        out.reserve(image.texels.size() * 4);
        for (const Rgba& t : image.texels)
            out.insert(out.end(), t.begin(), t.end());
        return out;
    }
    const bool withAlpha = format == decode::TexelFormat::BC3;
    for (std::uint32_t by = 0; by < image.height; by += 4)
        for (std::uint32_t bx = 0; bx < image.width; bx += 4) {
            const std::array<Rgba, 16> texels = blockTexels(image, bx, by);
            if (withAlpha) {
                const auto alpha = alphaBlock(texels);
                out.insert(out.end(), alpha.begin(), alpha.end());
            }
            const auto colour = bc1Block(texels);
            out.insert(out.end(), colour.begin(), colour.end());
        }
    return out;
}

} // namespace assetscope::texture::sample_images
