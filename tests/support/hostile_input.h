#pragma once

// Drives the library the way a user with a hostile file would: parse, dump, expand arrays,
// write back, export. Shared by the fuzz targets (fuzz/) and the tests that replay their
// findings, so a regression fixture is replayed through exactly the code that found it.
// Qt-free on purpose: the fuzz build links only the core.

#include "archive/zip_archive.h"
#include "bytes/byte_view.h"
#include "contract/parsed_file.h"

#include <functional>
#include <memory>
#include <optional>
#include <streambuf>
#include <string>
#include <string_view>

namespace assetscope::hostile {

// Swallows output: the dumps and listings are exercised, not kept.
class NullBuffer : public std::streambuf {
protected:
    int overflow(int c) override { return c == traits_type::eof() ? 0 : c; }
    std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
};

} // namespace assetscope::hostile

namespace assetscope::resolve {
class GameResolver;
} // namespace assetscope::resolve

namespace assetscope::hostile {

// A fuzz input for a format target: the file's bytes, optionally followed by
// kSplitMarker + a file name hint ("name", or "folder/name" with the folder holding it), and
// optionally kSplitMarker + the bytes of a sibling file (a MeshSet's chunk) that every sibling
// lookup returns. Plain files are valid inputs too.
inline constexpr std::string_view kSplitMarker = "@@sib@@";

struct SplitInput {
    ByteView main;
    std::string fileName;
    std::optional<Bytes> sibling;
};
SplitInput splitInput(ByteView data);
Bytes joinInput(ByteView main, std::string_view fileName, const Bytes* sibling);
// The file name of the hint, without its folder.
std::string hintedName(const SplitInput& input);

// The registered handler with this name (formatHandlers()), or nullptr.
const FormatHandler* handlerNamed(std::string_view name);

// Parses with `handler` (never sniffing: a corrupted file must still reach its parser).
std::unique_ptr<ParsedFile> parseWith(const FormatHandler& handler, const SplitInput& input,
                                      bool recordNodes);

// Every node's children, lazy array elements included (the first `perArray` of each), built.
void materialiseAll(StructureTree& tree, std::uint64_t perArray = 2);

// Everything a viewer or the CLI does with a parse result: JSON dump to nowhere, lazy array
// elements built, info, counts, write-back, export scene, the texture's levels decoded.
// Returns the number of nodes seen.
std::size_t exerciseParsed(ParsedFile& file);

// What exerciseViews reached.
struct ViewCounts {
    std::size_t subjects = 0;          // distinct subjects (one per table) whose tables were read
    std::size_t tables = 0;            // tables read, details included
    std::uint64_t cells = 0;           // cells read
    std::uint64_t characters = 0;      // characters of their text and of the column names
    std::size_t scenes = 0;            // selections that gave an export scene
    std::uint64_t placedInstances = 0; // world matrices made, over the seasons asked
    std::size_t references = 0;        // finds the formats offer for "who names this file"
    std::size_t looks = 0;             // looks (model slots, a material, a shader) followed, no root given
};

// What the window and the command line ask beyond that (hostile_views.cpp): every subject met
// in the tree, the export scenes or the placements, with its tables read (the first rows, the
// last, the details of a few); an export per offered LOD, variant and season; the placements in
// every season and their CSV and JSON listings; every format's references to the file; its looks
// as exerciseLooks follows them with no root (every link then not found, said so). Bounded per
// input; `fileName` is the input's name hint.
ViewCounts exerciseViews(ParsedFile& file, const std::string& fileName);

// What exerciseLooks reached.
struct LookCounts {
    std::size_t looks = 0;    // looks whose chains were followed
    std::size_t links = 0;    // links past each look's own, found or not
    std::size_t problems = 0; // links and textures that ended with a problem
    std::size_t textures = 0; // textures found, each opened and its levels decoded
};

// What `materials` and the window's material table do with a file's looks (a model's slots, a
// material, a shader): each chain followed through `resolver` (materials::resolveLooks, bounded
// by its link limit), the parameters merged, the report written as text and JSON to nowhere, and
// each texture found opened and decoded as decodeTexture does. `input` is the file's INPUT: a
// chain that comes back to it loops.
LookCounts exerciseLooks(const ParsedFile& file, const std::string& input,
                         const resolve::GameResolver& resolver);

// Decodes the texture's stored levels, smallest last, until 256 KiB of them have been: every
// level's decoder is reached without a large texture costing a fuzz run much.
void decodeTexture(const ParsedFile& file);

// What exerciseFormat built: nodes and diagnostics of both readings, summed.
struct ExerciseCounts {
    std::uint64_t nodes = 0;
    std::uint64_t diagnostics = 0;
};

// Called with the tree of the reading with nodes, as the parser left it (the fuzz targets keep
// what their structure mutator needs of it).
using TreeSeen = std::function<void(StructureTree&)>;

// The lean fuzz target's work: sniff, parse with the tree, parse in batch mode and count that
// reading, as a census does. Only the readers run, so it executes many times faster than the
// pipeline.
ExerciseCounts parseFormat(const FormatHandler& handler, ByteView data, const TreeSeen& seen = {});

// The pipeline fuzz target's work: parse with the tree, then exerciseParsed and exerciseViews;
// parse in batch mode, count and write back.
ExerciseCounts exercisePipeline(const FormatHandler& handler, ByteView data, const TreeSeen& seen = {});

// Sniff, then the pipeline: everything a hostile file can make the program do (the tests and
// the regression replay); the lean target's work is part of it.
ExerciseCounts exerciseFormat(const FormatHandler& handler, ByteView data);

// Small caps so a fuzz run never spends its time inflating.
archive::Limits smallLimits();

// Opens the bytes as a zip, reads every entry (whole and prefix), opens zips inside zips.
void exerciseZip(ByteView data, int depth = 0);

// InputPath::parse + text() must give back the text; then the entry levels are looked up in the
// fixed archive `zipPath` (when given) through loadInput. Returns false when the round trip fails.
bool exerciseInputPath(std::string_view text, const std::string& zipPath);

// A small zip with a nested zip, a directory, a symlink and a "../" name: the archive the input
// path target resolves its entry levels in.
Bytes inputPathArchive();

} // namespace assetscope::hostile
