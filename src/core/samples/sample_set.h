#pragma once

#include "samples/sample_sources.h"

#include <string>
#include <vector>

namespace assetscope::samples {

// Every format's sample files, in a fixed order.
SampleFiles allSampleFiles();

// Writes every format's sample files under `dir` in their folders, and the same files into
// dir/media/Samples.zip (a media-like archive). Lists what it wrote.
bool writeSampleSet(const std::string& dir, std::vector<std::string>& written, std::string& error);

} // namespace assetscope::samples
