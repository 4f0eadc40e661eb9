#pragma once

#include "archive/zip_archive.h"

#include <vector>

namespace assetscope::samples {

// Each format contributes files to the sample set as (relative path, bytes); `make-samples`
// writes them into a folder and a media-like zip.
using SampleFiles = std::vector<archive::ZipInput>;

SampleFiles grubSamples();
SampleFiles modelSamples();   // formats/modelbin
SampleFiles pgeoSamples();    // formats/pgeo
SampleFiles meshsetSamples(); // formats/meshset
SampleFiles textureSamples(); // formats/texture

} // namespace assetscope::samples
