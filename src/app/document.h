#pragma once

#include "archive/zip_archive.h"
#include "contract/parsed_file.h"
#include "open/placement_models.h"
#include "scene_looks.h"
#include "tree/coverage.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace assetscope::app {

// One open input: its bytes and what core made of them. Built off the UI thread by
// loadDocument(), then only touched on the UI thread (lazy array elements are materialised
// into the tree as views ask for them).
struct Document {
    QString input;       // as typed: "a.zip::dir/file.modelbin"
    QString displayName; // the innermost name
    SharedBytes bytes;
    QString error; // loading or format detection failed
    std::unique_ptr<ParsedFile> parsed;
    std::unique_ptr<archive::ZipArchive> archive; // the input is a zip: shown as an archive browser
    std::vector<ByteRange> unaccounted;           // bytes no node accounts for
    std::optional<exporting::ExportScene> scene;  // geometry for the 3D pane, when the format has any
    QString sceneReason;                          // why there is none
    std::optional<Placements> placements;         // placement files: instance groups (no matrices)
    PlacementModels placementModels;              // and the models found beside it and in the model places
    QStringList modelPlaces;                      // the model places placementModels was looked up with
    // The textures of the model's looks (its scene has them), or, for a placement file, the notes
    // of its placed models' looks (their scenes have them); empty when read without looks.
    ModelLooks looks;
    std::optional<TextureDescription> texture; // the texture the file holds, its levels in `bytes`
    std::string sha256;                        // of `bytes` (parsed files): the key of its bookmarks
    double seconds = 0;                        // load + parse time
    // The choices `scene` was built for, off the UI thread: those the 3D pane starts with
    // (firstPreviewSelection), so the pane draws it as it is.
    ExportSelection sceneSelection;

    bool ok() const { return error.isEmpty(); }
    StructureTree* tree() const { return parsed ? &parsed->tree() : nullptr; }
};

// What the 3D pane draws first for a file with these choices: its first LOD, the first variant,
// the default season where the season matters (the pane's boxes start there).
ExportSelection firstPreviewSelection(const PreviewChoices& choices);
// Whether two selections draw the same scene.
bool sameSelection(const ExportSelection& a, const ExportSelection& b);

// Loads and parses an input (a path, or a path into archives with "::"). A placement file's
// models are looked for beside it, then in `modelPlaces` (folders and archives). Never throws;
// runs on any thread.
std::shared_ptr<Document> loadDocument(const QString& input, const QStringList& modelPlaces = {});
// The same, and the scene (or a placement file's models) given the textures of their looks,
// decoded through `images`: one cache shared by every document of a window, so a texture many
// models or cells name is read and decoded once. Paths resolve under `gameRoots` (the window's
// File > Game Roots…), then the input's own root, through `resolvers` (the window's, so that an
// install's folders and zips are listed once for all its documents). What was not found is in
// `looks.notes`.
std::shared_ptr<Document> loadDocumentWithLooks(const QString& input, const QStringList& modelPlaces,
                                                std::shared_ptr<materials::TextureImages> images,
                                                std::shared_ptr<resolve::ResolverPool> resolvers,
                                                const QStringList& gameRoots = {});

// The model a placement file's group of instances stands for, as found when it was read: its
// input, or empty with why not in `why`.
QString groupModelInput(const Document& document, std::size_t group, QString& why);

// The model places as core's lookup takes them.
ModelSearch modelSearch(const QStringList& modelPlaces);

} // namespace assetscope::app
