#pragma once

#include "contract/sample_sources.h"

#include <cstdint>

namespace assetscope::samples {

// The encoding numbers of the notes' table (value 0 of the chain) the sample textures are written with.
inline constexpr std::int32_t kEncodingBC1 = 0, kEncodingBC3 = 2, kEncodingBC4 = 3, kEncodingBC5 = 5,
                              kEncodingBC6HUnsigned = 7, kEncodingBC7 = 9, kEncodingRGBA8 = 13,
                              kEncodingA8 = 20;

// Textures of several encodings: .swatchbin and .pb files, each level's texels chosen.
SampleFiles textureSamples();
// The install's textures, which the sample materials and shader name by Game:\ paths: pictures
// with mip chains (BC1, BC3, R8G8B8A8), some loose under media/textures/, the others inside
// media/textures/environment.zip and media/Textures.zip (sample_install_textures.cpp).
SampleFiles textureInstallSamples();
// The sample set's textures: both of the above.
SampleFiles textureSampleSet();
// A small texture of each encoding the samples do not use, for the fuzz seeds (formats/registry.h,
// fuzzSeedSources); not in the sample set.
SampleFiles textureFuzzSeeds();

} // namespace assetscope::samples
