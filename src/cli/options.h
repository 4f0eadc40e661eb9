#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace assetscope::cli {

// A whole decimal number from `min` to `max`, for an option's transform(). A bad one is refused as
// "takes WHAT, not 'TEXT'", which the usage error puts after the option's name. The text is read as
// decimal digits only and handed on in canonical form, since CLI11's own conversion would read 010
// as octal and 0x10 as hex (and check() would throw the canonical form away).
CLI::Validator wholeNumber(std::int64_t min, std::int64_t max, std::string what);

// Whether the option takes a value (a flag takes none).
inline bool takesValue(const CLI::Option& option) {
    return option.get_expected_max() > 0;
}

// An option's names, short ones first: "-o, --output" with the separator ", ".
std::string optionNames(const CLI::Option& option, const std::string& separator);

// What a command that walks many files (census, stats) takes: `--jobs N`, `--progress` and
// `--quiet` (the progress line on stderr, by default when stderr is a terminal; the two exclude
// each other) and the PATHs to walk.
void addWalkOptions(CLI::App& sub, int& jobs, bool& progress, bool& quiet, std::vector<std::string>& paths);

// The INPUT positional of a command that reads one input.
CLI::Option* addInput(CLI::App& sub, std::string& input, std::string description = {});

} // namespace assetscope::cli
