// Documents and their trees: open(), parse(), Document, Node, walk().

#include "python_module.h"

#include "bytes/number_text.h"
#include "contract/info_list.h"
#include "docs/doc_table.h"
#include "open/open_input.h"
#include "tree/coverage.h"

#include <pybind11/stl.h>

#include <algorithm>
#include <charconv>

namespace assetscope::python {

namespace {

// A node's byte range for memoryview: the document's bytes, kept alive by the view.
struct ByteRangeView {
    DocPtr doc;
    const std::uint8_t* data = nullptr;
    std::size_t size = 0;
};

Document opened(OpenedInput opened, const std::string& input) {
    if (opened.failure == OpenFailure::Unreadable) raiseError(ErrorKind::Unreadable, input, opened.error);
    if (opened.failure != OpenFailure::None) raiseError(ErrorKind::Unsupported, input, opened.error);
    auto state = std::make_shared<DocState>();
    state->input = input;
    state->file = std::move(opened.parsed);
    return Document{std::move(state)};
}

PyNode rootOf(const Document& d) {
    const StructureTree& tree = d.file().tree();
    if (tree.root() == kNoNode) throw py::value_error("the document has no structure tree");
    return PyNode{{d.state, nullptr}, tree.root(), ""};
}

py::dict diagnosticDict(const Diagnostic& d) {
    py::dict out;
    out["severity"] = std::string(severityName(d.severity));
    out["rule"] = textObject(d.rule);
    out["message"] = textObject(d.message);
    return out;
}

py::list nodeDiagnostics(const PyNode& n) {
    py::list out;
    const StructureTree& tree = n.hold.tree();
    for (const Diagnostic& d : tree.diagnosticsAt(n.id))
        out.append(diagnosticDict(d));
    if (!n.hold.scratch) {
        // The notes dump --json adds for bytes no node accounts for (none in a lazy element).
        const auto& marks = n.hold.doc->unaccounted();
        auto it = std::lower_bound(marks.begin(), marks.end(), n.id,
                                   [](const UnaccountedMark& m, NodeId id) { return m.node < id; });
        for (; it != marks.end() && it->node == n.id; ++it) {
            py::dict d;
            d["severity"] = "note";
            d["rule"] = kUnaccountedRule;
            d["message"] = textObject(it->message);
            out.append(d);
        }
    }
    return out;
}

py::object docRow(const DocField* f) {
    if (!f) return py::none();
    py::dict out;
    out["key"] = f->key;
    out["format"] = f->format;
    out["structure"] = f->structure;
    out["offset"] = f->offsetText;
    out["size"] = f->size;
    out["type"] = f->type;
    out["field"] = f->field;
    out["confidence"] = std::string(confidenceName(f->confidence));
    out["note"] = f->note;
    return out;
}

// The name of listed child `index` (not of a lazy array's element).
const std::string& childName(const PyNode& n, std::uint64_t index) {
    const StructureTree& tree = n.hold.tree();
    return tree.node(tree.node(n.id).children[static_cast<std::size_t>(index)]).name;
}

// The child named `name`: an element "[i]" of a lazy array by its index, else the child of that
// name, "NAME#n" its n-th repeat among its siblings.
std::optional<PyNode> childNamed(const PyNode& n, const std::string& name) {
    const Node& node = n.node();
    if (node.decoder) {
        if (name.size() < 3 || name.front() != '[' || name.back() != ']') return std::nullopt;
        std::uint64_t index = 0;
        const char* begin = name.data() + 1;
        const char* end = name.data() + name.size() - 1;
        const auto [at, ec] = std::from_chars(begin, end, index);
        if (ec != std::errc() || at != end || index >= node.count) return std::nullopt;
        return childOf(n, index, 0);
    }
    std::string base = name;
    std::uint64_t wanted = 0;
    if (const auto hash = name.rfind('#'); hash != std::string::npos && hash + 1 < name.size()) {
        const char* end = name.data() + name.size();
        const auto [at, ec] = std::from_chars(name.data() + hash + 1, end, wanted);
        if (ec == std::errc() && at == end)
            base = name.substr(0, hash);
        else
            wanted = 0;
    }
    std::uint64_t seen = 0;
    for (std::size_t i = 0; i < node.children.size(); ++i) {
        if (n.hold.tree().node(node.children[i]).name != base) continue;
        if (seen == wanted) return childOf(n, i, seen);
        ++seen;
    }
    return std::nullopt;
}

// Every node in file order (depth first, as dump prints them), made a batch at a time with the
// GIL released: a script's other threads run while the library decodes.
class Walk {
public:
    explicit Walk(PyNode root) { push(std::move(root)); }

    PyNode next() {
        if (m_at == m_batch.size()) {
            m_batch.clear();
            m_at = 0;
            {
                py::gil_scoped_release release;
                fill();
            }
            if (m_batch.empty()) throw py::stop_iteration();
        }
        return std::move(m_batch[m_at++]);
    }

private:
    static constexpr std::size_t kBatch = 4096;
    struct Frame {
        PyNode node;
        std::uint64_t next = 0;
        std::uint64_t count = 0;
        SiblingNames names;
    };

    void push(PyNode node) {
        const std::uint64_t count = childCount(node);
        m_batch.push_back(node);
        m_stack.push_back({std::move(node), 0, count, {}});
    }

    void fill() {
        while (m_batch.size() < kBatch && !m_stack.empty()) {
            Frame& top = m_stack.back();
            if (top.next == top.count) {
                m_stack.pop_back();
                continue;
            }
            const std::uint64_t index = top.next++;
            PyNode child = top.node.node().decoder
                               ? childOf(top.node, index, 0)
                               : childOf(top.node, index, top.names.next(childName(top.node, index)));
            push(std::move(child));
        }
    }

    std::vector<Frame> m_stack;
    std::vector<PyNode> m_batch;
    std::size_t m_at = 0;
};

py::dict infoDict(const Document& d) {
    const ParsedFile& file = d.file();
    const StructureTree& tree = file.tree();
    py::dict out;
    out["input"] = textObject(d.state->input);
    out["format"] = std::string(file.format());
    out["size"] = tree.bytes().size();
    for (const auto& [label, value] : file.info())
        out[textObject(label)] = textObject(value);
    const std::vector<ByteRange> unaccounted = unaccountedRanges(tree);
    if (!unaccounted.empty()) out["unaccounted"] = unaccountedSummary(unaccounted);
    py::dict counts;
    counts["errors"] = tree.errorCount();
    counts["warnings"] = tree.warningCount();
    out["diagnostics"] = counts;
    py::list refused;
    for (const auto& located : tree.diagnostics()) {
        if (located.diagnostic.severity != Severity::Error) continue;
        refused.append(textObject("@" + hexText(located.offset) + " [" + located.diagnostic.rule + "] " +
                                  located.diagnostic.message));
    }
    out["refused"] = refused;
    return out;
}

} // namespace

std::uint64_t childCount(const PyNode& n) {
    return n.hold.tree().childCount(n.id);
}

std::string childPath(const std::string& parent, const std::string& name) {
    return parent.empty() ? name : parent + "/" + name;
}

PyNode childOf(const PyNode& n, std::uint64_t index) {
    const Node& node = n.node();
    if (node.decoder) return childOf(n, index, 0);
    const StructureTree& tree = n.hold.tree();
    const std::string& name = tree.node(node.children[static_cast<std::size_t>(index)]).name;
    std::uint64_t repeats = 0;
    for (std::uint64_t i = 0; i < index; ++i)
        repeats += tree.node(node.children[static_cast<std::size_t>(i)]).name == name;
    return childOf(n, index, repeats);
}

PyNode childOf(const PyNode& n, std::uint64_t index, std::uint64_t repeats) {
    const StructureTree& tree = n.hold.tree();
    const Node& node = tree.node(n.id);
    if (node.decoder) {
        auto scratch = std::make_shared<StructureTree>(tree.source());
        tree.decodeElementInto(n.id, index, *scratch);
        const NodeId root = scratch->root();
        std::string path = childPath(n.path, scratch->node(root).name);
        return PyNode{{n.hold.doc, std::move(scratch)}, root, std::move(path)};
    }
    const NodeId id = node.children[static_cast<std::size_t>(index)];
    const std::string& name = tree.node(id).name;
    return PyNode{n.hold, id, childPath(n.path, repeats ? name + "#" + std::to_string(repeats) : name)};
}

void defineDocuments(py::module_& m, py::class_<Document>& document) {
    py::class_<ByteRangeView>(m, "_ByteRange", py::buffer_protocol(),
                              "A node's bytes, read-only, kept alive with its document.")
        .def_buffer([](ByteRangeView& r) {
            return py::buffer_info(const_cast<std::uint8_t*>(r.data), 1,
                                   py::format_descriptor<std::uint8_t>::format(), 1,
                                   {static_cast<py::ssize_t>(r.size)}, {1}, /*readonly=*/true);
        });

    m.def(
        "open",
        [](const py::object& path) {
            const std::string input = pathText(path);
            OpenedInput in;
            {
                py::gil_scoped_release release;
                in = openInput(input);
            }
            return opened(std::move(in), input);
        },
        py::arg("path"),
        "Reads PATH (a file, or a path into archives with '::': 'a.zip::media/b.modelbin', nested "
        "archives too) and parses it with the format its bytes show. Raises UnreadableInputError "
        "when it cannot be read and UnsupportedFormatError when no format recognises it; bad bytes "
        "are not exceptions but diagnostics.");
    m.def(
        "parse",
        [](const py::bytes& data, const std::string& name) {
            const std::string_view view = data;
            LoadedInput loaded;
            loaded.bytes = shareBytes(Bytes(view.begin(), view.end()));
            const auto slash = name.find_last_of('/');
            loaded.name = slash == std::string::npos ? name : name.substr(slash + 1);
            OpenedInput in;
            {
                py::gil_scoped_release release;
                in = openLoaded(name, loaded);
            }
            return opened(std::move(in), name);
        },
        py::arg("data"), py::arg("name") = "",
        "Parses DATA (bytes already in memory) as open() parses a file; NAME is the file name it "
        "would have, a hint some formats read (a .pgeo's name, its cell). Raises "
        "UnsupportedFormatError when no format recognises the bytes.");

    document
        .def_property_readonly(
            "input", [](const Document& d) { return textObject(d.state->input); },
            "The input as given to open() or parse().")
        .def_property_readonly(
            "format", [](const Document& d) { return std::string(d.file().format()); },
            "The format that read it: 'grub', 'modelbin', 'pgeo', ... (as `info` prints it).")
        .def_property_readonly(
            "size", [](const Document& d) { return d.file().tree().bytes().size(); },
            "The input's size in bytes.")
        .def("info", &infoDict,
             "What `assetscope-cli info` prints, as a dict: input, format, size (bytes), the "
             "format's own lines by their labels (versions, counts, 'texture', ...), 'unaccounted' "
             "when bytes are left unread, diagnostics ({'errors': n, 'warnings': n}) and refused "
             "(each refusal as '@0xOFFSET [rule] message').")
        .def_property_readonly(
            "diagnostics",
            [](const Document& d) {
                py::list out;
                for (const auto& located : d.file().tree().diagnostics()) {
                    py::dict entry = diagnosticDict(located.diagnostic);
                    entry["offset"] = located.offset;
                    entry["occurrences"] = located.diagnostic.occurrences();
                    out.append(entry);
                }
                return out;
            },
            "Every diagnostic of the reading, in the order reported: dicts with severity ('error', "
            "'warning' or 'note'), rule, message, offset (absolute) and occurrences (a summary "
            "stands for further occurrences of its rule). Errors are the refusals.")
        .def_property_readonly("root", &rootOf, "The root node of the structure tree (the file node).")
        .def(
            "node",
            [](const Document& d, const std::string& path) {
                PyNode at = rootOf(d);
                std::size_t begin = 0;
                while (begin < path.size()) {
                    std::size_t end = path.find('/', begin);
                    if (end == std::string::npos) end = path.size();
                    const std::string name = path.substr(begin, end - begin);
                    auto child = childNamed(at, name);
                    if (!child) {
                        // The names above it may be no UTF-8 (hostile bytes): the message as text.
                        PyErr_SetObject(PyExc_KeyError, textObject("no node '" + path + "' (no '" + name +
                                                                   "' below '" + at.path + "')")
                                                            .ptr());
                        throw py::error_already_set();
                    }
                    at = std::move(*child);
                    begin = end + 1;
                }
                return at;
            },
            py::arg("path"),
            "The node at PATH: names below the root joined by '/' ('Grub/blobs/[2]/Mesh'), array "
            "elements as '[i]'; a name that repeats among siblings finds the first. '' is the "
            "root. Raises KeyError when there is no such node.")
        .def(
            "walk", [](const Document& d) { return Walk(rootOf(d)); },
            "Every node, the root first, in file order (depth first, as `dump` prints them). Lazy "
            "arrays' elements are decoded as the walk reaches them, a batch at a time with the GIL "
            "released, so the walk holds little memory and other threads run beside it.")
        .def("__repr__", [](const Document& d) {
            return textObject("<assetscope.Document " + d.state->input + " (" +
                              std::string(d.file().format()) + ", " +
                              std::to_string(d.file().tree().bytes().size()) + " bytes)>");
        });

    py::class_<Walk>(m, "_Walk", "An iterator over a document's nodes (Document.walk()).")
        .def("__iter__", [](Walk& w) -> Walk& { return w; })
        .def("__next__", &Walk::next);

    py::class_<PyNode>(m, "Node",
                       "One node of a structure tree, with the members of `dump --json`'s node "
                       "schema (cli-contract.md). Its document stays alive while a node does.")
        .def_property_readonly(
            "name", [](const PyNode& n) { return textObject(n.node().name); },
            "Its name: a documented field's name in lower snake case, a blob's tag, '[i]' for an array "
            "element.")
        .def_property_readonly(
            "kind", [](const PyNode& n) { return std::string(nodeKindName(n.node().kind)); },
            "'file', 'archive', 'entry', 'bundle', 'blob', 'metadata', 'struct', 'field', 'array', 'bytes' "
            "or 'error'.")
        .def_property_readonly(
            "path", [](const PyNode& n) { return textObject(n.path); },
            "Its names below the root joined by '/' (Document.node() finds it again); '' for the root.")
        .def_property_readonly(
            "offset", [](const PyNode& n) { return n.node().offset; },
            "Absolute offset of its first byte in the input.")
        .def_property_readonly(
            "size", [](const PyNode& n) { return n.node().size; }, "Its size in bytes.")
        .def_property_readonly(
            "type", [](const PyNode& n) { return textObject(n.node().type); },
            "Its type as `dump` prints it ('u32', 'f32[3]', ...).")
        .def_property_readonly(
            "value", [](const PyNode& n) { return valueObject(n.node().value); },
            "Its value as `dump --json` gives it: int, float, str, bool, a list of floats, or None "
            "(containers; NaN and infinity, which JSON lacks). Floats are the JSON's numbers, 9 "
            "significant digits.")
        .def_property_readonly(
            "display", [](const PyNode& n) { return textObject(n.node().display); },
            "A readable form of the value where the number alone says little (flags, enums); '' when none.")
        .def_property_readonly(
            "confidence",
            [](const PyNode& n) -> py::object {
                const Confidence c = n.node().confidence;
                if (c == Confidence::None) return py::none();
                return py::str(std::string(confidenceName(c)));
            },
            "How sure the documents are of it: 'Proven', 'Observed', 'Inferred', 'Unknown', "
            "'Sourced', 'Derived', or None where the documents are silent.")
        .def_property_readonly(
            "count",
            [](const PyNode& n) -> py::object {
                if (n.node().kind != NodeKind::Array) return py::none();
                return py::int_(childCount(n));
            },
            "An array's element count; None for other kinds.")
        .def_property_readonly(
            "stride",
            [](const PyNode& n) -> py::object {
                if (n.node().kind != NodeKind::Array) return py::none();
                return py::int_(n.node().stride);
            },
            "An array's element stride in bytes; None for other kinds.")
        .def_property_readonly(
            "children",
            [](const PyNode& n) {
                const std::uint64_t count = childCount(n);
                std::vector<PyNode> out;
                {
                    py::gil_scoped_release release;
                    out.reserve(static_cast<std::size_t>(count));
                    SiblingNames names;
                    const bool lazy = n.node().decoder != 0;
                    for (std::uint64_t i = 0; i < count; ++i)
                        out.push_back(childOf(n, i, lazy ? 0 : names.next(childName(n, i))));
                }
                return out;
            },
            "Its child nodes in file order (a lazy array's elements decoded now).")
        .def_property_readonly("diagnostics", &nodeDiagnostics,
                               "The diagnostics at this node as `dump --json` lists them: dicts "
                               "with severity, rule and message (bytes no node accounts for as "
                               "'coverage.unaccounted' notes).")
        .def_property_readonly(
            "doc", [](const PyNode& n) { return docRow(n.node().doc); },
            "Its row of the documented-field table as `fields --json` gives it (key, format, "
            "structure, offset, size, type, field, confidence, note), or None.")
        .def(
            "bytes",
            [](const PyNode& n) {
                const ByteView all = n.hold.tree().bytes();
                const Node& node = n.node();
                const std::uint64_t begin = std::min<std::uint64_t>(node.offset, all.size());
                const std::uint64_t end = std::min<std::uint64_t>(begin + node.size, all.size());
                ByteRangeView range{n.hold.doc, all.data() + begin, static_cast<std::size_t>(end - begin)};
                return py::memoryview(py::cast(std::move(range)));
            },
            "Its bytes as a read-only memoryview into the document's bytes (no copy), cut at the "
            "input's end.")
        .def("__repr__", [](const PyNode& n) {
            const Node& node = n.node();
            std::string text = "<assetscope.Node " + (n.path.empty() ? node.name : n.path) + " [" +
                               std::string(nodeKindName(node.kind));
            if (!node.type.empty()) text += " " + node.type;
            text += "] @" + hexText(node.offset) + " +" + std::to_string(node.size);
            if (!std::holds_alternative<std::monostate>(node.value)) text += " = " + valueText(node.value);
            return textObject(text + ">");
        });
}

} // namespace assetscope::python
