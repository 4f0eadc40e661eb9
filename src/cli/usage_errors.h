#pragma once

#include <string>

namespace CLI {
class App;
class ParseError;
} // namespace CLI

namespace assetscope::cli {

// The message of the stderr line for arguments CLI11 refused, in the command line's own words:
// each names the command and the option at fault ("census: --jobs takes a number from 1 to 256,
// not 'x'"), a missing or surplus argument gives the command's usage line as the contract has
// it, and an unknown command or option points at --help.
std::string usageErrorMessage(const CLI::App& app, const CLI::ParseError& error);

} // namespace assetscope::cli
