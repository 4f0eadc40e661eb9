// The 3D pane's model places: the folders and archives a placement file's models are looked for
// in after the file's own folder, chosen from the pane's Models menu and remembered by the window.
#include "background_threads.h"
#include "document.h"
#include "scene_looks.h"
#include "views/preview_pane.h"

#include <QFileDialog>
#include <QFutureWatcher>
#include <QMenu>
#include <QtConcurrent/QtConcurrentRun>

namespace assetscope::app {

void PreviewPane::fillModelsMenu() {
    m_modelsMenu->clear();
    m_modelsMenu->addAction(tr("Look for Models in a Folder…"), this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(this, tr("Look for Models in a Folder"));
        if (!folder.isEmpty() && !m_modelPlaces.contains(folder))
            setModelPlaces(m_modelPlaces + QStringList{folder});
    });
    m_modelsMenu->addAction(tr("Look for Models in an Archive…"), this, [this] {
        const QString archive = QFileDialog::getOpenFileName(
            this, tr("Look for Models in an Archive"), QString(), tr("Zip archives (*.zip);;All files (*)"));
        if (!archive.isEmpty() && !m_modelPlaces.contains(archive))
            setModelPlaces(m_modelPlaces + QStringList{archive});
    });
    if (m_modelPlaces.isEmpty()) return;
    m_modelsMenu->addSeparator();
    for (const QString& place : m_modelPlaces)
        m_modelsMenu->addAction(place)->setEnabled(false);
    m_modelsMenu->addSeparator();
    m_modelsMenu->addAction(tr("Forget These Places"), this, [this] { setModelPlaces({}); });
}

void PreviewPane::setModelPlaces(const QStringList& places) {
    if (places == m_modelPlaces) return;
    m_modelPlaces = places;
    emit modelPlacesChanged(m_modelPlaces);
    m_foundModels.reset();
    ++m_lookup;
    if (m_document && m_document->placements) lookUpModels();
}

const PlacementModels* PreviewPane::placementModels() const {
    if (m_foundModels) return &*m_foundModels;
    return m_document ? &m_document->placementModels : nullptr;
}

void PreviewPane::lookUpModels() {
    if (!m_document || !m_document->placements) return;
    const int lookup = ++m_lookup;
    const Document* document = m_document;
    using Found = std::pair<PlacementModels, std::vector<std::string>>; // the models, their looks' notes
    auto* watcher = new QFutureWatcher<Found>(this);
    connect(watcher, &QFutureWatcher<Found>::finished, this, [this, watcher, lookup, document] {
        watcher->deleteLater();
        if (lookup != m_lookup || document != m_document) return; // another file or other places since
        Found found = watcher->result();
        m_foundModels = std::move(found.first);
        m_foundLookNotes = std::move(found.second);
        rebuild();
        emit placementModelsFound();
    });
    ModelSearch search = modelSearch(m_modelPlaces);
    search.keepParsed = true; // each model's looks are read from it, then it is let go
    // The lookup opens model files and their looks' textures: off the UI thread, on copies of
    // what it reads, with the window's shared textures and resolvers.
    watcher->setFuture(
        QtConcurrent::run(&backgroundThreads(),
                          [input = document->input.toStdString(), placements = *document->placements, search,
                           images = m_textureImages, resolvers = m_resolvers, roots = rootList(m_gameRoots)] {
                              Found found{findPlacementModels(input, placements, search), {}};
                              texturePlacedModels(found.first, *images, *resolvers, found.second, roots);
                              return found;
                          }));
}

} // namespace assetscope::app
