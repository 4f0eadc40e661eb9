#include "samples/sample_set.h"

#include "formats/registry.h"
#include "input/atomic_file.h"

#include <filesystem>
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

bool writeSampleSet(const std::string& dir, std::vector<std::string>& written, std::string& error) {
    const SampleFiles all = allSampleFiles();
    const std::filesystem::path root(dir);
    for (const auto& file : all) {
        if (!writeFileMakingFolders(root / file.name, file.data, error)) return false;
        written.push_back((root / file.name).string());
    }
    const auto zipPath = root / "media" / "Samples.zip";
    if (!writeFileMakingFolders(zipPath, archive::writeZip(all, true), error)) return false;
    written.push_back(zipPath.string());
    return true;
}

std::vector<std::string> sampleSetOpening(const std::string& dir) {
    const std::string archive = (std::filesystem::path(dir) / "media" / "Samples.zip").string();
    return {archive, archive + "::scene/proc/cellsize/50/12_-3/c50_buildings_do.pgeo"};
}

} // namespace assetscope::samples
