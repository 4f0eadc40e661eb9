#pragma once

#include "contract/sample_sources.h"

namespace assetscope::samples {

// Textures for the sample set: .swatchbin and .pb files of several encodings.
SampleFiles textureSamples();
// A small texture of each encoding the samples do not use, for the fuzz seeds (formats/registry.h,
// fuzzSeedSources); not in the sample set.
SampleFiles textureFuzzSeeds();

} // namespace assetscope::samples
