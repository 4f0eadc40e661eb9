#include "cli_support.h"
#include "command.h"

#include "samples/sample_set.h"

#include <iostream>

namespace assetscope::cli {

int runMakeSamples(const Args& args) {
    std::string error;
    const auto dirs = ArgParser(args).positional(error);
    if (!error.empty() || dirs.size() != 1)
        return usageError(error.empty() ? "make-samples takes one DIR" : error);
    std::vector<std::string> written;
    if (!samples::writeSampleSet(dirs.front(), written, error)) return fail(dirs.front(), error, kExitUsage);
    for (const auto& path : written)
        std::cout << path << "\n";
    return kExitOk;
}

} // namespace assetscope::cli
