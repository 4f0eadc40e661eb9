#include "command_line.h"

#include "bash_completion.h"
#include "cli_support.h"
#include "command.h"
#include "help_formatter.h"
#include "usage_errors.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <iostream>
#include <memory>

namespace assetscope::cli {

namespace {

constexpr const char* kProgram = "assetscope-cli";

constexpr const char* kDescription =
    "Reads game asset files and accounts for every byte: each container, blob, record and field with\n"
    "its offset, size, type, value and how sure the format documents are about it. INPUT is a file or\n"
    "a path into an archive, levels joined by :: (media/Cars.zip::cars/body.modelbin); the format is\n"
    "found from the bytes.";

struct Parsed {
    CLI::App* sub;
    Run run;
};

} // namespace

int runCommandLine(std::vector<std::string> args) {
    CLI::App app(kDescription, kProgram);
    // Set before the subcommands are added: they take these over.
    app.formatter(std::make_shared<HelpFormatter>());
    app.set_help_flag("-h,--help", "prints this help and exits");
    // A repeated option keeps its last value, as `--jobs 1 --jobs 2` always has.
    app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
    app.require_subcommand(1);

    std::vector<Parsed> subs;
    for (const Command& c : commands()) {
        CLI::App* sub = app.add_subcommand(std::string(c.name), std::string(c.summary));
        Run run = c.describe(*sub);
        sub->add_option("--chunk", chunkOption(),
                        "names a MeshSet's geometry chunk (otherwise <guid>.chunk beside the input)")
            ->type_name("FILE");
        subs.push_back({sub, std::move(run)});
    }
    // After the subcommands, which would otherwise take it over as well.
    app.set_help_all_flag("--help-all",
                          "prints this help and every command's arguments and options, and exits");
    app.set_version_flag("--version", std::string(kProgram) + " " + ASSETSCOPE_VERSION,
                         "prints the version and exits");
    // Hidden (no group): what the package's bash completion file is made with. A hidden option has
    // no name in CLI11's messages, so the callback words its own.
    app.add_option_function<std::string>(
           "--completion",
           [&app](const std::string& shell) {
               if (shell != "bash")
                   throw CLI::ValidationError("--completion takes bash, not '" + shell + "'");
               std::cout << bashCompletion(app);
               throw CLI::Success();
           },
           "prints a completion script for SHELL")
        ->type_name("SHELL")
        ->group("");

    if (args.empty()) {
        std::cout << app.help();
        return kExitUsage;
    }
    // `help` and `help COMMAND` read as `--help` and `COMMAND --help`.
    if (args.front() == "help") {
        args.erase(args.begin());
        args.push_back("--help");
    }
    try {
        // CLI11 takes the arguments last first.
        std::reverse(args.begin(), args.end());
        app.parse(args);
    } catch (const CLI::CallForHelp&) {
        std::cout << app.help();
        return kExitOk;
    } catch (const CLI::CallForAllHelp&) {
        std::cout << app.help("", CLI::AppFormatMode::All);
        return kExitOk;
    } catch (const CLI::CallForVersion& version) {
        std::cout << version.what() << "\n";
        return kExitOk;
    } catch (const CLI::Success&) {
        return kExitOk;
    } catch (const CLI::ParseError& error) {
        return usageError(usageErrorMessage(app, error));
    }
    for (Parsed& p : subs)
        if (p.sub->parsed()) return p.run();
    return usageError("no command given (see --help)");
}

} // namespace assetscope::cli
