// The sample set's install textures: the ones its materials and its shader name by Game:\ paths
// (materialbin_samples.cpp, shaderbin_samples.cpp), laid out as an install holds them, some loose
// and some inside zips a folder prefix of the path names (cli-contract.md, "Materials"):
//   Game:\Media\Textures\Environment\Buildings\x  media/textures/environment.zip::buildings/x
//   Game:\Media\Textures\Environment\Props\x      media/textures/environment.zip::props/x
//   Game:\Media\Textures\Signs\x                  media/textures/signs/x (loose)
//   Game:\Media\Textures\Cars\x                   media/textures/cars/x (loose)
//   Game:\Media\Textures\Terrain\x                media/Textures.zip::terrain/x
//   Game:\Media\Textures\Defaults\x               media/Textures.zip::defaults/x
//   Game:\Media\Textures\x                        media/Textures.zip::x
// Each is written by the format's own writer (texture_writer.h), its picture from sample_images.h.
#include "formats/texture/sample_images.h"
#include "formats/texture/texture_samples.h"
#include "formats/texture/texture_writer.h"

#include <iterator>
#include <string>

namespace assetscope::samples {

namespace {

using decode::TexelFormat;
using texture::TextureSpec;
namespace images = texture::sample_images;

enum class Space : std::uint32_t { Linear = 0, Srgb = 1 }; // the header's colour profile

std::int32_t encodingOf(TexelFormat format) {
    if (format == TexelFormat::BC1) return kEncodingBC1;
    if (format == TexelFormat::BC3) return kEncodingBC3;
    return kEncodingRGBA8;
}

// A texture of `picture` and its mip chain, each level encoded as `format`; its GUID from its
// name (FNV-1a), so that no two sample textures share one.
Bytes textureOf(std::string_view name, const images::Image& picture, TexelFormat format, Space space) {
    TextureSpec s;
    s.header.width = static_cast<std::int32_t>(picture.width);
    s.header.height = static_cast<std::int32_t>(picture.height);
    s.header.colourProfile = static_cast<std::uint32_t>(space);
    std::uint64_t h = 0xCBF29CE484222325u;
    for (const char c : name)
        h = (h ^ static_cast<std::uint8_t>(c)) * 0x100000001B3u;
    for (std::size_t i = 0; i < s.header.guid.size(); ++i)
        s.header.guid[i] = static_cast<std::uint8_t>(h >> (8 * (i % 8)) ^ (i < 8 ? 0 : 0x5A));
    const std::vector<images::Image> chain = images::mipChain(picture);
    s.header.mips = static_cast<std::uint8_t>(chain.size());
    s.chainValues = {encodingOf(format), texture::pitchValue(format, picture.width, picture.height)};
    for (const images::Image& level : chain) {
        const Bytes bytes = images::encodeLevel(format, level);
        s.data.insert(s.data.end(), bytes.begin(), bytes.end());
    }
    return texture::writeTextureBundle(s);
}

archive::ZipInput entry(std::string name, const images::Image& picture, TexelFormat format, Space space) {
    Bytes bytes = textureOf(name, picture, format, space);
    return {std::move(name), std::move(bytes)};
}

// media/textures/environment.zip: the buildings' and the props' textures.
SampleFiles environmentZip() {
    using namespace images;
    return {
        entry("buildings/brick_weathered_diffuse.swatchbin", brickWall(128), TexelFormat::BC1, Space::Srgb),
        entry("buildings/brick_weathered_normal.swatchbin", brickWallNormal(64), TexelFormat::R8G8B8A8Unorm,
              Space::Linear),
        entry("buildings/roof_tiles_terracotta_diffuse.swatchbin", roofTiles(128), TexelFormat::BC1,
              Space::Srgb),
        entry("buildings/roof_tiles_terracotta_normal.swatchbin", roofTilesNormal(64),
              TexelFormat::R8G8B8A8Unorm, Space::Linear),
        entry("buildings/roof_tiles_snow_diffuse.swatchbin", roofTilesSnow(64), TexelFormat::BC1,
              Space::Srgb),
        entry("buildings/plaster_cream_diffuse.swatchbin", plaster(64), TexelFormat::BC1, Space::Srgb),
        entry("buildings/wood_painted_green_diffuse.swatchbin", doorPlanks(64), TexelFormat::R8G8B8A8Unorm,
              Space::Srgb),
        entry("buildings/glass_window_diffuse.swatchbin", windowGlass(64), TexelFormat::BC3, Space::Srgb),
        entry("props/wood_slats_oak_diffuse.swatchbin", oakSlats(64), TexelFormat::R8G8B8A8Unorm,
              Space::Srgb),
        entry("props/metal_cast_iron_diffuse.swatchbin", castIron(64), TexelFormat::BC1, Space::Srgb),
        entry("props/paint_white_gloss_diffuse.swatchbin", whitePaint(64), TexelFormat::BC1, Space::Srgb),
        entry("props/composite_blade_diffuse.swatchbin", bladeComposite(64), TexelFormat::BC1, Space::Srgb),
    };
}

// media/Textures.zip: the terrain's textures, the shader's defaults and the sample material's.
SampleFiles texturesZip() {
    using namespace images;
    return {
        entry("terrain/grass_meadow_diffuse.swatchbin", meadowGrass(128), TexelFormat::BC1, Space::Srgb),
        entry("terrain/snow_diffuse.swatchbin", snowField(64), TexelFormat::BC1, Space::Srgb),
        entry("defaults/white.swatchbin", solid(16, kWhite), TexelFormat::R8G8B8A8Unorm, Space::Srgb),
        entry("defaults/black.swatchbin", solid(16, kBlack), TexelFormat::R8G8B8A8Unorm, Space::Srgb),
        entry("defaults/flat_normal.swatchbin", solid(16, kFlatNormal), TexelFormat::R8G8B8A8Unorm,
              Space::Linear),
        entry("sample_brick_wall_diffuse.swatchbin", brickWall(64), TexelFormat::BC1, Space::Srgb),
        entry("sample_brick_wall_normal.swatchbin", brickWallNormal(64), TexelFormat::R8G8B8A8Unorm,
              Space::Linear),
        entry("sample_fittings_diffuse.swatchbin", castIron(64), TexelFormat::BC1, Space::Srgb),
    };
}

} // namespace

SampleFiles textureInstallSamples() {
    using namespace images;
    SampleFiles files{
        entry("media/textures/signs/inn_sign_diffuse.swatchbin", innSign(64, false), TexelFormat::BC1,
              Space::Srgb),
        entry("media/textures/signs/inn_sign_emissive.swatchbin", innSign(64, true), TexelFormat::BC1,
              Space::Srgb),
        entry("media/textures/cars/tyre_rubber_diffuse.swatchbin", tyreTread(64), TexelFormat::BC1,
              Space::Srgb),
        entry("media/textures/cars/rim_alloy_silver_diffuse.swatchbin", brushedAlloy(64), TexelFormat::BC1,
              Space::Srgb),
    };
    files.push_back({"media/textures/environment.zip", archive::writeZip(environmentZip(), true)});
    files.push_back({"media/Textures.zip", archive::writeZip(texturesZip(), true)});
    return files;
}

SampleFiles textureSampleSet() {
    SampleFiles all = textureSamples();
    SampleFiles install = textureInstallSamples();
    all.insert(all.end(), std::make_move_iterator(install.begin()), std::make_move_iterator(install.end()));
    return all;
}

} // namespace assetscope::samples
