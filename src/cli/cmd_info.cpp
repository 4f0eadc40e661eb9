#include "cli_support.h"
#include "command.h"

#include <iostream>

namespace assetscope::cli {

int runInfo(const Args& args) {
    std::string error;
    ArgParser parser(args);
    const auto inputs = parser.positional(error);
    if (!error.empty() || inputs.size() != 1)
        return usageError(error.empty() ? "info takes one INPUT" : error);
    const std::string& input = inputs.front();
    auto file = openOrFail(input);
    if (!file) return kExitUsage;
    const auto& tree = file->tree();
    std::cout << "input: " << input << "\n"
              << "format: " << file->format() << "\n"
              << "size: " << tree.bytes().size() << " bytes\n";
    for (const auto& [label, value] : file->info())
        std::cout << label << ": " << value << "\n";
    std::cout << "diagnostics: " << tree.errorCount() << " errors, " << tree.warningCount() << " warnings\n";
    return printRefusals(*file, input) ? kExitRefused : kExitOk;
}

} // namespace assetscope::cli
