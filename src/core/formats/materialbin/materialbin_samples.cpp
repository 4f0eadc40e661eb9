#include "formats/materialbin/materialbin_samples.h"

#include "formats/materialbin/material_writer.h"
#include "shading/sample_library.h"
#include "shading/sample_parameters.h"

#include <array>

namespace assetscope::samples {

namespace {

using namespace shading::sample_library;
using shading::ParameterRecord;
using shading::sample_parameters::hashOf;

// MTUD's bytes: no reader lays them out, so any will do.
Bytes mtudBytes(std::size_t n) {
    Bytes b(n);
    for (std::size_t i = 0; i < n; ++i)
        b[i] = static_cast<std::uint8_t>(1 + i * 7);
    return b;
}

// A material of the sample models' library: its base colour, and where it has them its own
// normal map and glow (the shader's defaults stand for the rest). Texture names are in `folder`.
struct LibraryMaterial {
    std::string_view name;
    std::string_view folder;
    std::string_view baseColour;
    std::string_view normal = {};
    std::string_view emissive = {};
    std::array<float, 4> glow{}; // IlluminationColorColorParam, beside an emissive texture
};

// The slots of the sample models name these (model_samples.cpp, sample_models_animated.cpp).
constexpr LibraryMaterial kEnvironment[] = {
    {"plaster_cream", kBuildingTextures, "plaster_cream_diffuse"},
    {"roof_tiles_terracotta", kBuildingTextures, "roof_tiles_terracotta_diffuse",
     "roof_tiles_terracotta_normal"},
    {"roof_tiles_snow", kBuildingTextures, "roof_tiles_snow_diffuse", "roof_tiles_terracotta_normal"},
    {"wood_painted_green", kBuildingTextures, "wood_painted_green_diffuse"},
    {"glass_window_clear", kBuildingTextures, "glass_window_diffuse"},
    // The sign's two colour schemes: one board, its letters glowing red or blue.
    {"signage_emissive_red",
     kSignTextures,
     "inn_sign_diffuse",
     {},
     "inn_sign_emissive",
     {1.0f, 0.25f, 0.15f, 1.0f}},
    {"signage_emissive_blue",
     kSignTextures,
     "inn_sign_diffuse",
     {},
     "inn_sign_emissive",
     {0.2f, 0.5f, 1.0f, 1.0f}},
    {"brick_weathered", kBuildingTextures, "brick_weathered_diffuse", "brick_weathered_normal"},
    {"wood_slats_oak", kPropTextures, "wood_slats_oak_diffuse"},
    {"metal_cast_iron", kPropTextures, "metal_cast_iron_diffuse"},
    {"paint_white_gloss", kPropTextures, "paint_white_gloss_diffuse"},
    {"composite_blade", kPropTextures, "composite_blade_diffuse"},
    {"terrain_grass_meadow", kTerrainTextures, "grass_meadow_diffuse"},
    {"terrain_snow", kTerrainTextures, "snow_diffuse"},
};
constexpr LibraryMaterial kCars[] = {
    {"tyre_rubber", kCarTextures, "tyre_rubber_diffuse"},
    {"rim_alloy_silver", kCarTextures, "rim_alloy_silver_diffuse"},
};

std::string texturePath(std::string_view folder, std::string_view name) {
    return std::string(folder) + std::string(name) + ".swatchbin";
}

Bytes libraryMaterial(const LibraryMaterial& m) {
    using shading::makeRecord;
    std::vector<ParameterRecord> records{makeRecord({3, 1}, hashOf("DiffuseATexture"), ParameterType::Texture,
                                                    {}, {}, texturePath(m.folder, m.baseColour))};
    if (!m.normal.empty())
        records.push_back(makeRecord({3, 1}, hashOf("NormalTexture"), ParameterType::Texture, {}, {},
                                     texturePath(m.folder, m.normal)));
    if (!m.emissive.empty()) {
        records.push_back(makeRecord({3, 1}, hashOf("InteriorEmissiveTexture"), ParameterType::Texture, {},
                                     {}, texturePath(m.folder, m.emissive)));
        records.push_back(makeRecord({3, 0}, hashOf("IlluminationColorColorParam"), ParameterType::Color,
                                     {m.glow.begin(), m.glow.end()}));
    }
    return materialbin::writeMaterial(materialbin::makeMaterial(std::string(m.name), std::string(kShader),
                                                                std::move(records), mtudBytes(16)));
}

// Every type once, its textures directly under Media\Textures (in media/Textures.zip).
Bytes brickWall() {
    return materialbin::writeMaterial(
        materialbin::makeMaterial("sample_brick_wall", std::string(kShader),
                                  shading::sample_parameters::everyType(kTextures), mtudBytes(16)));
}

} // namespace

Bytes crowdMaterial() {
    return brickWall();
}

SampleFiles materialbinSamples() {
    using namespace materialbin;
    SampleFiles files{{"media/materials/sample_brick_wall.materialbin", brickWall()}};
    for (const LibraryMaterial& m : kCars)
        files.push_back({"media/materials/cars/" + std::string(m.name) + ".materialbin", libraryMaterial(m)});
    SampleFiles environment;
    for (const LibraryMaterial& m : kEnvironment)
        environment.push_back({std::string(m.name) + ".materialbin", libraryMaterial(m)});
    files.push_back({"media/materials/environment.zip", archive::writeZip(environment, true)});
    return files;
}

SampleFiles materialbinFuzzSeeds() {
    using namespace materialbin;
    SampleFiles files;
    auto records = shading::sample_parameters::everyType(kTextures);
    records.resize(4);
    files.push_back({"media/materials/seed_small.materialbin",
                     writeMaterial(makeMaterial("seed_small", std::string(kShader), records, mtudBytes(4)))});
    MaterialFile differ =
        makeMaterial("seed_paths", "Game:\\Media\\Shaders\\a.shaderbin",
                     shading::sample_parameters::instanceOverrides("Game:\\x.swatchbin", 0.5f));
    differ.matl->paths[2] = "Game:\\Media\\Shaders\\b.shaderbin";
    files.push_back({"media/materials/seed_paths.materialbin", writeMaterial(differ)});
    return files;
}

} // namespace assetscope::samples
