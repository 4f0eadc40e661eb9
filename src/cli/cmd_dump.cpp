#include "cli_support.h"
#include "command.h"

#include "tree/tree_writers.h"

#include <charconv>
#include <iostream>

namespace assetscope::cli {

int runDump(const Args& args) {
    ArgParser parser(args);
    const bool json = parser.flag("--json");
    TreeWriteOptions options;
    if (auto max = parser.option("--max-array")) {
        const char* end = max->data() + max->size();
        auto [ptr, ec] = std::from_chars(max->data(), end, options.maxArray);
        if (ec != std::errc() || ptr != end)
            return usageError("--max-array takes a whole number, not '" + *max + "'");
    }
    std::string error;
    const auto inputs = parser.positional(error);
    if (!error.empty() || inputs.size() != 1)
        return usageError(error.empty() ? "dump takes one INPUT" : error);
    auto file = openOrFail(inputs.front());
    if (!file) return kExitUsage;
    if (json)
        writeTreeJson(file->tree(), std::cout, options);
    else
        writeTreeText(file->tree(), std::cout, options);
    std::cout.flush();
    // The refusals are in the printed tree as error diagnostics.
    return file->tree().errorCount() ? kExitRefused : kExitOk;
}

} // namespace assetscope::cli
