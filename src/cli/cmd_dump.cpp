#include "cli_support.h"
#include "command.h"
#include "options.h"

#include "bytes/sha256.h"
#include "notes/node_notes.h"
#include "notes/notes_file.h"
#include "tree/tree_writers.h"

#include <iostream>
#include <limits>

namespace assetscope::cli {

namespace {

struct DumpArguments {
    bool json = false;
    TreeWriteOptions options;
    std::string notesFile;
    std::string input;
};

int dump(const DumpArguments& a) {
    notes::NotesDocument notes;
    std::string error;
    if (!a.notesFile.empty() && !notes::loadNotesFile(a.notesFile, notes, error))
        return fail(a.notesFile, error, kExitUsage);
    auto file = openOrFail(a.input);
    if (!file) return kExitUsage;
    TreeWriteOptions options = a.options;
    options.markUnaccounted = true;
    std::optional<notes::NodeNotes> attached;
    if (!a.notesFile.empty()) {
        attached.emplace(notes, file->format(), sha256Hex(file->tree().bytes()), file->tree());
        options.extraJsonMembers = [&attached](const std::vector<std::string>& names) {
            return notes::notesJsonMember(attached->at(names));
        };
    }
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
    auto* json = sub.add_flag("--json", a->json,
                              "prints one JSON object, the root node, in the contract's node schema");
    sub.add_option("--max-array", a->options.maxArray,
                   "prints at most N elements of each array (default: all)")
        ->type_name("N")
        ->transform(wholeNumber(0, std::numeric_limits<std::int64_t>::max(), "a whole number"));
    sub.add_option("--notes", a->notesFile,
                   "adds to each node the notes of a notes file that attach to it, as a \"notes\" array")
        ->type_name("FILE")
        ->needs(json);
    addInput(sub, a->input);
    return [a] { return dump(*a); };
}

} // namespace assetscope::cli
