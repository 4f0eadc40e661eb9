#pragma once

#include "archive/zip_archive.h"
#include "contract/parsed_file.h"
#include "input/input_path.h"

#include <memory>
#include <string>

namespace assetscope {

// Why an input gave no parsed file. Each caller words and reports these its own way (the command
// line's exit codes, the window's error page, the census's skips and refusals).
enum class OpenFailure {
    None,
    Unreadable,  // the file or archive entry could not be read
    Unsupported, // no format recognises the bytes (the window still opens a zip as an archive)
    NoResult,    // the format's reader gave nothing back
};

// An input as the command line, the window and the census see it: its bytes, the format its
// bytes show and what that format's reader made of them.
struct OpenedInput {
    SharedBytes bytes; // set unless Unreadable
    std::string name;  // the innermost name's last part, even when loading failed
    const FormatHandler* handler = nullptr;
    std::unique_ptr<ParsedFile> parsed;
    OpenFailure failure = OpenFailure::None;
    std::string error; // the message for the failure: "cannot open: …", "unsupported format (…)"

    bool ok() const { return failure == OpenFailure::None; }
};

// The settings the input itself gives its parse, on top of the caller's `base` (node recording,
// depth, `--chunk`): its file name, the folder holding it (a .pgeo's cell; a folder `base` names
// is kept) and the checked sibling lookup (input/sibling_file.h), reading with `limits`.
ParseSettings inputSettings(const std::string& input, const std::string& fileName, ParseSettings base,
                            const archive::Limits& limits = {});

// Loads INPUT (a file, or a path into archives with "::"), detects its format from the bytes and
// parses it with inputSettings(). Never throws on bad bytes.
OpenedInput openInput(const std::string& input, const ParseSettings& base = {},
                      const archive::Limits& limits = {});

// The same for bytes already loaded (a census walk reads archive entries its own way).
OpenedInput openLoaded(const std::string& input, const LoadedInput& loaded, const ParseSettings& base = {},
                       const archive::Limits& limits = {});

} // namespace assetscope
