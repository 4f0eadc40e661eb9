#pragma once

#include "contract/sample_sources.h"

namespace assetscope::samples {

// The sample set's materials, each deriving from the sample shader (sample_library.h): first
// sample_brick_wall.materialbin (MATL naming the shader, ATST, MTPR with a record of every type,
// MTUD); then the materials the sample models' slots name, with their textures: the cars' loose
// in media/materials/cars/, the environment's inside media/materials/environment.zip.
SampleFiles materialbinSamples();
// The sample crowd's material (a crowd's MtlI blob holds a material bundle): the sample brick
// wall, as the loose file holds it.
Bytes crowdMaterial();
// Small materials for the fuzz seeds (formats/registry.h, fuzzSeedSources): a few records each,
// one with FH6's 1.2 strings that differ; not part of the sample set.
SampleFiles materialbinFuzzSeeds();

} // namespace assetscope::samples
