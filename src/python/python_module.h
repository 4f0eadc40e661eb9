#pragma once

// The Python module's shared parts: a parsed document kept alive by every object that looks into
// it, the module's exceptions, and values as Python objects.

#include "contract/parsed_file.h"
#include "tree/structure_tree.h"
#include "tree/tree_writers.h"

#include <pybind11/pybind11.h>

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace assetscope::resolve {
class ResolverPool;
}

namespace assetscope::python {

namespace py = pybind11;

// One opened input: what Document, its Nodes, walks and arrays hold on to.
struct DocState {
    DocState() = default;
    DocState(const DocState&) = delete;
    DocState& operator=(const DocState&) = delete;
    ~DocState();       // forgets the scene meshes() kept for it
    std::string input; // as given to open(), or parse()'s name
    std::unique_ptr<ParsedFile> file;
    // The unaccounted-byte notes dump --json adds to nodes, made on first use.
    std::once_flag marksMade;
    std::vector<UnaccountedMark> marks;
    const std::vector<UnaccountedMark>& unaccounted();
};
using DocPtr = std::shared_ptr<DocState>;

struct Document {
    DocPtr state;
    const ParsedFile& file() const { return *state->file; }
};

// The tree a node lives in: the document's, or a lazy array element's own scratch tree.
struct TreeHold {
    DocPtr doc;
    std::shared_ptr<const StructureTree> scratch;
    const StructureTree& tree() const { return scratch ? *scratch : doc->file->tree(); }
};

struct PyNode {
    TreeHold hold;
    NodeId id = kNoNode;
    // Names below the root joined by '/', a name that repeats among its siblings as NAME#n from
    // its second occurrence (as `find` and `diff` print paths); "" for the root.
    std::string path;
    const Node& node() const { return hold.tree().node(id); }
};

// The children of a node, lazy array elements decoded each into a tree of its own. `repeats`:
// how many earlier siblings have the child's name, when the caller counted them.
std::uint64_t childCount(const PyNode& node);
PyNode childOf(const PyNode& node, std::uint64_t index);
PyNode childOf(const PyNode& node, std::uint64_t index, std::uint64_t repeats);
// Counts the names of one node's children in order, for childOf's `repeats`.
class SiblingNames {
public:
    std::uint64_t next(const std::string& name) { return m_seen[name]++; }

private:
    std::unordered_map<std::string, std::uint64_t> m_seen;
};

enum class ErrorKind { Unreadable, Unsupported, Usage };
// Raises assetscope's exception of `kind`: str(e) is "INPUT: MESSAGE" as the command line words
// it (or MESSAGE alone without an input), with e.input and e.message.
[[noreturn]] void raiseError(ErrorKind kind, const std::string& input, const std::string& message);

// A value as `dump --json` gives it: int, float (printed to 9 significant digits and read back,
// so equal to the JSON's number), str, bool, list of floats, None.
py::object valueObject(const Value& value);
// Parses JSON text with Python's json module: the services' writers are the commands' own.
py::object jsonObject(const std::string& text);
// Text the library gives (names, types, messages, info lines) as str. Hostile bytes make names
// that are not UTF-8: such text is given as dump --json's writer gives it (each invalid sequence
// replaced by U+FFFD), never a UnicodeDecodeError.
py::str textObject(std::string_view text);
// A path argument (str or os.PathLike) as text; a list of them, or one.
std::string pathText(const py::handle& path);
std::vector<std::string> pathList(const py::handle& paths);

// Document.placements(): the rows of `placements --csv` as a numpy structured array, its text
// columns str ("str") or the bytes as stored ("bytes").
py::object placements(const Document& d, const std::string& text);

void defineErrors(py::module_& m);
void defineDocuments(py::module_& m, py::class_<Document>& document);
void defineWalks(py::module_& m);
void defineArrays(py::module_& m, py::class_<Document>& document);
void defineMaterials(py::module_& m, py::class_<Document>& document);

// The module's resolvers, one per list of roots (resolve::ResolverPool), shared by materials()
// and export(): a script that reads many files of one install reads its folder listings and zip
// directories once. clear_install_cache() forgets them.
const std::shared_ptr<resolve::ResolverPool>& installResolvers();

} // namespace assetscope::python
