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

} // namespace assetscope
