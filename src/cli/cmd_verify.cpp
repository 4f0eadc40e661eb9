#include "cli_support.h"
#include "command.h"
#include "options.h"

#include <algorithm>
#include <cstdio>
#include <iostream>

namespace assetscope::cli {

namespace {

std::string hex(std::uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

int verify(const std::string& input) {
    auto file = openOrFail(input);
    if (!file) return kExitUsage;
    const std::size_t refusals = printRefusals(*file, input);
    const auto original = file->tree().bytes();
    const auto written = file->writeBack();
    if (!written)
        return fail(input, std::string("no writer for format ") + std::string(file->format()), kExitUsage);
    const auto mismatch = std::mismatch(original.begin(), original.end(), written->begin(), written->end());
    const bool same = mismatch.first == original.end() && mismatch.second == written->end();
    std::cout << "format: " << file->format() << "\n";
    if (same) {
        std::cout << "write-back: identical (" << original.size() << " bytes)\n";
    } else {
        const auto at = static_cast<std::uint64_t>(mismatch.first - original.begin());
        std::cout << "write-back: differs at " << hex(at) << " (file " << original.size()
                  << " bytes, written " << written->size() << " bytes)";
        if (mismatch.first != original.end() && mismatch.second != written->end()) {
            char detail[48];
            std::snprintf(detail, sizeof detail, ": file has %02x, written %02x", *mismatch.first,
                          *mismatch.second);
            std::cout << detail;
        }
        std::cout << "\n";
    }
    std::cout << "refusals: " << refusals << "\n";
    return refusals || !same ? kExitRefused : kExitOk;
}

} // namespace

Run describeVerify(CLI::App& sub) {
    auto input = std::make_shared<std::string>();
    addInput(sub, *input);
    return [input] { return verify(*input); };
}

} // namespace assetscope::cli
