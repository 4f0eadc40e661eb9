// Materials: each look's chain followed through the Game:\ resolver, as `materials --json`.

#include "python_module.h"

#include "materials/material_chain.h"
#include "materials/material_report.h"
#include "resolve/game_resolver.h"
#include "resolve/game_root.h"

#include <sstream>

namespace assetscope::python {

namespace {

py::object materials(const Document& d, const py::object& roots) {
    std::vector<std::string> given;
    if (!roots.is_none()) given = pathList(roots);
    std::ostringstream text;
    {
        py::gil_scoped_release release;
        const resolve::GameResolver resolver(resolve::rootsFor(std::move(given), d.state->input));
        materials::writeLooksJson(text, materials::resolveLooks(d.file(), d.state->input, resolver));
    }
    return jsonObject(text.str());
}

} // namespace

void defineMaterials(py::class_<Document>& document) {
    document.def("materials", &materials, py::kw_only(), py::arg("roots") = py::none(),
                 "Each look of the document (a model's MatI slots; a .materialbin's or .shaderbin's "
                 "own) with its chain (instance -> material -> shader) followed through Game:\\ paths, "
                 "its parameters merged by name hash (shader < material < instance) and its textures "
                 "resolved: the dict `assetscope-cli materials --json` prints ({'materials': [...]}). "
                 "ROOTS (a folder or a list: each one holding `media`) are looked under first, in "
                 "order, then the input's own install (the folder above its `media`), as --root. A "
                 "link or texture not found is not an exception: its 'found' is None, as in the "
                 "command's JSON (the command names each on stderr).");
}

} // namespace assetscope::python
