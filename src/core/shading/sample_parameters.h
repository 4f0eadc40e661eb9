#pragma once

#include "shading/parameters.h"

#include <vector>

// Parameter records for the sample set, the fuzz seeds and the tests: one of every type the
// notes lay out, at the record versions the readers decode (and a 1.1 record for the padding a
// Vector2 has before 2.0), named where the names table knows a name.
namespace assetscope::shading::sample_parameters {

// The hash of a name: the table's where it has the name, else the name's CRC-32.
std::uint32_t hashOf(std::string_view name);

// A material's: every type once, textures on `textureFolder` (a Game:\ path ending in '\'):
// sample_brick_wall_diffuse, sample_brick_wall_normal and sample_fittings_diffuse.swatchbin.
std::vector<ParameterRecord> everyType(std::string_view textureFolder);
// The same records with the three textures' paths given.
struct EveryTypeTextures {
    std::string diffuse;  // DiffuseATexture
    std::string normal;   // NormalTexture
    std::string fittings; // FittingsDiffuseTexture
};
std::vector<ParameterRecord> everyType(const EveryTypeTextures& textures);
// A model slot's overrides: a tint and a base-colour texture.
std::vector<ParameterRecord> instanceOverrides(std::string_view texturePath, float tint);

} // namespace assetscope::shading::sample_parameters
