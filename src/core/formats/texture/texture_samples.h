#pragma once

#include "samples/sample_sources.h"

namespace assetscope::samples {

// Textures for the sample set: .swatchbin and .pb files of several encodings.
SampleFiles textureSamples();

} // namespace assetscope::samples
