#pragma once

#include "contract/sample_sources.h"
#include "formats/pgeo/pgeo_file.h"

#include <string>

namespace assetscope::pgeo {

// The file name the large file follows (c500_props_do.pgeo, cell 2_-1).
inline constexpr const char* kLargeFileName = "c500_props_do.pgeo";
inline constexpr const char* kLargeFileFolder = "2_-1";

// A props file of `records` instance records in blocks of up to 100,000, for benchmarks.
Bytes makeLargeFile(std::uint64_t records);

// One placement with a yaw about +y (row-vector rows), a uniform scale and the usual flags/tail.
InstanceRecord placeAt(const Vec3d& position, double yawDegrees, float scale = 1.0f);

} // namespace assetscope::pgeo

namespace assetscope::samples {

// Placement files for the sample set: the cells of one neighbourhood (buildings, barriers, props,
// trees, grass, a crowd and its spline).
SampleFiles pgeoSamples();
// The sample cones under the names the sample set does not spell (a route of two parts, tags, a
// season suffix), for the fuzz seeds (formats/registry.h, fuzzSeedSources); not in the sample set.
SampleFiles pgeoFuzzSeeds();

} // namespace assetscope::samples
