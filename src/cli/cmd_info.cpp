#include "cli_support.h"
#include "command.h"
#include "options.h"

#include "contract/info_list.h"
#include "tree/coverage.h"

#include <iostream>

namespace assetscope::cli {

namespace {

int info(const std::string& input) {
    auto file = openOrFail(input);
    if (!file) return kExitUsage;
    const auto& tree = file->tree();
    std::cout << "input: " << input << "\n"
              << "format: " << file->format() << "\n"
              << "size: " << tree.bytes().size() << " bytes\n";
    for (const auto& [label, value] : file->info())
        std::cout << label << ": " << value << "\n";
    const std::vector<ByteRange> unaccounted = unaccountedRanges(tree);
    if (!unaccounted.empty()) std::cout << "unaccounted: " << unaccountedSummary(unaccounted) << "\n";
    std::cout << "diagnostics: " << tree.errorCount() << " errors, " << tree.warningCount() << " warnings\n";
    const RefusalLines refusals = printRefusals(std::cout, *file, "refused: " + input + " ", kInfoListShown);
    if (refusals.unlisted) std::cout << "and " << refusals.unlisted << " more refusals\n";
    return refusals.total ? kExitRefused : kExitOk;
}

} // namespace

Run describeInfo(CLI::App& sub) {
    auto input = std::make_shared<std::string>();
    addInput(sub, *input);
    return [input] { return info(*input); };
}

} // namespace assetscope::cli
