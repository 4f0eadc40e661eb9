#include "document.h"

#include "bytes/sha256.h"
#include "input/input_path.h"
#include "open/open_input.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <algorithm>

namespace assetscope::app {

ExportSelection firstPreviewSelection(const PreviewChoices& choices) {
    ExportSelection s;
    if (!choices.lodNumbers.empty()) s.lod = choices.lodNumbers.front();
    s.variant = 0;
    s.season = choices.seasons.empty()
                   ? 0
                   : std::min(ExportSelection{}.season, static_cast<int>(choices.seasons.size()) - 1);
    return s;
}

bool sameSelection(const ExportSelection& a, const ExportSelection& b) {
    return a.meshes == b.meshes && a.lod == b.lod && a.variant == b.variant && a.season == b.season;
}

QString groupModelInput(const Document& document, std::size_t group, QString& why) {
    const PlacementModels& found = document.placementModels;
    if (group < found.groupModel.size() && found.groupModel[group] >= 0)
        return QString::fromStdString(found.models[static_cast<std::size_t>(found.groupModel[group])].input);
    why = found.notes.empty() ? QObject::tr("not found beside the file or in the 3D pane's model places")
                              : QString::fromStdString(found.notes.front());
    return {};
}

ModelSearch modelSearch(const QStringList& modelPlaces) {
    ModelSearch search;
    for (const QString& place : modelPlaces)
        search.places.push_back(place.toStdString());
    return search;
}

namespace {

// The looks' textures: the model's own, or its placed models'. Reads files (the resolver's and
// the textures'); the document is not shared yet.
void applyLooks(Document& doc, const std::string& input, materials::TextureImages& images,
                resolve::ResolverPool& resolvers, const std::vector<std::string>& roots) {
    if (doc.scene) {
        doc.looks = modelLooks(*doc.parsed, input, images, resolvers, roots);
        giveLookTextures(*doc.scene, doc.looks);
    }
    if (doc.placements) texturePlacedModels(doc.placementModels, images, resolvers, doc.looks.notes, roots);
}

// Without `images` (or `resolvers`), the document is read without its looks.
std::shared_ptr<Document> load(const QString& input, const QStringList& modelPlaces,
                               materials::TextureImages* images, resolve::ResolverPool* resolvers,
                               const std::vector<std::string>& roots) {
    const bool withLooks = images && resolvers;
    QElapsedTimer timer;
    timer.start();
    auto doc = std::make_shared<Document>();
    doc->input = input;
    const std::string text = input.toStdString();
    try {
        OpenedInput opened = openInput(text);
        doc->displayName =
            QString::fromStdString(opened.name.empty() ? InputPath::parse(text).lastName() : opened.name);
        if (opened.failure == OpenFailure::Unreadable) {
            doc->error = QString::fromStdString(opened.error);
            return doc;
        }
        doc->bytes = opened.bytes;
        if (opened.failure == OpenFailure::Unsupported && archive::looksLikeZip(*opened.bytes)) {
            std::string error;
            doc->archive = archive::ZipArchive::open(opened.bytes, error);
            if (!doc->archive) doc->error = QString::fromStdString(error);
            doc->seconds = timer.elapsed() / 1000.0;
            return doc;
        }
        if (!opened.ok()) {
            doc->error = QString::fromStdString(opened.error);
            return doc;
        }
        doc->parsed = std::move(opened.parsed);
        // The key of the file's bookmarks, the same function `dump --notes` uses.
        doc->sha256 = sha256Hex(*opened.bytes);
        doc->unaccounted = unaccountedRanges(doc->parsed->tree());
        std::string reason;
        doc->sceneSelection = firstPreviewSelection(doc->parsed->previewChoices());
        doc->scene = doc->parsed->exportScene(doc->sceneSelection, reason);
        doc->sceneReason = QString::fromStdString(reason);
        doc->placements = doc->parsed->placements(ExportSelection{}, false);
        doc->texture = doc->parsed->texture();
        doc->modelPlaces = modelPlaces;
        if (doc->placements) {
            ModelSearch search = modelSearch(modelPlaces);
            search.keepParsed = withLooks; // the looks are read from the parsed models
            doc->placementModels = findPlacementModels(text, *doc->placements, search);
        }
        if (withLooks) applyLooks(*doc, text, *images, *resolvers, roots);
    } catch (const std::exception& e) {
        // The core promises not to throw on bad bytes; out-of-memory and the like still can.
        doc->error = QString::fromUtf8(e.what());
    }
    doc->seconds = timer.elapsed() / 1000.0;
    return doc;
}

} // namespace

std::shared_ptr<Document> loadDocument(const QString& input, const QStringList& modelPlaces) {
    return load(input, modelPlaces, nullptr, nullptr, {});
}

std::shared_ptr<Document> loadDocumentWithLooks(const QString& input, const QStringList& modelPlaces,
                                                std::shared_ptr<materials::TextureImages> images,
                                                std::shared_ptr<resolve::ResolverPool> resolvers,
                                                const QStringList& gameRoots) {
    return load(input, modelPlaces, images.get(), resolvers.get(), rootList(gameRoots));
}

} // namespace assetscope::app
