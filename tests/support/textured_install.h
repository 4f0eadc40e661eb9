#pragma once

#include "bytes/byte_view.h"

#include <filesystem>
#include <string>
#include <vector>

// An install laid out as the notes lay one out (public-reader-notes.md, "Materials and shaders"),
// for the textured-export tests and the Blender client test: the sample shader, two textures the
// texture writer made, materials deriving from the shader that name them, and models whose MatI
// slots derive from those materials. Every texel is chosen so that its decoded value is known by
// hand (the comments say how).
namespace assetscope::test {

struct Texel {
    int r, g, b, a;
};

// media/textures/brick_diffuse.swatchbin: R8G8B8A8, 2 x 2, sRGB (colour profile 1); the stored
// bytes are the texels, top-left first.
const std::vector<Texel>& brickDiffuseTexels();
// media/textures/brick_normal.swatchbin: one BC1 block, 4 x 4, linear (colour profile 0).
const std::vector<Texel>& brickNormalTexels();

inline constexpr const char* kBrickMaterial = "Game:\\Media\\Materials\\brick.materialbin";     // both
inline constexpr const char* kPlasterMaterial = "Game:\\Media\\Materials\\plaster.materialbin"; // diffuse
inline constexpr const char* kGoneMaterial = "Game:\\Media\\Materials\\gone.materialbin"; // a missing texture

// Writes ROOT/media/shaders/sample_environment.shaderbin, the two textures and the three
// materials above.
void writeTexturedInstall(const std::filesystem::path& root);

// A model of one box per slot (no vertex colours, one UV set): slot i, named "slot_<i>", derives
// from the material `parents[i]` and is drawn by box i.
Bytes texturedModel(const std::vector<std::string>& parents);

} // namespace assetscope::test
