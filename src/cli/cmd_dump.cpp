#include "cli_support.h"
#include "command.h"
#include "options.h"

#include "tree/tree_writers.h"

#include <iostream>
#include <limits>

namespace assetscope::cli {

namespace {

struct DumpArguments {
    bool json = false;
    TreeWriteOptions options;
    std::string input;
};

int dump(const DumpArguments& a) {
    auto file = openOrFail(a.input);
    if (!file) return kExitUsage;
    TreeWriteOptions options = a.options;
    options.markUnaccounted = true;
    if (a.json)
        writeTreeJson(file->tree(), std::cout, options);
    else
        writeTreeText(file->tree(), std::cout, options);
    std::cout.flush();
    // The refusals are in the printed tree as error diagnostics.
    return file->tree().errorCount() ? kExitRefused : kExitOk;
}

} // namespace

Run describeDump(CLI::App& sub) {
    auto a = std::make_shared<DumpArguments>();
    sub.add_flag("--json", a->json, "prints one JSON object, the root node, in the contract's node schema");
    sub.add_option("--max-array", a->options.maxArray,
                   "prints at most N elements of each array (default: all)")
        ->type_name("N")
        ->transform(wholeNumber(0, std::numeric_limits<std::int64_t>::max(), "a whole number"));
    addInput(sub, a->input);
    return [a] { return dump(*a); };
}

} // namespace assetscope::cli
