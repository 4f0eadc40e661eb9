#pragma once

#include "contract/sample_sources.h"

namespace assetscope::samples {

// Bundles for the sample set: a material, a shader and a crowd holding a model.
SampleFiles grubSamples();

} // namespace assetscope::samples
