// Data as arrays: meshes(), placements(), texture(), and export().

#include "python_module.h"

#include "contract/texture_texels.h"
#include "decode/texel_rgba8.h"
#include "export/export_looks.h"
#include "export/placed_scene.h"
#include "export/scene_writer.h"
#include "export/texture_writer.h"
#include "export/whole_scene_writer.h"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <mutex>
#include <utility>

namespace assetscope::python {

namespace {

using exporting::ExportMesh;
using exporting::ExportScene;

// An array over memory `owner` keeps alive: the decoded buffers are shared, not copied.
template <typename T>
py::array shared(const std::shared_ptr<const void>& owner, const T* data, std::vector<py::ssize_t> shape) {
    auto* keep = new std::shared_ptr<const void>(owner);
    py::capsule base(keep, [](void* p) { delete static_cast<std::shared_ptr<const void>*>(p); });
    std::vector<py::ssize_t> strides(shape.size());
    py::ssize_t stride = sizeof(T);
    for (std::size_t i = shape.size(); i-- > 0;) {
        strides[i] = stride;
        stride *= shape[i];
    }
    py::array out(py::dtype::of<T>(), shape, strides, data, base);
    // Read-only: the buffers belong to the document's decode, shared by every array made from it.
    py::detail::array_proxy(out.ptr())->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
    return out;
}

// A vector of fixed-size float rows (Vec2, Vec3, Vec4) as an N×K float32 array; None when empty.
template <typename Row>
py::object rows(const std::shared_ptr<const void>& owner, const std::vector<Row>& v, py::ssize_t k) {
    static_assert(sizeof(Row) == sizeof(typename Row::value_type) * std::tuple_size_v<Row>);
    if (v.empty()) return py::none();
    return shared(owner, v.front().data(), {static_cast<py::ssize_t>(v.size()), k});
}

py::object meshObject(const std::shared_ptr<const ExportScene>& scene, const ExportMesh& mesh) {
    // Kept for the module's life (a static py::object would be released after finalisation).
    static auto* ns = new py::object(py::module_::import("types").attr("SimpleNamespace"));
    const std::shared_ptr<const void> owner = scene;
    py::dict d;
    d["name"] = textObject(mesh.name);
    d["positions"] = rows(owner, mesh.positions, 3);
    if (mesh.positions.empty()) d["positions"] = py::array_t<float>(std::vector<py::ssize_t>{0, 3});
    d["normals"] = rows(owner, mesh.normals, 3);
    d["tangents"] = rows(owner, mesh.tangents, 4);
    py::list uvs;
    for (const auto& set : mesh.uvs)
        uvs.append(rows(owner, set, 2));
    d["uvs"] = uvs;
    d["colors"] = rows(owner, mesh.colors, 4);
    d["colors1"] = rows(owner, mesh.colors1, 4);
    if (mesh.joints.empty())
        d["joints"] = py::none();
    else
        d["joints"] =
            shared(owner, mesh.joints.front().data(), {static_cast<py::ssize_t>(mesh.joints.size()), 4});
    d["weights"] = rows(owner, mesh.weights, 4);
    py::list primitives;
    std::size_t triangles = 0;
    for (const auto& p : mesh.primitives) {
        py::dict prim;
        prim["material"] = p.material;
        const exporting::Material* material =
            p.material < scene->materials.size() ? &scene->materials[p.material] : nullptr;
        prim["material_name"] = material ? py::object(textObject(material->name)) : py::object(py::none());
        prim["slot"] =
            material && material->slot ? py::object(py::int_(*material->slot)) : py::object(py::none());
        prim["indices"] =
            shared(owner, p.indices.data(), {static_cast<py::ssize_t>(p.indices.size() / 3), 3});
        triangles += p.indices.size() / 3;
        primitives.append(prim);
    }
    d["primitives"] = primitives;
    // All primitives' triangles: the one primitive's own buffer, or the primitives' joined.
    if (mesh.primitives.size() == 1) {
        d["indices"] = primitives[0]["indices"];
    } else {
        py::array_t<std::uint32_t> all({static_cast<py::ssize_t>(triangles), py::ssize_t{3}});
        auto* out = all.mutable_data();
        for (const auto& p : mesh.primitives)
            out = std::copy(p.indices.begin(),
                            p.indices.begin() + static_cast<std::ptrdiff_t>(p.indices.size() / 3 * 3), out);
        d["indices"] = all;
    }
    d["material"] = mesh.primitives.empty() ? py::object(py::none()) : primitives[0]["material"];
    d["slot"] = mesh.primitives.empty() ? py::object(py::none()) : primitives[0]["slot"];
    py::list targets;
    for (const auto& t : mesh.morphTargets)
        targets.append(textObject(t.name));
    d["morph_targets"] = targets;
    return (*ns)(**d);
}

ExportSelection selectionOf(const py::object& meshes, const py::object& lod, int variant, int season) {
    ExportSelection s;
    if (!meshes.is_none()) s.meshes = meshes.cast<std::vector<std::uint32_t>>();
    if (!lod.is_none()) s.lod = lod.cast<int>();
    if (variant < 0) raiseError(ErrorKind::Usage, "", "variant must be 0 or more");
    if (season < 0 || season > 3) raiseError(ErrorKind::Usage, "", "season must be 0 (spring) to 3 (winter)");
    s.variant = variant;
    s.season = season;
    return s;
}

bool sameSelection(const ExportSelection& a, const ExportSelection& b) {
    return a.meshes == b.meshes && a.lod == b.lod && a.variant == b.variant && a.season == b.season;
}

// The last scene meshes() decoded, one for the whole module: a second call on the same document
// with the same choices hands out the same (read-only) buffers instead of decoding again, and a
// Python loop that asks again does not pay for fresh memory each time (glibc gives a freed
// decode's pages back to the kernel, and the next decode faults new ones in). At most one scene
// is kept beyond the arrays a script holds: it is let go when another is decoded or when its
// document goes. Only ever made, never destroyed: it outlives the module's objects.
struct LastScene {
    std::mutex mutex;
    const DocState* doc = nullptr;
    ExportSelection selection;
    std::shared_ptr<const ExportScene> scene;
};

LastScene& lastScene() {
    static auto* last = new LastScene;
    return *last;
}

std::shared_ptr<const ExportScene> keptScene(const DocState* doc, const ExportSelection& selection) {
    LastScene& last = lastScene();
    const std::lock_guard lock(last.mutex);
    if (last.doc == doc && sameSelection(last.selection, selection)) return last.scene;
    return nullptr;
}

void keepScene(const DocState* doc, const ExportSelection& selection,
               std::shared_ptr<const ExportScene> scene) {
    std::shared_ptr<const ExportScene> previous;
    LastScene& last = lastScene();
    const std::lock_guard lock(last.mutex);
    last.doc = doc;
    last.selection = selection;
    previous = std::exchange(last.scene, std::move(scene)); // released after the lock
}

py::list meshes(const Document& d, const py::object& which, const py::object& lod, int variant, int season) {
    const ExportSelection selection = selectionOf(which, lod, variant, season);
    std::shared_ptr<const ExportScene> held = keptScene(d.state.get(), selection);
    if (!held) {
        std::string reason;
        std::optional<ExportScene> scene;
        {
            py::gil_scoped_release release;
            scene = d.file().exportScene(selection, reason);
        }
        if (!scene)
            raiseError(ErrorKind::Usage, d.state->input, reason.empty() ? "nothing to export" : reason);
        held = std::make_shared<const ExportScene>(std::move(*scene));
        keepScene(d.state.get(), selection, held);
    }
    py::list out;
    for (const auto& mesh : held->meshes)
        out.append(meshObject(held, mesh));
    return out;
}

py::dict textureInfo(const Document& d) {
    const auto t = d.file().texture();
    if (!t) raiseError(ErrorKind::Usage, d.state->input, "this file holds no texture");
    py::dict out;
    out["encoding"] = textObject(t->encodingText);
    out["srgb"] = t->srgb;
    out["width"] = t->width;
    out["height"] = t->height;
    out["depth"] = t->depth;
    out["mips"] = t->mips;
    out["slices"] = t->slices;
    out["cube"] = t->cube;
    out["tiled"] = t->tiled;
    out["float"] =
        t->format ? py::object(py::bool_(texelFormatInfo(*t->format).isFloat)) : py::object(py::none());
    py::list levels;
    for (const TextureLevel& l : t->levels) {
        py::dict level;
        level["mip"] = l.mip;
        level["slice"] = l.slice;
        level["width"] = l.width;
        level["height"] = l.height;
        level["offset"] = l.offset;
        level["size"] = l.size;
        levels.append(level);
    }
    out["levels"] = levels;
    return out;
}

py::array texture(const Document& d, std::uint32_t mip, std::uint32_t slice, bool rgba8) {
    const auto t = d.file().texture();
    if (!t) raiseError(ErrorKind::Usage, d.state->input, "this file holds no texture");
    if (auto refusal = exporting::textureRefusal(*t, exporting::Format::Png, {mip, slice}))
        raiseError(ErrorKind::Usage, d.state->input, *refusal);
    const TextureLevel& level = *t->level(mip, slice);
    auto image = std::make_shared<TexelImage>();
    auto eight = std::make_shared<Bytes>();
    std::string reason;
    bool ok = false;
    {
        py::gil_scoped_release release;
        const ByteView all = d.file().tree().bytes();
        const ByteView data =
            all.subspan(static_cast<std::size_t>(level.offset), static_cast<std::size_t>(level.size));
        ok = decodeLevelInto(*t->format, level.width, level.height, data, *image, reason);
        if (ok && rgba8) *eight = decode::rgba8Texels(*t->format, *image);
    }
    if (!ok) raiseError(ErrorKind::Usage, d.state->input, reason);
    const std::vector<py::ssize_t> shape{static_cast<py::ssize_t>(image->height),
                                         static_cast<py::ssize_t>(image->width), 4};
    if (rgba8) return shared(std::shared_ptr<const void>(eight), eight->data(), shape);
    if (image->isFloat) return shared(std::shared_ptr<const void>(image), image->rgba32f.data(), shape);
    return shared(std::shared_ptr<const void>(image), image->rgba8.data(), shape);
}

py::dict exportFile(const Document& d, const py::object& outPath, const py::object& format,
                    const py::object& which, const py::object& lod, int variant, int season,
                    const py::object& mip, const py::object& slice, const py::object& models, bool instancing,
                    const py::object& roots, bool textures) {
    const std::string out = pathText(outPath);
    // --root and --no-textures: the looks' textures of a model, or of a scene's models.
    exporting::LookSettings looks;
    looks.textures = textures;
    if (!roots.is_none()) looks.roots = pathList(roots);
    looks.resolvers = installResolvers();
    const std::string& input = d.state->input;
    std::optional<exporting::Format> chosen;
    const auto all = exporting::allExportFormats();
    if (!format.is_none()) {
        const std::string name = format.cast<std::string>();
        chosen = exporting::formatFromName(name);
        if (!chosen)
            raiseError(ErrorKind::Usage, "",
                       "export: unknown format '" + name + "' (" +
                           exporting::formatNameList("", ", ", " or ", all) + ")");
    } else {
        chosen = exporting::formatFromPath(out);
        if (!chosen)
            raiseError(ErrorKind::Usage, "",
                       "export: cannot tell the format from '" + out + "'; name it " +
                           exporting::formatNameList(".", ", ", " or ", all) + ", or use format=");
    }
    const ExportSelection selection = selectionOf(which, lod, variant, season);
    py::dict result;
    py::list files;
    py::list notes;
    const ParsedFile& file = d.file();
    std::string error;
    bool ok = false;
    if (file.placements(selection, false)) {
        if (!selection.meshes.empty() || variant != 0 || !mip.is_none() || !slice.is_none())
            raiseError(ErrorKind::Usage, input,
                       "meshes, variant, mip and slice choose within one model; a placement file's instances "
                       "carry their own variants");
        if (input.empty())
            raiseError(ErrorKind::Usage, "", "a placement scene exports from a file: use open()");
        exporting::SceneExportOptions options;
        options.season = season;
        options.lod = selection.lod;
        if (!models.is_none()) options.modelPlaces = pathList(models);
        options.format = *chosen;
        options.instancing = instancing;
        options.looks = looks;
        exporting::SceneExportResult r;
        {
            py::gil_scoped_release release;
            r = exporting::exportPlacedScene({input}, options, out);
        }
        if (!r.ok) raiseError(ErrorKind::Usage, input, r.error);
        for (const auto& f : r.files)
            files.append(textObject(f.string()));
        for (const auto& n : r.notes)
            notes.append(textObject(n));
        result["instances"] = r.instances;
        result["modelled"] = r.modelled;
        result["meshes"] = r.meshes;
        result["lines"] = r.lines;
    } else if (const auto texture = file.texture()) {
        if (exporting::exportFormat(*chosen).kind() != exporting::ExportKind::Texture)
            raiseError(ErrorKind::Usage, input,
                       "a texture exports as " +
                           exporting::formatNameList(
                               ".", ", ", " or ", exporting::exportFormats(exporting::ExportKind::Texture)) +
                           ", not " + std::string(exporting::formatName(*chosen)));
        if (*chosen == exporting::Format::Dds && (!mip.is_none() || !slice.is_none()))
            raiseError(ErrorKind::Usage, input,
                       "mip and slice choose a PNG's level; a DDS holds every level");
        const exporting::TextureChoice choice{mip.is_none() ? 0u : mip.cast<std::uint32_t>(),
                                              slice.is_none() ? 0u : slice.cast<std::uint32_t>()};
        exporting::TextureWriteReport report;
        {
            py::gil_scoped_release release;
            ok = exporting::writeTexture(*texture, file.tree().bytes(), *chosen, choice, out, error, &report);
        }
        if (!ok) raiseError(ErrorKind::Usage, input, error);
        for (const auto& f : report.files)
            files.append(textObject(f.string()));
        for (const auto& n : report.notes)
            notes.append(textObject(n));
        result["width"] = report.width;
        result["height"] = report.height;
        result["levels"] = report.levels;
    } else {
        if (exporting::exportFormat(*chosen).kind() != exporting::ExportKind::Scene)
            raiseError(ErrorKind::Usage, input,
                       std::string(exporting::formatName(*chosen)) +
                           " writes textures and this file holds none; name the output " +
                           exporting::formatNameList(".", ", ", " or "));
        if (!mip.is_none() || !slice.is_none())
            raiseError(ErrorKind::Usage, input,
                       "mip and slice choose a texture's level and this file holds no texture");
        exporting::WriteReport report;
        std::string reason;
        std::vector<std::string> lookNotes;
        {
            py::gil_scoped_release release;
            auto scene = file.exportScene(selection, reason);
            // A document parsed from bytes has no path, so no install to find its looks in.
            if (scene && !input.empty()) lookNotes = exporting::ExportLooks(looks).apply(*scene, file, input);
            if (scene)
                ok = exporting::writeWholeScene(*scene, *chosen, out, error, &report);
            else
                error = reason.empty() ? std::string("nothing to export") : reason;
        }
        if (!ok) raiseError(ErrorKind::Usage, input, error);
        for (const auto& n : lookNotes)
            notes.append(n);
        for (const auto& f : report.files)
            files.append(textObject(f.string()));
        for (const auto& w : report.warnings)
            notes.append(textObject(w));
        result["meshes"] = report.meshes;
        result["vertices"] = report.vertices;
        result["triangles"] = report.triangles;
    }
    result["format"] = std::string(exporting::formatName(*chosen));
    result["files"] = files;
    result["notes"] = notes;
    return result;
}

} // namespace

DocState::~DocState() {
    std::shared_ptr<const ExportScene> kept;
    LastScene& last = lastScene();
    const std::lock_guard lock(last.mutex);
    if (last.doc != this) return;
    last.doc = nullptr;
    kept = std::move(last.scene); // released after the lock
}

void defineArrays(py::module_&, py::class_<Document>& document) {
    document
        .def("meshes", &meshes, py::kw_only(), py::arg("meshes") = py::none(), py::arg("lod") = py::none(),
             py::arg("variant") = 0, py::arg("season") = 1,
             "The meshes `export` writes, decoded once, as numpy arrays sharing the decoded buffers "
             "(read-only): a list of objects with name, positions (N×3 float32), normals (N×3 or "
             "None), tangents (N×4, w the bitangent sign, or None), uvs (a list of N×2), colors and "
             "colors1 (N×4 in 0..1, or None), joints (N×4 uint16) and weights (N×4) or None, "
             "indices (M×3 uint32, every primitive's triangles), primitives (each with its material "
             "index, material_name, slot and indices), material and slot (the first primitive's), "
             "morph_targets (names). MESHES (indices, as --mesh), LOD, VARIANT and SEASON (0 spring "
             "to 3 winter) choose as `export` does; vectors are in the source engine's "
             "left-handed frame, as stored (an export mirrors z). The module keeps the last scene "
             "it decoded (one in all, let go with its document): asked again with the same "
             "choices, meshes() hands out the same buffers without decoding again.")
        .def("placements", &placements, py::kw_only(), py::arg("text") = "str",
             "The instances a placement file (.pgeo) places, as a numpy structured array with the "
             "columns of `placements --csv` (file, list, block, record, template, x, y, z, ...): "
             "text columns as str (numpy's fixed-width 'U', as wide as their longest value), or "
             "with TEXT \"bytes\" as the bytes stored (numpy's 'S', a quarter of the memory); "
             "numbers at the width the record stores them (rotation and scale float32, the "
             "position in metres float64, counts uint8 to uint32); a new, writable array. Raises "
             "UsageError for a file that places nothing.")
        .def_property_readonly("texture_info", &textureInfo,
                               "The texture the file holds, as a dict: encoding (the DXGI name "
                               "without its prefix), srgb, width, height, depth, mips, slices, "
                               "cube, tiled, float (whether texture() gives float32) and levels "
                               "(each stored level's mip, slice, width, height, offset and size). "
                               "Raises UsageError when the file holds no texture.")
        .def("texture", &texture, py::arg("mip") = 0, py::arg("slice") = 0, py::kw_only(),
             py::arg("rgba8") = false,
             "Level MIP of array slice SLICE decoded as the viewers decode it: an H×W×4 array, "
             "uint8, or float32 for the float encodings (BC6H, float formats, 16-bit UNORM, signed "
             "BC4/BC5), channels a format does not store as Direct3D gives them; sRGB kept as "
             "stored. RGBA8=True gives the 8-bit texels a PNG export writes instead (grey BC4/R8, "
             "signed mapped v×0.5+0.5, floats clamped). Read-only; raises UsageError for a level "
             "that is not there or a tiled texture.")
        .def("export", &exportFile, py::arg("out"), py::kw_only(), py::arg("format") = py::none(),
             py::arg("meshes") = py::none(), py::arg("lod") = py::none(), py::arg("variant") = 0,
             py::arg("season") = 1, py::arg("mip") = py::none(), py::arg("slice") = py::none(),
             py::arg("models") = py::none(), py::arg("instancing") = false, py::arg("roots") = py::none(),
             py::arg("textures") = true,
             "Writes the file as `assetscope-cli export INPUT -o OUT` does: a model's or a MeshSet's "
             "meshes (glb, gltf, obj, fbx) with its looks' textures (ROOTS as --root; "
             "textures=False as --no-textures), a texture (png: one level, MIP and SLICE; dds: every "
             "level), a placement file's scene (glb, gltf; MODELS are further folders or archives "
             "to look for models in, INSTANCING as --instancing). FORMAT names the format, else "
             "OUT's extension does. Returns a dict: format, files (every file written), notes "
             "(what the reader should know) and the counts written. Raises UsageError when it "
             "cannot write.");
}

} // namespace assetscope::python
