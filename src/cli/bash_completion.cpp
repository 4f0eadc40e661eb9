#include "bash_completion.h"

#include "options.h"

#include <CLI/CLI.hpp>

#include <sstream>

namespace assetscope::cli {

namespace {

bool visible(const CLI::Option& option) {
    return !option.get_group().empty();
}

// The words offered for an option's value or a positional: a compgen action.
std::string valueCompletion(const std::string& valueName) {
    if (valueName.find('|') != std::string::npos) {
        std::string words = valueName;
        for (char& c : words)
            if (c == '|') c = ' ';
        return "-W '" + words + "'";
    }
    if (valueName == "DIR") return "-d";
    // A and B: the two inputs `diff` compares.
    if (valueName == "FILE" || valueName == "OUT" || valueName == "INPUT" || valueName == "PATH" ||
        valueName == "A" || valueName == "B")
        return "-f";
    return {}; // a number: nothing to offer
}

std::string compgenLine(const std::string& action) {
    if (action.empty()) return "COMPREPLY=()";
    return "mapfile -t COMPREPLY < <(compgen " + action + " -- \"$cur\")";
}

// The options, the completion of each option's value, and of the positionals, of one command.
void commandCase(std::ostream& out, const CLI::App& sub) {
    std::string options;
    std::string positional = "-f";
    std::ostringstream values;
    for (const CLI::Option* o : sub.get_options()) {
        if (!visible(*o)) continue;
        if (o->get_positional()) {
            positional = valueCompletion(o->get_name());
            continue;
        }
        options += (options.empty() ? "" : " ") + optionNames(*o, " ");
        if (!takesValue(*o)) continue;
        values << "        " << optionNames(*o, "|") << ") "
               << compgenLine(valueCompletion(o->get_type_name())) << "; return ;;\n";
    }
    out << "    " << sub.get_name() << ")\n"
        << "        case $prev in\n"
        << values.str() << "        esac\n"
        << "        if [[ $cur == -* ]]; then\n"
        << "            " << compgenLine("-W '" + options + "'") << "\n"
        << "        else\n"
        << "            " << compgenLine(positional) << "\n"
        << "        fi\n"
        << "        ;;\n";
}

} // namespace

std::string bashCompletion(const CLI::App& app) {
    const std::string& program = app.get_name();
    std::string function = "_" + program;
    for (char& c : function)
        if (c == '-') c = '_';
    std::string commands;
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
        commands += (commands.empty() ? "" : " ") + sub->get_name();
    std::string programOptions;
    for (const CLI::Option* o : app.get_options())
        if (visible(*o)) programOptions += " " + optionNames(*o, " ");

    std::ostringstream out;
    out << "# bash completion for " << program << " (made by `" << program << " --completion bash`)\n"
        << function << "() {\n"
        << "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]} command=\"\" i\n"
        << "    # The command is the first word that is not an option: the program's options take no value.\n"
        << "    for ((i = 1; i < COMP_CWORD; i++)); do\n"
        << "        [[ ${COMP_WORDS[i]} == -* ]] || { command=${COMP_WORDS[i]}; break; }\n"
        << "    done\n"
        << "    case $command in\n"
        << "    \"\")\n"
        << "        " << compgenLine("-W '" + commands + programOptions + "'") << "\n"
        << "        ;;\n";
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
        commandCase(out, *sub);
    out << "    *)\n"
        << "        COMPREPLY=()\n"
        << "        ;;\n"
        << "    esac\n"
        << "}\n"
        << "complete -o filenames -F " << function << " " << program << "\n";
    return out.str();
}

} // namespace assetscope::cli
