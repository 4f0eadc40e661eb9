#pragma once

#include "archive/zip_archive.h"

#include <vector>

namespace assetscope::samples {

// Each format contributes files to the sample set as (relative path, bytes), through the sample
// source it is registered with (formats/registry.h); `make-samples` writes them into a folder and
// a media-like zip.
using SampleFiles = std::vector<archive::ZipInput>;

} // namespace assetscope::samples
