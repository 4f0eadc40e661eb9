#include "cli_support.h"
#include "command.h"
#include "options.h"

#include "bytes/number_text.h"
#include "bytes/text_out.h"
#include "find/find_json.h"
#include "find/find_walk.h"
#include "progress_line.h"
#include "tree/tree_writers.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <limits>

namespace assetscope::cli {

namespace {

// The contract's exit code for a find that matched nothing.
constexpr int kExitNothing = 1;

struct FindArguments {
    bool json = false;
    bool progress = false;
    bool quiet = false;
    std::uint64_t max = 1000;
    std::string key;
    std::string value;
    std::string bytes;
    std::string text;
    bool hasValue = false;
    bool hasBytes = false;
    bool hasText = false;
    FindWalkOptions options;
    std::vector<std::string> paths;
};

// The one search the arguments ask for, or a usage error's words.
std::string requestOf(const FindArguments& a, FindRequest& request) {
    const int kinds = (!a.key.empty() || a.hasValue) + a.hasBytes + a.hasText;
    if (kinds == 0) return "find: give one of --field KEY --value V, --bytes HEX or --text S";
    if (kinds > 1) return "find: --field/--value, --bytes and --text exclude each other: give one";
    if (a.hasBytes) {
        request = {FindKind::Bytes, a.bytes, {}};
    } else if (a.hasText) {
        request = {FindKind::Text, a.text, {}};
    } else {
        if (a.key.empty()) return "find: --value needs --field KEY (`fields` lists the keys)";
        if (!a.hasValue) return "find: --field needs --value V";
        request = {FindKind::Value, a.value, a.key};
    }
    return {};
}

// INPUT @0xOFFSET PATH VALUE, PATH `-` outside every field; then what was left unprinted.
void printText(const FindWalkResult& r) {
    TextOut out(std::cout);
    for (const FoundMatch& f : r.matches) {
        out << f.input << " @" << hexText(f.match.offset) << ' '
            << (f.match.path.empty() ? "-" : f.match.path) << ' ' << valueText(f.match.value) << '\n';
    }
    if (r.truncated())
        out << "... " << r.truncated() << (r.truncated() == 1 ? " more match\n" : " more matches\n");
}

int find(FindArguments& a) {
    FindRequest request;
    if (const std::string error = requestOf(a, request); !error.empty()) return usageError(error);
    const CompiledFind compiled = compileFind(request);
    if (!compiled.ok()) return usageError("find: " + compiled.error);
    if (const int missing = failOnMissingPath(a.paths); missing != kExitOk) return missing;
    a.options.maxMatches = static_cast<std::size_t>(a.max);
    const FindWalkResult result = withProgressLine(a.progress, a.quiet, a.options.progress, "find", [&] {
        return runFind(*compiled.query, a.paths, a.options);
    });
    if (a.json)
        writeFindJson(std::cout, result);
    else
        printText(result);
    std::cout.flush();
    // A file that could not be read leaves the answer incomplete: an error, whatever matched.
    for (const std::string& line : result.unreadable)
        std::cerr << "assetscope-cli: " << line << '\n';
    if (!result.unreadable.empty()) return kExitUsage;
    return result.total > 0 ? kExitOk : kExitNothing;
}

} // namespace

Run describeFind(CLI::App& sub) {
    auto a = std::make_shared<FindArguments>();
    sub.add_flag("--json", a->json,
                 "prints one JSON object: the files searched, the matches and how many were left out");
    sub.add_option("--max", a->max, "prints at most N matches, then their count (default 1000)")
        ->type_name("N")
        ->transform(wholeNumber(0, std::numeric_limits<std::int64_t>::max(), "a whole number"));
    sub.add_option("--field", a->key,
                   "a documented field's key, as `fields` lists it: grub/header/blob_count")
        ->type_name("KEY");
    sub.add_option("--value", a->value,
                   "the field's value: an integer (decimal or 0x hex), a float (float32, within 1 ulp) or a "
                   "text (* and ? globs)")
        ->type_name("V")
        ->each([a](const std::string&) { a->hasValue = true; });
    sub.add_option("--bytes", a->bytes, "a byte pattern in hex, ?? for any byte: \"62 75 ?? 47\"")
        ->type_name("HEX")
        ->each([a](const std::string&) { a->hasBytes = true; });
    sub.add_option("--text", a->text, "a text, searched as ASCII and as UTF-16LE")
        ->type_name("S")
        ->each([a](const std::string&) { a->hasText = true; });
    addWalkOptions(sub, a->options.jobs, a->progress, a->quiet, a->paths);
    return [a] { return find(*a); };
}

} // namespace assetscope::cli
