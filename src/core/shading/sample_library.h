#pragma once

#include <string>
#include <string_view>

// Where the sample set's looks live, by the Game:\ paths its files name each other with
// (public-reader-notes.md, "Materials and shaders"): the sample models' slots name materials
// (model_samples.cpp), the materials the shader and their textures (materialbin_samples.cpp), the
// shader its default textures (shaderbin_samples.cpp). The files are laid out as an install holds
// them, some inside zips a folder prefix of the path names (cli-contract.md, "Materials"); the
// textures are the texture format's (sample_install_textures.cpp).
namespace assetscope::shading::sample_library {

// The sample shader, loose in media/shaders/.
inline constexpr std::string_view kShader = "Game:\\Media\\Shaders\\sample_environment.shaderbin";

// An environment material: Game:\Media\Materials\Environment\<name>.materialbin, which the
// sample set keeps in media/materials/environment.zip.
std::string environmentMaterial(std::string_view name);
// A car's material: Game:\Media\Materials\Cars\<name>.materialbin, loose in media/materials/cars/.
std::string carMaterial(std::string_view name);

// The textures' folders, each a Game:\ path ending in '\'.
inline constexpr std::string_view kBuildingTextures = "Game:\\Media\\Textures\\Environment\\Buildings\\";
inline constexpr std::string_view kPropTextures = "Game:\\Media\\Textures\\Environment\\Props\\";
inline constexpr std::string_view kSignTextures = "Game:\\Media\\Textures\\Signs\\";
inline constexpr std::string_view kTerrainTextures = "Game:\\Media\\Textures\\Terrain\\";
inline constexpr std::string_view kCarTextures = "Game:\\Media\\Textures\\Cars\\";
inline constexpr std::string_view kDefaultTextures = "Game:\\Media\\Textures\\Defaults\\";
// The sample material sample_brick_wall.materialbin's textures: directly under Textures.
inline constexpr std::string_view kTextures = "Game:\\Media\\Textures\\";

} // namespace assetscope::shading::sample_library
