#pragma once

#include "contract/sample_sources.h"

namespace assetscope::samples {

// A shader for the sample set, as FH6 lays one out: DFPR defaults of every parameter type (and
// the glow the sample signs set), the three mappings, light scenarios, VERS, a large VDCL and
// BLEN, and the blobs no reader lays out. Every sample material derives from it.
SampleFiles shaderbinSamples();
// Small shaders for the fuzz seeds (formats/registry.h, fuzzSeedSources); not part of the sample
// set.
SampleFiles shaderbinFuzzSeeds();
// Shaders with the older layouts of the mappings (3.0: a u8 count; 1.0: 7-bit names) and light
// scenarios (1.8, 1.0), which the notes lay out but the install's versions are not: refused by
// the bundle's version rule, so neither samples nor seeds; the documented-field test reads them.
SampleFiles shaderbinOlderLayouts();

} // namespace assetscope::samples
