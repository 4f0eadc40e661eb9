#pragma once

#include "samples/sample_sources.h"

namespace assetscope::samples {

// Models for the sample set: buildings, props, a wheel, a terrain patch.
SampleFiles modelSamples();

} // namespace assetscope::samples
