#include "formats/materialbin/materialbin_samples.h"

#include "formats/materialbin/material_writer.h"
#include "formats/materialbin/sample_parameters.h"

namespace assetscope::samples {

namespace {

constexpr std::string_view kShader = "Game:\\Media\\Shaders\\sample_environment.shaderbin";
constexpr std::string_view kTextures = "Game:\\Media\\Textures\\";

// MTUD's bytes: no reader lays them out, so any will do.
Bytes mtudBytes(std::size_t n) {
    Bytes b(n);
    for (std::size_t i = 0; i < n; ++i)
        b[i] = static_cast<std::uint8_t>(1 + i * 7);
    return b;
}

} // namespace

SampleFiles materialbinSamples() {
    using namespace materialbin;
    const MaterialFile brick = makeMaterial("sample_brick_wall", std::string(kShader),
                                            sample_parameters::everyType(kTextures), mtudBytes(16));
    return {{"media/materials/sample_brick_wall.materialbin", writeMaterial(brick)}};
}

SampleFiles materialbinFuzzSeeds() {
    using namespace materialbin;
    SampleFiles files;
    auto records = sample_parameters::everyType(kTextures);
    records.resize(4);
    files.push_back({"media/materials/seed_small.materialbin",
                     writeMaterial(makeMaterial("seed_small", std::string(kShader), records, mtudBytes(4)))});
    MaterialFile differ = makeMaterial("seed_paths", "Game:\\Media\\Shaders\\a.shaderbin",
                                       sample_parameters::instanceOverrides("Game:\\x.swatchbin", 0.5f));
    differ.matl->paths[2] = "Game:\\Media\\Shaders\\b.shaderbin";
    files.push_back({"media/materials/seed_paths.materialbin", writeMaterial(differ)});
    return files;
}

} // namespace assetscope::samples
