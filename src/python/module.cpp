#include "python_module.h"

#include "bytes/number_text.h"
#include "bytes/text_out.h"

#include <cmath>
#include <cstdlib>
#include <sstream>

namespace assetscope::python {

namespace {

// The exception classes, made once when the module is imported. Like the other objects kept
// for the module's life, never released: a static py::object would be released after the
// interpreter has finalised, without the GIL.
py::object& errorClass(ErrorKind kind) {
    static auto* classes = new py::object[3];
    return classes[static_cast<int>(kind)];
}

py::object jsonLoads() {
    static auto* loads = new py::object(py::module_::import("json").attr("loads"));
    return *loads;
}

py::object floatObject(double v) {
    if (!std::isfinite(v)) return py::none(); // JSON has no NaN or infinity: null
    char text[kNumberTextMax + 1];
    text[writeNumberText(text, v)] = '\0';
    return py::float_(std::strtod(text, nullptr));
}

} // namespace

const std::vector<UnaccountedMark>& DocState::unaccounted() {
    std::call_once(marksMade, [this] { marks = unaccountedMarks(file->tree()); });
    return marks;
}

void raiseError(ErrorKind kind, const std::string& input, const std::string& message) {
    const std::string text = input.empty() ? message : input + ": " + message;
    py::object error = errorClass(kind)(textObject(text));
    error.attr("input") = input.empty() ? py::object(py::none()) : py::object(textObject(input));
    error.attr("message") = textObject(message);
    PyErr_SetObject(error.get_type().ptr(), error.ptr());
    throw py::error_already_set();
}

py::object jsonObject(const std::string& text) {
    return jsonLoads()(py::str(text));
}

py::str textObject(std::string_view text) {
    PyObject* decoded = PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "strict");
    if (decoded) return py::reinterpret_steal<py::str>(decoded);
    PyErr_Clear();
    std::ostringstream json;
    TextOut(json).jsonString(text);
    return jsonObject(json.str());
}

py::object valueObject(const Value& value) {
    return std::visit(
        [](const auto& v) -> py::object {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, std::monostate>)
                return py::none();
            else if constexpr (std::is_same_v<T, bool>)
                return py::bool_(v);
            else if constexpr (std::is_same_v<T, std::int64_t> || std::is_same_v<T, std::uint64_t>)
                return py::int_(v);
            else if constexpr (std::is_same_v<T, double>)
                return floatObject(v);
            else if constexpr (std::is_same_v<T, std::string>)
                return textObject(v);
            else {
                py::list out(v.size());
                for (std::size_t i = 0; i < v.size(); ++i)
                    out[i] = floatObject(v[i]);
                return out;
            }
        },
        value);
}

std::string pathText(const py::handle& path) {
    static auto* fspath = new py::object(py::module_::import("os").attr("fspath"));
    py::object text = (*fspath)(path);
    if (py::isinstance<py::bytes>(text)) return text.cast<std::string>();
    return text.cast<std::string>();
}

std::vector<std::string> pathList(const py::handle& paths) {
    if (py::isinstance<py::str>(paths) || py::isinstance<py::bytes>(paths) ||
        py::hasattr(paths, "__fspath__"))
        return {pathText(paths)};
    std::vector<std::string> out;
    for (const py::handle& path : paths)
        out.push_back(pathText(path));
    return out;
}

void defineErrors(py::module_& m) {
    py::object base = py::reinterpret_borrow<py::object>(PyExc_Exception);
    auto make = [&](const char* name, py::object bases, const char* doc) {
        py::object type = py::reinterpret_borrow<py::object>(reinterpret_cast<PyObject*>(&PyType_Type));
        py::dict members;
        members["__doc__"] = doc;
        members["__module__"] = "assetscope";
        members["input"] = py::none();
        members["message"] = "";
        py::object cls = type(name, bases, members);
        m.attr(name) = cls;
        return cls;
    };
    py::object error = make("Error", py::make_tuple(base),
                            "What assetscope raises: an input that cannot be read, bytes no format "
                            "recognises, or arguments the library cannot take. str(e) is the command "
                            "line's message, \"INPUT: MESSAGE\"; e.input is the input (or None) and "
                            "e.message the message alone. Refusals of bad bytes are not exceptions: "
                            "they are the document's diagnostics, as the command line prints them.");
    errorClass(ErrorKind::Unreadable) =
        make("UnreadableInputError", py::make_tuple(error, py::reinterpret_borrow<py::object>(PyExc_OSError)),
             "The file or archive entry could not be read (no such file, a damaged archive, a "
             "limit reached): the command line's \"cannot open: ...\".");
    errorClass(ErrorKind::Unsupported) = make(
        "UnsupportedFormatError", py::make_tuple(error, py::reinterpret_borrow<py::object>(PyExc_ValueError)),
        "No format recognises the bytes, or the format's reader gave no result: the command "
        "line's \"unsupported format (...)\".");
    errorClass(ErrorKind::Usage) =
        make("UsageError", py::make_tuple(error, py::reinterpret_borrow<py::object>(PyExc_ValueError)),
             "Arguments the library cannot take (an unknown field key or format, a find with no "
             "or several kinds of search): the command line's usage errors.");
}

} // namespace assetscope::python

PYBIND11_MODULE(assetscope, m) {
    using namespace assetscope::python;
    m.doc() = "assetscope: game asset formats read byte by byte, from Python.\n\n"
              "open() and parse() give a Document: its structure tree of Nodes (the same nodes and "
              "values as `assetscope-cli dump --json`), its diagnostics, its meshes, placements "
              "and texture as numpy arrays, and its materials' chains. census(), stats(), find() and "
              "fields() give what the commands of the same names print with --json, as Python "
              "objects. See docs/python.md.";
    m.attr("__version__") = ASSETSCOPE_VERSION;
    defineErrors(m);
    py::class_<Document> document(m, "Document",
                                  "One input read by its format: its structure tree, diagnostics, "
                                  "and the arrays it holds. Made by open() or parse().");
    defineDocuments(m, document);
    defineArrays(m, document);
    defineMaterials(m, document);
    defineWalks(m);
}
