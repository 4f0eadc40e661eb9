#include "samples/sample_set.h"

#include "archive/zip_archive.h"
#include "formats/registry.h"
#include "input/entry_files.h"

#include <iterator>

namespace assetscope::samples {

SampleFiles allSampleFiles() {
    SampleFiles all;
    for (const SampleSource source : sampleSources()) {
        if (!source) continue;
        SampleFiles part = source();
        all.insert(all.end(), std::make_move_iterator(part.begin()), std::make_move_iterator(part.end()));
    }
    return all;
}

// The sample set is its files, as they lie in an install, and the same files in one zip,
// media/Samples.zip (an install's archives hold their files so).
constexpr const char* kSampleZip = "media/Samples.zip";

bool writeSampleSet(const std::string& dir, std::vector<std::string>& written, std::string& error) {
    const SampleFiles all = allSampleFiles();
    return writeEntriesUnder(dir, all, written, error) &&
           writeEntriesUnder(dir, {{kSampleZip, archive::writeZip(all, true)}}, written, error);
}

std::vector<std::string> sampleSetOpening(const std::string& dir) {
    const std::string archive = (dir.empty() || dir.back() == '/' ? dir : dir + '/') + kSampleZip;
    return {archive, archive + "::scene/proc/cellsize/50/12_-3/c50_buildings_do.pgeo"};
}

} // namespace assetscope::samples
