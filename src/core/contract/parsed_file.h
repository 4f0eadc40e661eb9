#pragma once

#include "bytes/byte_view.h"
#include "contract/census_counts.h"
#include "contract/material_look.h"
#include "contract/placement_rows.h"
#include "contract/preview.h"
#include "contract/table_source.h"
#include "contract/texture.h"
#include "scene/export_scene.h"
#include "tree/structure_tree.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace assetscope {

// A setting a format takes beyond the bytes, declared by its handler (FormatHandler::options)
// and given by name in ParseSettings::options, so that no other layer holds a field for it.
struct FormatOption {
    std::string_view name;        // "id-order"
    std::string_view description; // what it does, for a person
};

struct ParseSettings {
    bool recordNodes = true; // false: batch reading, diagnostics only
    FieldTap* tap = nullptr; // with nodes off: where the wanted documented fields go (field statistics)
    // Read only the container a format is built on (a model's or a texture's Grub bundle, nested
    // bundles included) and give it as that container's result: what the blobs hold is not read.
    // A handler built on no container reads the whole file. For finding a container field's node
    // at a fraction of a whole reading's cost.
    bool containerOnly = false;
    std::string fileName;   // the input's last path part: a hint (pgeo name grammar, MeshSet chunk lookup)
    std::string folderName; // the folder holding the input, when known: a hint (pgeo cell <cx>_<cz>)
    // Looks up a file next to the input (same folder or archive folder) by name; unset: none.
    std::function<std::optional<Bytes>(const std::string& name)> sibling;
    // Reads a file a person named in an option (a file, or a path into archives); unset: none.
    std::function<std::optional<Bytes>(const std::string& path)> named;
    // Format options by name, as text: each handler reads the ones it declares.
    std::map<std::string, std::string, std::less<>> options;

    // The option's text, or empty when it is not given.
    std::string_view option(std::string_view name) const {
        const auto it = options.find(name);
        return it == options.end() ? std::string_view() : std::string_view(it->second);
    }
};

// What `export` selects (the CLI contract): mesh indices (empty: every mesh of the finest LOD
// drawn in the main view), LOD, material variant row, season (0 spring .. 3 winter).
struct ExportSelection {
    std::vector<std::uint32_t> meshes;
    std::optional<int> lod;
    int variant = 0;
    int season = 1;
};

// One line of `info`: a label and its value.
using InfoLine = std::pair<std::string, std::string>;

// What a format parser gives back: the structure tree (with its diagnostics) and its typed
// result, behind a small interface the CLI, the census and the GUI use without knowing the format.
class ParsedFile {
public:
    explicit ParsedFile(StructureTree tree) : m_tree(std::move(tree)) {}
    virtual ~ParsedFile() = default;

    virtual std::string_view format() const = 0;
    StructureTree& tree() { return m_tree; }
    const StructureTree& tree() const { return m_tree; }

    // Versions and counts for `info` (format and size lines are added by the caller).
    virtual std::vector<InfoLine> info() const = 0;
    // Adds this file's counts (not `files` / `byFormat` / refusals, which the census adds).
    virtual void count(CensusCounts& counts) const = 0;
    // The file serialised again from its typed form; nullopt when the format has no writer.
    virtual std::optional<Bytes> writeBack() const = 0;
    // Geometry for the exporters; nullopt (and a reason) when the format has none to give.
    virtual std::optional<exporting::ExportScene> exportScene(const ExportSelection&,
                                                              std::string& reason) const {
        reason = "this format holds no geometry";
        return std::nullopt;
    }

    // What a viewer asks without knowing the format. A format without subjects keeps the
    // defaults: the window then shows the tree's own element and record tables.
    // The subject holding tree node `node`, its row set when the node lies in one of the
    // subject's table rows; none when the node belongs to no subject, or to an array whose
    // element table shows it better.
    virtual Subject subjectOf(NodeId) const { return {}; }
    // The tree node that stands for a subject; kNoNode when there is none.
    virtual NodeId nodeOf(const Subject&) const { return kNoNode; }
    virtual SubjectTables tables(const Subject&) const { return {}; }
    virtual PreviewChoices previewChoices() const { return {}; }
    // The LOD (as in PreviewChoices::lodNumbers) the 3D pane should show for a subject, if any.
    virtual std::optional<int> previewLod(const Subject&) const { return std::nullopt; }
    // The instances a placement file places, with their world matrices when `withMatrices`.
    virtual std::optional<Placements> placements(const ExportSelection&, bool /*withMatrices*/) const {
        return std::nullopt;
    }
    // The `placements` listing: the file's columns, then one row per placed instance in file
    // order. False, with nothing given to the sink, when the file places nothing.
    virtual bool listPlacements(PlacementRowSink&) const { return false; }
    // The texture the file holds, its levels located in tree().bytes(); nullopt when it holds none.
    virtual std::optional<TextureDescription> texture() const { return std::nullopt; }
    // What the file says about surfaces' looks: a model's slots in slot order, a material's or a
    // shader's one look; empty when it says nothing (contract/material_look.h).
    virtual std::vector<MaterialLook> materials() const { return {}; }

protected:
    StructureTree m_tree;
};

// A bundle nested in a container that another format reads as its own (a crowd's model bundles,
// read as models are): the container answers for the part's nodes, tables, meshes and counts
// through it. Subjects are in the part's own numbering; the container tells its parts' apart.
class NestedPart {
public:
    virtual ~NestedPart() = default;
    // What the part is, in the singular: `info` says "nested models" with the parts' meshes.
    virtual std::string_view noun() const = 0;
    // The meshes it holds: `export --mesh` numbers all parts' meshes one after another.
    virtual std::size_t meshCount() const = 0;
    // Adds the part's counts (not the bundle's, which the container counts).
    virtual void count(CensusCounts& counts) const = 0;
    virtual Subject subjectOf(const StructureTree& tree, NodeId node) const = 0;
    virtual NodeId nodeOf(const Subject& subject) const = 0;
    virtual SubjectTables tables(const Subject& subject) const = 0;
    virtual std::optional<exporting::ExportScene> exportScene(const ExportSelection& selection,
                                                              std::string& reason) const = 0;
    // Its looks, as ParsedFile::materials (a model's slots); the container numbers the parts.
    virtual std::vector<MaterialLook> materials() const { return {}; }
};

// A file other files may name, as "where is this used?" asks about it.
struct ReferenceTarget {
    std::string_view format;             // the format that read it ("modelbin"); empty when none did
    std::string_view fileName;           // its last path part
    const StructureTree* tree = nullptr; // its tree, nodes on; null when no format read it
};

// A documented field whose value names another file, filled in for one target: the value a
// find for `key` looks for to list the files that name it.
struct ReferenceFind {
    std::string key;         // "pgeo/source/template"
    std::string value;       // `*` and `?` globs allowed
    bool ignoreCase = false; // the documents compare the names with case ignored
    std::string rule;        // the documents' rule that ties the field to the target, for a person
};

// One supported format: recognises its bytes and parses them.
class FormatHandler {
public:
    virtual ~FormatHandler() = default;
    virtual std::string_view name() const = 0;
    // What a person calls the format ("Grub bundles") and the file names it is found under,
    // space-separated: extensions (".modelbin") or whole names ("ManufacturerColors.bin").
    virtual std::string_view title() const = 0;
    virtual std::string_view extensions() const = 0;
    // 0: not this format; higher is surer. The bytes decide; the name is only a hint.
    virtual int sniff(ByteView bytes, std::string_view fileName) const = 0;
    // Never throws on bad bytes.
    virtual std::unique_ptr<ParsedFile> parse(SharedBytes bytes, const ParseSettings& settings) const = 0;

    // The finds that list this format's files naming `target` by a documented reference field
    // (a .pgeo block's template names a model); empty when the format names no such file.
    virtual std::vector<ReferenceFind> referencesTo(const ReferenceTarget& /*target*/) const { return {}; }
    // The options parse reads from ParseSettings::options.
    virtual std::vector<FormatOption> options() const { return {}; }
    // Rows of the documented-field table (JSON, as resources/docs/fields/*.json) that the format
    // brings itself: a format registered from outside core. The project's formats keep theirs in
    // resources/docs/fields/, compiled in.
    virtual std::string_view documentedFields() const { return {}; }
};

} // namespace assetscope
