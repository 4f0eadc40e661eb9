#include "formats/shaderbin/shaderbin_samples.h"

#include "formats/grub/bundle_writer.h"
#include "formats/shaderbin/shader_writer.h"
#include "shading/parameter_writer.h"
#include "shading/sample_library.h"
#include "shading/sample_parameters.h"
#include "shading/seven_bit_string.h"

namespace assetscope::samples {

namespace {

using namespace shaderbin;
using shading::ParameterRecord;

Bytes pattern(std::size_t n, std::uint8_t seed) {
    Bytes b(n);
    for (std::size_t i = 0; i < n; ++i)
        b[i] = static_cast<std::uint8_t>(seed + i * 7);
    return b;
}

grub::Blob blob(std::string_view tag, Version v, Bytes data, std::vector<grub::Metadata> meta = {}) {
    grub::Blob b;
    b.tag = tagFromText(tag);
    b.versionMajor = v.major;
    b.versionMinor = v.minor;
    b.dataSizeAgain = static_cast<std::uint32_t>(data.size());
    b.data = std::move(data);
    b.metadata = std::move(meta);
    return b;
}

// A mapping of the defaults' parameters of `type` at `version`: ids counting from 0, or for the
// constant buffer 16-byte offsets.
MappingBlob mappingOf(const std::vector<ParameterRecord>& records, Version version, bool texture,
                      bool sampler) {
    MappingBlob m;
    m.version = version;
    for (const ParameterRecord& p : records) {
        const bool isTexture = p.type == static_cast<std::uint8_t>(ParameterType::Texture);
        const bool isSampler = p.type == static_cast<std::uint8_t>(ParameterType::Sampler);
        if (isTexture != texture || isSampler != sampler) continue;
        MappingEntry e;
        const auto n = static_cast<std::uint16_t>(m.entries.size());
        e.hash = p.hash;
        e.slot = texture || sampler ? n : static_cast<std::uint16_t>(n * 16);
        if (version.atLeast(3, 0)) e.guid = p.guid;
        if (!version.atLeast(2, 0)) {
            e.name = "param" + std::to_string(n);
            e.index = static_cast<std::uint8_t>(n);
        }
        m.entries.push_back(std::move(e));
    }
    m.count = static_cast<std::uint32_t>(m.entries.size());
    return m;
}

// LSCE / DBLS: the first scenario's name and version, then the per-shader part no reader lays
// out at 1.10 (made up of .vso/.pso paths here).
LightScenarios scenariosOf(Version version, std::string name) {
    LightScenarios s;
    s.version = version;
    if (version.atLeast(1, 1)) s.isInline = 0;
    s.count = 2;
    s.firstName = std::move(name);
    s.firstVersion = 3;
    ByteWriter w;
    shading::writeSevenBitString(w, "Game:\\Media\\Shaders\\sample_environment.vso");
    shading::writeSevenBitString(w, "Game:\\Media\\Shaders\\sample_environment.pso");
    s.rest = w.take();
    return s;
}

struct ShaderParts {
    std::vector<ParameterRecord> defaults;
    Version mappingVersion{3, 1};
    Version scenarioVersion{1, 10};
    std::size_t vdclPairs = 575; // 4 + 4 + 575 × 8 = 0x1200 bytes: a large payload
};

Bytes shaderBytes(const ShaderParts& parts) {
    grub::Bundle b;
    b.blobs.push_back(blob("PARM", {1, 2}, pattern(64, 1), {grub::nameMetadata("gPaletteRow")}));
    b.blobs.push_back(blob("VARS", {1, 8}, pattern(24, 4)));
    b.blobs.push_back(blob("CBMP", parts.mappingVersion,
                           writeMapping(mappingOf(parts.defaults, parts.mappingVersion, false, false))));
    b.blobs.push_back(blob("TXMP", parts.mappingVersion,
                           writeMapping(mappingOf(parts.defaults, parts.mappingVersion, true, false))));
    b.blobs.push_back(blob("SPMP", parts.mappingVersion,
                           writeMapping(mappingOf(parts.defaults, parts.mappingVersion, false, true))));
    b.blobs.push_back(blob("CBEX", {1, 0}, pattern(20, 5)));
    shading::ParameterBlob dfpr;
    dfpr.version = {2, 1};
    dfpr.count = static_cast<std::uint32_t>(parts.defaults.size());
    dfpr.records = parts.defaults;
    b.blobs.push_back(blob("DFPR", dfpr.version, shading::writeParameterBlob(dfpr)));
    b.blobs.push_back(blob("LSCE", parts.scenarioVersion,
                           writeLightScenarios(scenariosOf(parts.scenarioVersion, "Forward"))));
    b.blobs.push_back(blob("DBLS", parts.scenarioVersion,
                           writeLightScenarios(scenariosOf(parts.scenarioVersion, "Deferred"))));
    b.blobs.push_back(blob("TRGT", {1, 1}, Bytes{0, 0, 0, 0}));
    b.blobs.push_back(blob("TXRF", {1, 1}, pattern(12, 6)));
    VersionBlob vers;
    vers.value = 7;
    vers.path = "Game:\\Media\\Shaders\\sample_environment.fx";
    b.blobs.push_back(blob("VERS", {1, 2}, writeVers(vers)));
    // The vertex shader's declaration: per light scenario (by name hash) the inputs it reads.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
    for (std::size_t i = 0; i < parts.vdclPairs; ++i)
        pairs.emplace_back(shading::crc32Of("scenario" + std::to_string(i)), i % 2 ? 0x421u : 0x23u);
    b.blobs.push_back(blob("VERT", {1, 1}, pattern(300, 2),
                           {vdclMetadata({pairs}), blenMetadata(false, true), grub::nameMetadata("")}));
    b.blobs.push_back(blob("SHUD", {1, 0}, pattern(8, 9)));
    return grub::writeBundle(b);
}

// The defaults: a record of every type, the textures neutral (white, a flat normal), and the glow
// the sign materials set (no glow: black). The sample materials derive from this shader
// (materialbin/sample_library.h); each texture is in the sample set (sample_install_textures.cpp).
std::vector<ParameterRecord> defaults() {
    using shading::sample_library::kDefaultTextures;
    using shading::sample_parameters::hashOf;
    const std::string folder(kDefaultTextures);
    auto records = shading::sample_parameters::everyType(
        {folder + "white.swatchbin", folder + "flat_normal.swatchbin", folder + "white.swatchbin"});
    records.push_back(shading::makeRecord({3, 1}, hashOf("InteriorEmissiveTexture"), ParameterType::Texture,
                                          {}, {}, folder + "black.swatchbin"));
    records.push_back(shading::makeRecord({3, 0}, hashOf("IlluminationColorColorParam"), ParameterType::Color,
                                          {0.0f, 0.0f, 0.0f, 1.0f}));
    return records;
}

} // namespace

SampleFiles shaderbinSamples() {
    return {{"media/shaders/sample_environment.shaderbin", shaderBytes({defaults()})}};
}

SampleFiles shaderbinFuzzSeeds() {
    auto small = defaults();
    small.resize(5);
    return {{"media/shaders/seed_small.shaderbin", shaderBytes({small, {3, 1}, {1, 10}, 3})}};
}

SampleFiles shaderbinOlderLayouts() {
    auto small = defaults();
    small.resize(5);
    return {{"media/shaders/older_mapping_3_0.shaderbin", shaderBytes({small, {3, 0}, {1, 8}, 2})},
            {"media/shaders/older_mapping_1_0.shaderbin", shaderBytes({small, {1, 0}, {1, 0}, 1})}};
}

} // namespace assetscope::samples
