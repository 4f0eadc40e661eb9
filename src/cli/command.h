#pragma once

#include <functional>
#include <span>
#include <string>
#include <string_view>

namespace CLI {
class App;
}

namespace assetscope::cli {

// Exit codes of the command-line contract.
inline constexpr int kExitOk = 0;
inline constexpr int kExitRefused = 1;
inline constexpr int kExitUsage = 2;

// What a command does once its arguments are parsed; the parsed values live in the closure.
using Run = std::function<int()>;

struct Command {
    std::string_view name;
    std::string usage;        // the arguments, as in the contract
    std::string_view summary; // one line for `--help`
    // Adds the command's options and positionals to its CLI11 subcommand and returns what runs
    // on them, so a command's arguments are described once, beside the code that reads them.
    Run (*describe)(CLI::App& sub);
};

// Every command; one line each in commands.cpp.
std::span<const Command> commands();
const Command* findCommand(std::string_view name);
// "usage: NAME ARGUMENTS", as a command prints it on a usage error.
std::string usageLine(std::string_view name);

} // namespace assetscope::cli
