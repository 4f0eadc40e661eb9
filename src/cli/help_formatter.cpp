#include "help_formatter.h"

#include "command.h"
#include "options.h"

#include <CLI/CLI.hpp>

#include <sstream>

namespace assetscope::cli {

namespace {

constexpr std::size_t kNameColumn = 24;

// The exit codes as the contract has them.
constexpr const char* kExitStatus =
    "Exit status:\n"
    "  0    success\n"
    "  1    the input was read but strict checks refused something (the refusals are printed);\n"
    "       for diff, the inputs differ\n"
    "  2    usage error, unreadable input, unsupported format; the error is one line on stderr,\n"
    "       \"assetscope-cli: INPUT: message\"";

// "  NAME    description", the description in one column (on the next line after a long NAME).
void twoColumns(std::ostream& out, const std::string& name, const std::string& description) {
    out << "  " << name;
    if (name.size() + 2 < kNameColumn)
        out << std::string(kNameColumn - 2 - name.size(), ' ');
    else
        out << "\n" << std::string(kNameColumn, ' ');
    out << description << "\n";
}

bool takesMany(const CLI::Option& option) {
    return option.get_expected_max() >= CLI::detail::expected_max_vector_size;
}

// "-o, --output OUT", "--mesh I...", "PATH...".
std::string optionLabel(const CLI::Option& option) {
    std::string label;
    if (option.get_positional()) {
        label = option.get_name(true, false);
    } else {
        label = optionNames(option, ", ");
        if (takesValue(option)) label += " " + option.get_type_name();
    }
    return takesMany(option) ? label + "..." : label;
}

std::string programName(const CLI::App& app) {
    const CLI::App* root = &app;
    while (root->get_parent())
        root = root->get_parent();
    return root->get_name();
}

} // namespace

std::string HelpFormatter::make_help(const CLI::App* app, std::string, CLI::AppFormatMode mode) const {
    if (!app->get_parent()) return programHelp(*app, mode == CLI::AppFormatMode::All);
    return commandHelp(*app);
}

std::string HelpFormatter::argumentLines(const CLI::App& sub, Lines lines) const {
    std::ostringstream out;
    for (const CLI::Option* o : sub.get_options()) {
        if (o->get_group().empty()) continue; // a hidden option
        if (lines == Lines::Positionals && !o->get_positional()) continue;
        if (lines == Lines::Options && o->get_positional()) continue;
        if (lines == Lines::AllButHelp && o == sub.get_help_ptr()) continue;
        twoColumns(out, optionLabel(*o), o->get_description());
    }
    return out.str();
}

std::string HelpFormatter::commandHelp(const CLI::App& sub) const {
    std::ostringstream out;
    const Command* command = findCommand(sub.get_name());
    out << "Usage: " << programName(sub) << " " << sub.get_name() << (command ? " " + command->usage : "")
        << "\n\n"
        << sub.get_description() << "\n";
    if (const std::string positionals = argumentLines(sub, Lines::Positionals); !positionals.empty())
        out << "\nArguments:\n" << positionals;
    out << "\nOptions:\n" << argumentLines(sub, Lines::Options);
    return out.str();
}

// The order suits help2man too: what precedes "Options:" becomes the man page's DESCRIPTION, the
// rest its OPTIONS, each command's under a sub-heading of its own.
std::string HelpFormatter::programHelp(const CLI::App& app, bool all) const {
    std::ostringstream out;
    const std::string& program = app.get_name();
    const char* lead = "Usage: ";
    for (const Command& c : commands()) {
        out << lead << program << " " << c.name << " " << c.usage << "\n";
        lead = "   or: ";
    }
    out << lead << program << " --help | --help-all | --version\n\n" << app.get_description() << "\n\n";
    out << "Commands:\n";
    for (const Command& c : commands())
        twoColumns(out, std::string(c.name), std::string(c.summary));
    out << "\n" << kExitStatus << "\n\nOptions:\n" << argumentLines(app, Lines::Options);
    out << "Each command takes -h or --help for its own arguments and options.\n";
    if (all)
        for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
            out << "\n"
                << program << " " << sub->get_name() << ":\n"
                << argumentLines(*sub, Lines::AllButHelp);
    return out.str();
}

} // namespace assetscope::cli
