#include "cli_support.h"
#include "command.h"

#include "samples/sample_set.h"

#include <CLI/CLI.hpp>

#include <iostream>

namespace assetscope::cli {

namespace {

int makeSamples(const std::string& dir) {
    std::vector<std::string> written;
    std::string error;
    if (!samples::writeSampleSet(dir, written, error)) return fail(dir, error, kExitUsage);
    for (const auto& path : written)
        std::cout << path << "\n";
    return kExitOk;
}

} // namespace

Run describeMakeSamples(CLI::App& sub) {
    auto dir = std::make_shared<std::string>();
    sub.add_option("DIR", *dir, "the folder to write into (made if missing)")->required();
    return [dir] { return makeSamples(*dir); };
}

} // namespace assetscope::cli
