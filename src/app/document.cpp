#include "document.h"

#include "document/open_input.h"
#include "input/input_path.h"

#include <QElapsedTimer>

namespace assetscope::app {

std::shared_ptr<Document> loadDocument(const QString& input) {
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
        doc->unaccounted = unaccountedRanges(doc->parsed->tree());
        std::string reason;
        doc->scene = doc->parsed->exportScene(ExportSelection{}, reason);
        doc->sceneReason = QString::fromStdString(reason);
        doc->placements = doc->parsed->placements(ExportSelection{}, false);
        doc->texture = doc->parsed->texture();
        if (doc->placements) doc->placementModels = findPlacementModels(text, *doc->placements);
    } catch (const std::exception& e) {
        // The core promises not to throw on bad bytes; out-of-memory and the like still can.
        doc->error = QString::fromUtf8(e.what());
    }
    doc->seconds = timer.elapsed() / 1000.0;
    return doc;
}

} // namespace assetscope::app
