#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace assetscope::cli {

// Exit codes of the command-line contract.
inline constexpr int kExitOk = 0;
inline constexpr int kExitRefused = 1;
inline constexpr int kExitUsage = 2;

using Args = std::vector<std::string>;

struct Command {
    std::string_view name;
    std::string usage;        // the arguments, as in the contract
    std::string_view summary; // one line for `--help`
    int (*run)(const Args& args);
};

// Every command; one line each in commands.cpp.
std::span<const Command> commands();
// "usage: NAME ARGUMENTS", as a command prints it on a usage error.
std::string usageLine(std::string_view name);

} // namespace assetscope::cli
