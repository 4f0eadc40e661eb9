#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace assetscope::cli {

// `--help` in the command line's own layout: each command's usage line is the contract's (the
// command table's), the commands are listed from the table, and `--help-all` adds each command's
// arguments and options under a heading of its own. help2man reads this layout for the man page:
// "Usage:" and "or:" lines become the synopsis, an unindented line ending in ':' a sub-section,
// an indented "NAME  description" a tagged paragraph.
class HelpFormatter : public CLI::Formatter {
public:
    std::string make_help(const CLI::App* app, std::string name, CLI::AppFormatMode mode) const override;

private:
    std::string programHelp(const CLI::App& app, bool all) const;
    std::string commandHelp(const CLI::App& sub) const;
    enum class Lines { Positionals, Options, AllButHelp };
    // The command's positionals or options (or both, without -h, --help) as two columns.
    std::string argumentLines(const CLI::App& sub, Lines lines) const;
};

} // namespace assetscope::cli
