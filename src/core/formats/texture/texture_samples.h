#pragma once

#include "contract/sample_sources.h"

namespace assetscope::samples {

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
