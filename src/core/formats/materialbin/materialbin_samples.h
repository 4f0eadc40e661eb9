#pragma once

#include "contract/sample_sources.h"

namespace assetscope::samples {

// A material for the sample set: MATL naming the sample shader, ATST, MTPR with a record of every
// type, MTUD.
SampleFiles materialbinSamples();
// Small materials for the fuzz seeds (formats/registry.h, fuzzSeedSources): a few records each,
// one with FH6's 1.2 strings that differ; not part of the sample set.
SampleFiles materialbinFuzzSeeds();

} // namespace assetscope::samples
