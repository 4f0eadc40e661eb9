#pragma once

#include "contract/sample_sources.h"

#include <string>
#include <vector>

namespace assetscope::samples {

// Every registered format's sample files, in the registry's order.
SampleFiles allSampleFiles();

// Writes every format's sample files under `dir` in their folders, and the same files into
// dir/media/Samples.zip (a media-like archive). Lists what it wrote.
bool writeSampleSet(const std::string& dir, std::vector<std::string>& written, std::string& error);

// What to open first of a sample set written under `dir`: its archive (the archive browser) and
// the building cell inside it (a placement file drawn with its models).
std::vector<std::string> sampleSetOpening(const std::string& dir);

} // namespace assetscope::samples
