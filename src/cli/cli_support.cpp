#include "cli_support.h"

#include "command.h"
#include "input/input_path.h"
#include "open/open_input.h"

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <limits>

namespace assetscope::cli {

int fail(const std::string& input, const std::string& message, int code) {
    std::cerr << "assetscope-cli: " << input << ": " << message << "\n";
    return code;
}

int failOnMissingPath(const std::vector<std::string>& paths) {
    for (const auto& path : paths) {
        // A path into an archive: its file must be there; the walk says what is missing inside.
        std::error_code ec;
        if (!std::filesystem::exists(InputPath::parse(path).file, ec))
            return fail(path, "no such file or folder", kExitUsage);
    }
    return kExitOk;
}

std::string& chunkOption() {
    static std::string path;
    return path;
}

std::string counted(std::uint64_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

int usageError(const std::string& message) {
    std::cerr << "assetscope-cli: " << message << "\n";
    return kExitUsage;
}

void printRefusalCounts(std::ostream& out, const CensusCounts& counts) {
    out << "refusals: " << counts.refusals.size() << " rule(s)\n";
    for (const auto& [rule, r] : counts.refusals) {
        out << "  " << rule << ": " << r.count << "\n";
        for (const auto& e : r.examples)
            out << "    " << e << "\n";
    }
}

std::unique_ptr<ParsedFile> openOrFail(const std::string& input, const ParseSettings& base) {
    ParseSettings settings = base;
    // --chunk is the MeshSet handler's `chunk` option; other formats do not read it.
    if (!chunkOption().empty()) settings.options["chunk"] = chunkOption();
    OpenedInput opened = openInput(input, settings);
    // A reader that gives no result has always ended the command with exit code 2 and no line.
    if (opened.failure == OpenFailure::Unreadable || opened.failure == OpenFailure::Unsupported)
        fail(input, opened.error, kExitUsage);
    return std::move(opened.parsed);
}

RefusalLines printRefusals(std::ostream& out, const ParsedFile& file, std::string_view lead,
                           std::size_t most) {
    RefusalLines lines;
    std::size_t printed = 0;
    for (const auto& d : file.tree().diagnostics()) {
        if (d.diagnostic.severity != Severity::Error) continue;
        lines.total += d.diagnostic.occurrences();
        if (printed == most) {
            lines.unlisted += d.diagnostic.occurrences();
            continue;
        }
        char at[32];
        std::snprintf(at, sizeof at, "0x%llx", static_cast<unsigned long long>(d.offset));
        out << lead << "@" << at << " [" << d.diagnostic.rule << "] " << d.diagnostic.message << "\n";
        ++printed;
    }
    return lines;
}

std::size_t printRefusals(std::ostream& out, const ParsedFile& file, std::string_view lead) {
    return printRefusals(out, file, lead, std::numeric_limits<std::size_t>::max()).total;
}

std::size_t printRefusals(const ParsedFile& file, const std::string& input) {
    return printRefusals(std::cout, file, "refused: " + input + " ");
}

} // namespace assetscope::cli
