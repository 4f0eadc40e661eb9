#pragma once

#include "document/parsed_file.h"

#include <memory>
#include <optional>
#include <string>

namespace assetscope::cli {

// "assetscope-cli: <input>: <message>" on stderr; returns `code` for `return fail(...)`.
int fail(const std::string& input, const std::string& message, int code);
int usageError(const std::string& message);

// The global `--chunk FILE` option (a MeshSet's geometry chunk named explicitly).
std::string& chunkOption();

// Opens INPUT through core's openInput (document/open_input.h) with the `--chunk` option.
// On failure prints the error line and returns nullptr.
std::unique_ptr<ParsedFile> openOrFail(const std::string& input, const ParseSettings& base = {});

// Prints each error-severity diagnostic as a refusal line on stdout; returns their number.
std::size_t printRefusals(const ParsedFile& file, const std::string& input);

// Small argument helpers: "--name value" options and flags, positional rest.
class ArgParser {
public:
    explicit ArgParser(const std::vector<std::string>& args) : m_args(args) {}
    bool flag(std::string_view name);
    std::optional<std::string> option(std::string_view name);
    std::vector<std::string> options(std::string_view name); // repeatable
    // What is left once options are taken; an unknown "--x" left over is a usage error.
    std::vector<std::string> positional(std::string& error) const;
    const std::vector<std::string>& remaining() const { return m_args; }

private:
    std::vector<std::string> m_args;
};

std::string formatFloat(double v); // %.9g: enough digits to round-trip a float

} // namespace assetscope::cli
