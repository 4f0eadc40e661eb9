#pragma once

#include "contract/parsed_file.h"

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace assetscope::cli {

// "assetscope-cli: <input>: <message>" on stderr; returns `code` for `return fail(...)`.
int fail(const std::string& input, const std::string& message, int code);
int usageError(const std::string& message);
// "1 file", "3 files".
std::string counted(std::uint64_t n, const char* one, const char* many);
// For a command that walks PATHs: the exit code of `fail` for the first that does not exist (for a
// path into an archive, whose file does not), or kExitOk when all do.
int failOnMissingPath(const std::vector<std::string>& paths);

// The `--chunk FILE` option every command takes (a MeshSet's geometry chunk named explicitly).
std::string& chunkOption();

// Opens INPUT through core's openInput (document/open_input.h) with the `--chunk` option.
// On failure prints the error line and returns nullptr.
std::unique_ptr<ParsedFile> openOrFail(const std::string& input, const ParseSettings& base = {});

// A census's refusals by rule: "refusals: N rule(s)", then each rule's count and examples.
void printRefusalCounts(std::ostream& out, const CensusCounts& counts);

// Prints each error-severity diagnostic as a refusal line, `lead` then "@0x<offset> [<rule>]
// <message>"; returns their number (occurrences, summaries counted with what they stand for).
std::size_t printRefusals(std::ostream& out, const ParsedFile& file, std::string_view lead);
// The same, at most `most` lines: what was found and what was left unprinted, both counted as
// occurrences (so the printed lines and `unlisted` add up to `info`'s error count).
struct RefusalLines {
    std::uint64_t total = 0;
    std::uint64_t unlisted = 0;
};
RefusalLines printRefusals(std::ostream& out, const ParsedFile& file, std::string_view lead,
                           std::size_t most);
// The refusal lines of `info`, `verify` and `export` on stdout: "refused: INPUT @0x…".
std::size_t printRefusals(const ParsedFile& file, const std::string& input);

} // namespace assetscope::cli
