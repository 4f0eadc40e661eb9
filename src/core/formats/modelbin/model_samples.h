#pragma once

#include "contract/sample_sources.h"

namespace assetscope::samples {

// Models for the sample set: buildings, props, a wheel, a terrain patch.
SampleFiles modelSamples();
// Small models of the layouts modelSamples() holds only in files longer than a fuzz input, for the
// fuzz seeds (formats/registry.h, fuzzSeedSources); not part of the sample set.
SampleFiles modelFuzzSeeds();

} // namespace assetscope::samples
