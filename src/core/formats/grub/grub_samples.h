#pragma once

#include "contract/sample_sources.h"

namespace assetscope::samples {

// Bundles for the sample set: a crowd holding a model (materials and shaders are their own
// formats' samples).
SampleFiles grubSamples();

} // namespace assetscope::samples
