#include "shading/sample_parameters.h"

#include "docs/parameter_names.h"

namespace assetscope::shading::sample_parameters {

std::uint32_t hashOf(std::string_view name) {
    if (const ParameterName* row = parameterNamed(name)) return row->hash;
    return crc32Of(name);
}

std::vector<ParameterRecord> everyType(std::string_view textureFolder) {
    const std::string folder(textureFolder);
    return everyType({folder + "sample_brick_wall_diffuse.swatchbin",
                      folder + "sample_brick_wall_normal.swatchbin",
                      folder + "sample_fittings_diffuse.swatchbin"});
}

std::vector<ParameterRecord> everyType(const EveryTypeTextures& textures) {
    std::vector<ParameterRecord> out;
    // FH5's records (3.1) carry the unknown bool, here once with its u32.
    ParameterRecord diffuse =
        makeRecord({3, 1}, hashOf("DiffuseATexture"), ParameterType::Texture, {}, {}, textures.diffuse);
    diffuse.unknownFlag = 1;
    diffuse.unknownValue = 0x2A;
    out.push_back(std::move(diffuse));
    out.push_back(
        makeRecord({3, 1}, hashOf("NormalTexture"), ParameterType::Texture, {}, {}, textures.normal));
    out.push_back(
        makeRecord({3, 0}, hashOf("DiffTintColorParam"), ParameterType::Color, {0.8f, 0.4f, 0.3f, 1.0f}));
    out.push_back(
        makeRecord({3, 0}, hashOf("CrackF0Vector4"), ParameterType::Vector, {0.04f, 0.04f, 0.04f, 0.0f}));
    out.push_back(makeRecord({3, 0}, hashOf("GlossTiling"), ParameterType::Float, {2.5f}));
    out.push_back(makeRecord({3, 0}, hashOf("EmissiveOnOffBool"), ParameterType::Bool, {}, {1}));
    out.push_back(makeRecord({3, 0}, hashOf("SampleLayerCountInt"), ParameterType::Int, {},
                             {static_cast<std::uint32_t>(-3)}));
    out.push_back(makeRecord({3, 0}, hashOf("SampleChannelSwizzle"), ParameterType::Swizzle, {0, 1, 2, 3}));
    out.push_back(makeRecord({2, 0}, hashOf("SamplerStates1Sampler"), ParameterType::Sampler, {}, {1, 3, 2}));
    out.push_back(makeRecord({3, 0}, hashOf("SampleEdgeGradient"), ParameterType::ColorGradient, {},
                             {0xFF000000u, 0xFF8080FFu, 0xFFFFFFFFu}));
    out.push_back(makeRecord({3, 0}, hashOf("SampleFadeFunctionRange"), ParameterType::FunctionRange,
                             {0.0f, 1.0f, 10.0f, 50.0f}));
    out.push_back(makeRecord({3, 0}, hashOf("AOTiling"), ParameterType::Vector2, {4.0f, 4.0f}));
    // An older record: a Vector2 before 2.0 carries 8 padding bytes, a texture no path CRC.
    out.push_back(makeRecord({1, 1}, hashOf("CH1NormalMaskTiling"), ParameterType::Vector2, {1.0f, 0.5f}));
    out.push_back(makeRecord({1, 1}, hashOf("FittingsDiffuseTexture"), ParameterType::Texture, {}, {},
                             textures.fittings));
    return out;
}

std::vector<ParameterRecord> instanceOverrides(std::string_view texturePath, float tint) {
    return {makeRecord({3, 1}, hashOf("DiffTintColorParam"), ParameterType::Color, {tint, tint, tint, 1.0f}),
            makeRecord({3, 1}, hashOf("DiffuseATexture"), ParameterType::Texture, {}, {},
                       std::string(texturePath))};
}

} // namespace assetscope::shading::sample_parameters
