#pragma once

#include "archive/zip_archive.h"

#include <functional>
#include <string>
#include <vector>

namespace assetscope {

// "media/Cars.zip::cars/abc/body.modelbin": a file, then entry names inside archives.
struct InputPath {
    std::string file;
    std::vector<std::string> entries;

    static InputPath parse(std::string_view text);
    std::string text() const;
    std::string lastName() const; // the innermost name's last path part
    // The folder holding the innermost name, its last part only: ".../12_-3/c50_trees_ulc.pgeo"
    // gives "12_-3" (a .pgeo file's cell). Empty when the name has no folder.
    std::string folderName() const;
};

struct LoadedInput {
    SharedBytes bytes;
    std::string name;  // last path part of the innermost level (format hint)
    std::string error; // set when loading failed
    bool ok() const { return error.empty(); }
};

// Reads a file or an archive entry (nested archives too). Never throws.
LoadedInput loadInput(std::string_view input, const archive::Limits& limits = {});

// One file found by walkInputs: its input text (with "::" levels) and how to load it. The
// loader may be called from any thread (archive reads are thread-safe), so a census can
// decompress and parse on several threads while the walk goes on.
struct InputTask {
    std::string input;
    std::function<LoadedInput()> load;
};

// Every file under `path` for a census: a file, a folder recursively (sorted), archives
// recursively (entries in archive order; nested archives are opened during the walk, up to
// limits.maxNestingDepth). Errors on the way (unreadable folder, broken archive) come as tasks
// whose loader returns the error.
// With `prefetchUpTo` set, archive entries whose compressed size is at most that are copied raw
// during the walk (see ZipArchive::readRaw), so that tasks run on other threads only inflate;
// a caller that keeps every task before loading any leaves it 0.
void walkInputs(const std::string& path, const archive::Limits& limits,
                const std::function<void(InputTask)>& visit, std::uint64_t prefetchUpTo = 0);

} // namespace assetscope
