#include "cli_support.h"
#include "command.h"

#include "bytes/ascii_case.h"
#include "bytes/text_out.h"
#include "find/find_query.h"
#include "input/input_file.h"
#include "input/input_path.h"
#include "install/install_index.h"

#include <CLI/CLI.hpp>

#include <iostream>

namespace assetscope::cli {

namespace {

using install::InstallIndex;
using install::Item;
using install::Kind;
using install::NodeId;

struct Listing {
    bool json = false;
    bool recursive = false;
    std::string glob;
    TextOut* out = nullptr;
    bool first = true;       // no JSON object printed yet
    bool unreadable = false; // an archive or a folder could not be read
};

void printNode(Listing& l, const Item& item, const std::string& input,
               const std::optional<std::string>& gamePath) {
    TextOut& out = *l.out;
    if (!l.json) {
        out << input << ' ' << (item.format.empty() ? std::string_view("-") : std::string_view(item.format))
            << ' ' << item.size << ' ' << item.stored << ' ' << (gamePath ? std::string_view(*gamePath) : "-")
            << '\n';
        return;
    }
    out << (l.first ? "\n  " : ",\n  ") << "{\"input\": ";
    l.first = false;
    out.jsonString(input) << ", \"game_path\": ";
    if (gamePath)
        out.jsonString(*gamePath);
    else
        out << "null";
    out << ", \"format\": ";
    if (item.format.empty())
        out << "null";
    else
        out.jsonString(item.format);
    out << ", \"size\": " << item.size << ", \"stored\": " << item.stored << '}';
}

bool isContainer(Kind kind) {
    return kind == Kind::Folder || kind == Kind::Archive || kind == Kind::ArchiveFolder;
}

// A problem on stderr (stdout carries the listing); an archive or folder that could not be read
// makes the exit 1.
void report(Listing& l, const InstallIndex& index, const Item& item, NodeId node) {
    if (item.problem.empty()) return;
    l.out->flush();
    fail(index.inputPath(node), item.problem, kExitOk);
    if (isContainer(item.kind) && item.problem.starts_with("cannot ")) l.unreadable = true;
}

// A node as the listing reaches it: its INPUT path, its Game:\\ path, and what its children's
// Game:\\ paths start with.
struct Place {
    std::string input;
    std::optional<std::string> gamePath;
    std::optional<std::string> childGamePrefix;
};

// What the Game:\\ paths of a container's children start with (resolve::gamePathOf's rule): a
// folder's own path; below a folder named media, or in a zip named media.zip, its root is the
// folder holding it; a zip's path without ".zip"; nothing in a zip inside a zip.
std::optional<std::string> childGamePrefix(const Item& item, const Place& p) {
    const std::string_view name = item.name;
    const bool loose = p.input.find("::") == std::string::npos;
    if (item.kind == Kind::Folder)
        return equalsNoCase(input::lastPathPart(name), "media") ? "Game:\\" + input::lastPathPart(name)
                                                                : p.gamePath;
    if (item.kind == Kind::ArchiveFolder) return p.gamePath;
    if (item.kind != Kind::Archive || !loose) return std::nullopt;
    const std::string last = input::lastPathPart(name);
    if (equalsNoCase(last, "media.zip")) return "Game:\\" + last.substr(0, last.size() - 4);
    if (p.gamePath && input::hasZipExtension(*p.gamePath) && p.gamePath->size() > 4 &&
        p.gamePath->at(p.gamePath->size() - 5) != '\\')
        return p.gamePath->substr(0, p.gamePath->size() - 4);
    return std::nullopt;
}

// A child's place from its parent's, the Game:\\ path rule applied part by part: the same text as
// asking the index for each node, without parsing each path again. A name the rule refuses, and a
// loose child of a folder outside any install, is asked of the index.
Place placeOf(const InstallIndex& index, const Place& parent, Kind parentKind, NodeId node,
              const Item& item) {
    Place p;
    p.input = parent.input;
    if (parentKind == Kind::Archive)
        p.input += "::";
    else if (p.input.empty() || p.input.back() != '/')
        p.input += '/';
    p.input += item.name;
    const bool plain = item.name != "." && item.name != ".." && item.name.find("::") == std::string::npos &&
                       item.name.find('\0') == std::string::npos;
    if (!item.problem.empty())
        p.gamePath = std::nullopt;
    else if (parent.childGamePrefix && plain)
        p.gamePath = *parent.childGamePrefix + '\\' + item.name;
    else if (parentKind != Kind::Folder && !parent.childGamePrefix)
        p.gamePath = std::nullopt; // in a zip outside an install, or in a zip inside a zip
    else
        p.gamePath = index.gamePath(node);
    p.childGamePrefix = childGamePrefix(item, p);
    return p;
}

// The node's children (and, with -r, everything below them), depth first in listing order.
void listBelow(Listing& l, InstallIndex& index, NodeId node, const Place& here) {
    index.list(node);
    const Item self = index.item(node);
    report(l, index, self, node);
    for (const NodeId c : index.children(node)) {
        const Item item = index.item(c);
        const Place place = placeOf(index, here, self.kind, c, item);
        if (l.glob.empty() || globMatch(l.glob, item.name)) printNode(l, item, place.input, place.gamePath);
        if (l.recursive && isContainer(item.kind))
            listBelow(l, index, c, place);
        else
            report(l, index, item, c);
    }
}

int listPath(Listing& l, const std::string& path) {
    const InputPath parsed = InputPath::parse(path);
    InstallIndex index(parsed.file);
    const NodeId node = index.find(path);
    if (node == install::kNoNode) return fail(path, "no such entry", kExitUsage);
    const Item item = index.item(node);
    Place place{index.inputPath(node), index.gamePath(node), std::nullopt};
    if (isContainer(item.kind)) {
        place.childGamePrefix = childGamePrefix(item, place);
        listBelow(l, index, node, place);
    } else {
        if (l.glob.empty() || globMatch(l.glob, input::lastPathPart(item.name)))
            printNode(l, item, place.input, place.gamePath);
        report(l, index, item, node);
    }
    return kExitOk;
}

int ls(const std::vector<std::string>& paths, bool json, bool recursive, const std::string& glob) {
    for (const std::string& path : paths)
        if (const int code = failOnMissingPath({InputPath::parse(path).file}); code != kExitOk) return code;
    TextOut out(std::cout);
    Listing l{json, recursive, glob, &out};
    if (json) out << '[';
    int code = kExitOk;
    for (const std::string& path : paths)
        code = std::max(code, listPath(l, path));
    if (json) out << (l.first ? "]\n" : "\n]\n");
    if (code == kExitOk && l.unreadable) code = kExitRefused;
    return code;
}

} // namespace

Run describeLs(CLI::App& sub) {
    struct Arguments {
        bool json = false;
        bool recursive = false;
        std::string glob;
        std::vector<std::string> paths;
    };
    auto a = std::make_shared<Arguments>();
    sub.add_flag("--json", a->json,
                 "prints one JSON array [{\"input\", \"game_path\", \"format\", \"size\", \"stored\"}]");
    sub.add_flag("-r", a->recursive, "lists everything below each PATH, not only its first level");
    sub.add_option("--glob", a->glob,
                   "keeps the entries whose name matches G (`*` any run, `?` one character)")
        ->type_name("G");
    sub.add_option("PATH", a->paths,
                   "a folder, an archive (listed as a folder), a file, or a path into an archive")
        ->required();
    return [a] { return ls(a->paths, a->json, a->recursive, a->glob); };
}

} // namespace assetscope::cli
