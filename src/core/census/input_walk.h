#pragma once

#include "archive/zip_archive.h"
#include "input/input_path.h"

#include <cstdint>
#include <functional>
#include <string>

namespace assetscope {

// One file found by walkInputs: its input text (with "::" levels) and how to load it. The
// loader may be called from any thread (archive reads are thread-safe), so a census can
// decompress and parse on several threads while the walk goes on.
struct InputTask {
    std::string input;
    std::function<LoadedInput()> load;
};

// Every file under `path` for a census: a file, a folder recursively (sorted), archives
// recursively (entries in archive order; nested archives are opened during the walk, up to
// limits.maxNestingDepth), or a path into an archive ("a.zip::cars", "a.zip::b.zip::x.pgeo"):
// an entry, a nested archive walked whole, or a folder inside the archive (the entries below it). Errors on
// the way (unreadable folder, broken archive) come as tasks whose loader returns the error. With
// `prefetchUpTo` set, archive entries whose compressed size is at most that are copied raw during the walk
// (see ZipArchive::readRaw), so that tasks run on other threads only inflate; a caller that keeps every task
// before loading any leaves it 0.
void walkInputs(const std::string& path, const archive::Limits& limits,
                const std::function<void(InputTask)>& visit, std::uint64_t prefetchUpTo = 0);

} // namespace assetscope
