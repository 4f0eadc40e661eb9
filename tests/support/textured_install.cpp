#include "textured_install.h"

#include "decode/texel_blocks.h"
#include "decode/texel_format.h"
#include "formats/materialbin/material_writer.h"
#include "formats/modelbin/model_builder.h"
#include "formats/shaderbin/shaderbin_samples.h"
#include "formats/texture/texture_writer.h"
#include "shading/sample_parameters.h"
#include "test_support.h"

namespace assetscope::test {

namespace {

using decode::TexelFormat;
using shading::ParameterRecord;
namespace fs = std::filesystem;

constexpr const char* kShaderPath = "Game:\\Media\\Shaders\\sample_environment.shaderbin";
constexpr const char* kDiffusePath = "Game:\\Media\\Textures\\brick_diffuse.swatchbin";
constexpr const char* kNormalPath = "Game:\\Media\\Textures\\brick_normal.swatchbin";

// The notes' encoding numbers (value 0 of a texture's chain): 0 BC1, 13 R8G8B8A8.
constexpr std::int32_t kEncodingBC1 = 0, kEncodingRGBA8 = 13;

Bytes textureFile(TexelFormat format, std::int32_t encoding, std::uint32_t width, std::uint32_t height,
                  std::uint32_t colourProfile, Bytes level) {
    texture::TextureSpec s;
    s.header.width = static_cast<std::int32_t>(width);
    s.header.height = static_cast<std::int32_t>(height);
    s.header.mips = 1;
    s.header.slices = 1;
    s.header.colourProfile = colourProfile;
    s.chainValues = {encoding, texture::pitchValue(format, width, height)};
    s.data = std::move(level);
    return texture::writeTextureBundle(s);
}

Bytes diffuseTexture() {
    Bytes level;
    for (const Texel& t : brickDiffuseTexels())
        for (const int v : {t.r, t.g, t.b, t.a})
            level.push_back(static_cast<std::uint8_t>(v));
    return textureFile(TexelFormat::R8G8B8A8Unorm, kEncodingRGBA8, 2, 2, 1, level);
}

// Row 0 of indices 0 1 2 3, row 1 of 3 2 1 0, rows 2 and 3 of 0 (brickNormalTexels).
Bytes normalTexture() {
    namespace b = decode::blocks;
    const b::TexelIndices indices{0, 1, 2, 3, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    const b::Block8 block = b::bc1(b::rgb565(31, 0, 31), b::rgb565(0, 0, 0), b::packIndices2(indices));
    return textureFile(TexelFormat::BC1, kEncodingBC1, 4, 4, 0, Bytes(block.begin(), block.end()));
}

ParameterRecord textureRecord(const char* name, const std::string& path) {
    return shading::makeRecord({3, 1}, shading::sample_parameters::hashOf(name), ParameterType::Texture, {},
                               {}, path);
}

// A material deriving from the sample shader, overriding its base colour and normal textures.
Bytes materialFile(const std::string& name, const std::string& diffuse, const std::string& normal) {
    std::vector<ParameterRecord> records;
    if (!diffuse.empty()) records.push_back(textureRecord("DiffuseATexture", diffuse));
    if (!normal.empty()) records.push_back(textureRecord("NormalTexture", normal));
    return materialbin::writeMaterial(materialbin::makeMaterial(name, kShaderPath, std::move(records)));
}

} // namespace

const std::vector<Texel>& brickDiffuseTexels() {
    static const std::vector<Texel> texels = {
        {255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 128}, {255, 255, 255, 255}};
    return texels;
}

// colour0 = 5:6:5 (31, 0, 31), magenta, expanded to (255, 0, 255) (a 5-bit 31 is 31 x 255 / 31);
// colour1 = 0, black. colour0 > colour1 as numbers, so four colours: colour2 = 2/3 colour0 + 1/3
// colour1 = (170, 0, 170) and colour3 = 1/3 colour0 + 2/3 colour1 = (85, 0, 85), every one opaque.
// (From 255 down to 0 the thirds are whole numbers, so a decoder rounding either way gives them.)
const std::vector<Texel>& brickNormalTexels() {
    static const std::vector<Texel> texels = [] {
        const Texel c[4] = {{255, 0, 255, 255}, {0, 0, 0, 255}, {170, 0, 170, 255}, {85, 0, 85, 255}};
        std::vector<Texel> t(16, c[0]);
        for (std::size_t x = 0; x < 4; ++x) {
            t[x] = c[x];
            t[4 + x] = c[3 - x];
        }
        return t;
    }();
    return texels;
}

void writeTexturedInstall(const fs::path& root) {
    const fs::path media = root / "media";
    writeFile(media / "shaders" / "sample_environment.shaderbin", samples::shaderbinSamples().at(0).data);
    writeFile(media / "textures" / "brick_diffuse.swatchbin", diffuseTexture());
    writeFile(media / "textures" / "brick_normal.swatchbin", normalTexture());
    writeFile(media / "materials" / "brick.materialbin", materialFile("brick", kDiffusePath, kNormalPath));
    writeFile(media / "materials" / "plaster.materialbin", materialFile("plaster", kDiffusePath, {}));
    writeFile(media / "materials" / "gone.materialbin",
              materialFile("gone", "Game:\\Media\\Textures\\not_there.swatchbin", {}));
}

Bytes texturedModel(const std::vector<std::string>& parents) {
    modelbin::BuildModel spec;
    spec.modlVersion = {1, 5};
    std::vector<std::uint8_t> row;
    for (std::size_t i = 0; i < parents.size(); ++i) {
        const auto id = static_cast<std::int16_t>(i);
        spec.materials.push_back({static_cast<std::uint32_t>(i), "slot_" + std::to_string(i), parents[i]});
        modelbin::BuildMesh mesh;
        mesh.name = "box_" + std::to_string(i);
        mesh.version = {1, 13};
        mesh.colors = false; // Blender's glTF importer would multiply a vertex colour into the base colour
        mesh.materialGroups = {{id, id, id, id}};
        const float x = 2.0f * static_cast<float>(i);
        modelbin::GeometryBuilder(mesh).box({x - 0.5f, -0.25f, -0.75f}, {x + 0.5f, 0.75f, 0.25f}, 1.0f);
        spec.meshes.push_back(std::move(mesh));
        row.push_back(0);
    }
    spec.variants = {row};
    return modelbin::buildModelBytes(spec);
}

} // namespace assetscope::test
