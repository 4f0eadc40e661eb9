// Materials: each look's chain followed through the Game:\ resolver, as `materials --json`.

#include "python_module.h"

#include "materials/material_chain.h"
#include "materials/material_report.h"
#include "resolve/resolver_pool.h"

#include <sstream>

namespace assetscope::python {

namespace {

py::object materials(const Document& d, const py::object& roots) {
    std::vector<std::string> given;
    if (!roots.is_none()) given = pathList(roots);
    std::ostringstream text;
    {
        py::gil_scoped_release release;
        const auto resolver = installResolvers()->forInput(std::move(given), d.state->input);
        materials::writeLooksJson(text, materials::resolveLooks(d.file(), d.state->input, *resolver));
    }
    return jsonObject(text.str());
}

} // namespace

const std::shared_ptr<resolve::ResolverPool>& installResolvers() {
    // Never destroyed: it outlives the module's objects, as the scene meshes() keeps does.
    static const auto* pool =
        new std::shared_ptr<resolve::ResolverPool>(std::make_shared<resolve::ResolverPool>());
    return *pool;
}

void defineMaterials(py::module_& m, py::class_<Document>& document) {
    m.def(
        "clear_install_cache", [] { installResolvers()->clear(); },
        "Forgets what materials() and export() read of installs (their folder listings and zip "
        "directories, read once per list of roots and kept, up to 8 lists): the next call looks "
        "again. For a script that changes files under an install it has already resolved in.");
    document.def("materials", &materials, py::kw_only(), py::arg("roots") = py::none(),
                 "Each look of the document (a model's MatI slots; a .materialbin's or .shaderbin's "
                 "own) with its chain (instance -> material -> shader) followed through Game:\\ paths, "
                 "its parameters merged by name hash (shader < material < instance) and its textures "
                 "resolved: the dict `assetscope-cli materials --json` prints ({'materials': [...]}). "
                 "ROOTS (a folder or a list: each one holding `media`) are looked under first, in "
                 "order, then the input's own install (the folder above its `media`), as --root. A "
                 "link or texture not found is not an exception: its 'found' is None, as in the "
                 "command's JSON (the command names each on stderr). What an install holds is read "
                 "once and kept (see clear_install_cache()).");
}

} // namespace assetscope::python
