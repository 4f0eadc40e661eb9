#include "cli_support.h"
#include "command.h"
#include "options.h"

#include "bytes/number_text.h"
#include "bytes/text_out.h"
#include "compare/tree_diff.h"
#include "tree/tree_writers.h"

#include <iostream>
#include <limits>

namespace assetscope::cli {

namespace {

// The contract's exit code for inputs that differ (as for a refusal: read, but not as hoped).
constexpr int kExitDifferent = 1;

struct DiffArguments {
    bool json = false;
    std::uint64_t max = 200;
    std::string a;
    std::string b;
};

void printLine(TextOut& out, const TreeChange& c) {
    switch (c.kind) {
    case DiffKind::Changed:
        out << "changed " << c.path << ": " << valueText(c.a->value) << " @" << hexText(c.a->offset) << " -> "
            << valueText(c.b->value) << " @" << hexText(c.b->offset) << '\n';
        break;
    case DiffKind::Removed:
        out << "removed " << c.path << " @" << hexText(c.a->offset) << '\n';
        break;
    case DiffKind::Added:
        out << "added " << c.path << " @" << hexText(c.b->offset) << '\n';
        break;
    case DiffKind::Bytes:
        out << "bytes @" << hexText(c.a->offset) << '+' << std::max(c.a->size, c.b->size) << '\n';
        break;
    }
}

void printText(const TreeDiff& diff) {
    TextOut out(std::cout);
    for (const TreeChange& c : diff.changes)
        printLine(out, c);
    if (diff.truncated()) out << "... " << diff.truncated() << " more differences\n";
}

void printSide(TextOut& out, const std::optional<DiffSide>& side) {
    if (!side) {
        out << "null";
        return;
    }
    out << "{\"offset\": " << side->offset << ", \"size\": " << side->size
        << ", \"value\": " << valueText(side->value) << '}';
}

void printJson(const TreeDiff& diff) {
    TextOut out(std::cout);
    out << "{\"same\": " << (diff.same() ? "true" : "false") << ", \"changes\": [";
    for (std::size_t i = 0; i < diff.changes.size(); ++i) {
        const TreeChange& c = diff.changes[i];
        out << (i ? ",\n  " : "\n  ") << "{\"kind\": \"" << diffKindName(c.kind) << "\", \"path\": ";
        out.jsonString(c.path) << ", \"a\": ";
        printSide(out, c.a);
        out << ", \"b\": ";
        printSide(out, c.b);
        out << '}';
    }
    out << (diff.changes.empty() ? "" : "\n") << "], \"truncated\": " << diff.truncated() << "}\n";
}

int diff(const DiffArguments& args) {
    auto a = openOrFail(args.a);
    if (!a) return kExitUsage;
    auto b = openOrFail(args.b);
    if (!b) return kExitUsage;
    TreeDiffOptions options;
    options.maxChanges = args.max;
    const TreeDiff result = diffTrees(a->tree(), a->format(), b->tree(), b->format(), options);
    if (args.json)
        printJson(result);
    else
        printText(result);
    std::cout.flush();
    return result.same() ? kExitOk : kExitDifferent;
}

} // namespace

Run describeDiff(CLI::App& sub) {
    auto a = std::make_shared<DiffArguments>();
    sub.add_flag("--json", a->json, "prints one JSON object: same, the changes and how many were left out");
    sub.add_option("--max", a->max, "prints at most N differences, then their count (default 200)")
        ->type_name("N")
        ->transform(wholeNumber(0, std::numeric_limits<std::int64_t>::max(), "a whole number"));
    sub.add_option("A", a->a, "the first input: a file, or a path into an archive")->required();
    sub.add_option("B", a->b, "the second input, compared with the first")->required();
    return [a] { return diff(*a); };
}

} // namespace assetscope::cli
