#include "document_looks.h"

#include "background_threads.h"
#include "document.h"
#include "game_roots.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace assetscope::app {

DocumentLooks::DocumentLooks(GameRoots& roots, QObject* parent) : QObject(parent), m_roots(roots) {
    connect(&m_roots, &GameRoots::rootsChanged, this, [this] {
        ++m_generation;
        m_entries.clear();
        emit looksReset();
    });
}

const DocumentLooks::Looks* DocumentLooks::looksOf(const std::shared_ptr<Document>& document) {
    // Closed documents' entries go; a document's address may be taken again by a new one.
    std::erase_if(m_entries, [](const auto& e) { return e->document.expired(); });
    if (!document || !document->parsed) return nullptr;
    auto it = std::find_if(m_entries.begin(), m_entries.end(),
                           [&](const auto& e) { return e->key == document.get(); });
    if (it == m_entries.end()) {
        auto entry = std::make_unique<Entry>();
        entry->document = document;
        entry->key = document.get();
        entry->looks.own = document->parsed->materials();
        if (!entry->looks.own.empty()) follow(document, *entry);
        it = m_entries.insert(m_entries.end(), std::move(entry));
    }
    return (*it)->looks.own.empty() ? nullptr : &(*it)->looks;
}

void DocumentLooks::follow(const std::shared_ptr<Document>& document, Entry& entry) {
    const std::shared_ptr<const resolve::GameResolver> resolver = m_roots.resolverFor(document->input);
    entry.looks.roots = resolver->roots();
    using Result = std::vector<materials::ResolvedLook>;
    auto* watcher = new QFutureWatcher<Result>(this);
    const int generation = m_generation;
    const Document* key = document.get();
    connect(watcher, &QFutureWatcher<Result>::finished, this, [this, watcher, generation, key] {
        watcher->deleteLater();
        if (generation != m_generation) return; // other roots since
        for (const auto& e : m_entries)
            if (e->key == key && !e->document.expired()) {
                e->looks.resolved = watcher->result();
                emit looksResolved(key);
            }
    });
    // The chain's links are other files, read here; of the document only the typed result that
    // materials() reads is touched, never its tree, which the UI thread may be adding nodes to.
    watcher->setFuture(QtConcurrent::run(&backgroundThreads(), [document, resolver] {
        return materials::resolveLooks(*document->parsed, document->input.toStdString(), *resolver);
    }));
}

} // namespace assetscope::app
