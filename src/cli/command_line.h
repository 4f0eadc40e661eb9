#pragma once

#include <string>
#include <vector>

namespace assetscope::cli {

// Parses the arguments (argv without the program name) against the command table through CLI11
// and runs the command they name; returns the exit code. Usage errors are printed here.
int runCommandLine(std::vector<std::string> args);

} // namespace assetscope::cli
