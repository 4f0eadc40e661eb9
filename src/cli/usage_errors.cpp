#include "usage_errors.h"

#include "command.h"
#include "options.h"

#include <CLI/CLI.hpp>

#include <optional>

namespace assetscope::cli {

namespace {

bool looksLikeOption(const std::string& arg) {
    return arg.size() > 1 && arg[0] == '-';
}

// An error about one option of `app` (a command, or the program itself), or nothing.
std::optional<std::string> optionError(const CLI::App& app, const CLI::ParseError& error) {
    const std::string message = error.what();
    for (const CLI::Option* option : app.get_options()) {
        // CLI11 starts the messages of errors about one option with "NAME: ".
        const std::string name = option->get_name();
        if (message.rfind(name + ": ", 0) != 0) continue;
        if (dynamic_cast<const CLI::ValidationError*>(&error))
            // The validators' messages read "takes …, not '…'" (options.h).
            return name + " " + message.substr(name.size() + 2);
        if (dynamic_cast<const CLI::ArgumentMismatch*>(&error))
            return optionNames(*option, ", ") + " needs a value (" + option->get_type_name() + ")";
    }
    return std::nullopt;
}

std::string commandError(const CLI::App& sub, const CLI::ParseError& error) {
    const std::string& name = sub.get_name();
    if (dynamic_cast<const CLI::RequiredError*>(&error)) return usageLine(name);
    if (dynamic_cast<const CLI::ExtrasError*>(&error)) {
        for (const std::string& arg : sub.remaining())
            if (looksLikeOption(arg)) return name + ": unknown option " + arg;
        return usageLine(name); // more positionals than the command takes
    }
    return name + ": " + optionError(sub, error).value_or(error.what());
}

} // namespace

std::string usageErrorMessage(const CLI::App& app, const CLI::ParseError& error) {
    const auto parsed = app.get_subcommands();
    if (!parsed.empty()) return commandError(*parsed.front(), error);
    for (const std::string& arg : app.remaining()) {
        if (looksLikeOption(arg)) return "unknown option " + arg + " (see --help)";
        return "unknown command '" + arg + "' (see --help)";
    }
    if (dynamic_cast<const CLI::RequiredError*>(&error)) return "no command given (see --help)";
    return optionError(app, error).value_or(error.what()) + " (see --help)";
}

} // namespace assetscope::cli
