#include "document.h"

#include "formats/pgeo/pgeo_handler.h"
#include "formats/pgeo/placements.h"
#include "formats/registry.h"
#include "input/input_path.h"

#include <QElapsedTimer>

namespace assetscope::app {

namespace {

// A file next to the input: same folder, or the same folder inside the same archive (a MeshSet's
// geometry chunk sits beside it as <guid>.chunk).
std::optional<Bytes> loadSibling(const std::string& input, const std::string& name) {
    if (name.empty() || name.find('/') != std::string::npos || name.find('\\') != std::string::npos ||
        name == "..")
        return std::nullopt;
    InputPath path = InputPath::parse(input);
    std::string& last = path.entries.empty() ? path.file : path.entries.back();
    const auto slash = last.find_last_of("/\\");
    last = (slash == std::string::npos ? std::string() : last.substr(0, slash + 1)) + name;
    LoadedInput loaded = loadInput(path.text());
    if (!loaded.ok() || !loaded.bytes) return std::nullopt;
    return Bytes(loaded.bytes->begin(), loaded.bytes->end());
}

} // namespace

std::shared_ptr<Document> loadDocument(const QString& input) {
    QElapsedTimer timer;
    timer.start();
    auto doc = std::make_shared<Document>();
    doc->input = input;
    const std::string text = input.toStdString();
    try {
        LoadedInput loaded = loadInput(text);
        doc->displayName =
            QString::fromStdString(loaded.name.empty() ? InputPath::parse(text).lastName() : loaded.name);
        if (!loaded.ok()) {
            doc->error = QString::fromStdString(loaded.error);
            return doc;
        }
        doc->bytes = loaded.bytes;
        const FormatHandler* handler = detectFormat(*loaded.bytes, loaded.name);
        if (!handler && archive::looksLikeZip(*loaded.bytes)) {
            std::string error;
            doc->archive = archive::ZipArchive::open(loaded.bytes, error);
            if (!doc->archive) doc->error = QString::fromStdString(error);
            doc->seconds = timer.elapsed() / 1000.0;
            return doc;
        }
        if (!handler) {
            doc->error = QStringLiteral("unsupported format (no known format matches its bytes)");
            return doc;
        }
        ParseSettings settings;
        settings.fileName = loaded.name;
        settings.sibling = [text](const std::string& name) { return loadSibling(text, name); };
        doc->parsed = handler->parse(loaded.bytes, settings);
        if (!doc->parsed) {
            doc->error =
                QStringLiteral("the %1 reader gave no result").arg(QString::fromUtf8(handler->name()));
            return doc;
        }
        doc->unaccounted = unaccountedRanges(doc->parsed->tree());
        std::string reason;
        doc->scene = doc->parsed->exportScene(ExportSelection{}, reason);
        doc->sceneReason = QString::fromStdString(reason);
        if (const auto* pgeo = dynamic_cast<const pgeo::ParsedPgeo*>(doc->parsed.get())) {
            doc->placements = loadPlacementScene(text, pgeo->file());
        }
    } catch (const std::exception& e) {
        // The core promises not to throw on bad bytes; out-of-memory and the like still can.
        doc->error = QString::fromUtf8(e.what());
    }
    doc->seconds = timer.elapsed() / 1000.0;
    return doc;
}

} // namespace assetscope::app
