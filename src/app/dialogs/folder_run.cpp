#include "dialogs/folder_run.h"

#include <QLabel>
#include <QProgressBar>
#include <QTimer>

namespace assetscope::app {

FolderRunner::FolderRunner(Listing listing, QObject* parent)
    : QObject(parent), m_poll(new QTimer(this)), m_listing(listing) {
    m_poll->setInterval(100);
    connect(m_poll, &QTimer::timeout, this, &FolderRunner::progressed);
    connect(&m_watcher, &QFutureWatcher<void>::finished, this, [this] {
        // Polling stops before the dialog hears the end.
        m_poll->stop();
        collect();
        m_ended = true;
        emit finished();
    });
}

FolderRunner::~FolderRunner() {
    // Stopped without a word: the dialog that would hear it is going too.
    m_shared->cancel = true;
    m_watcher.waitForFinished();
}

void FolderRunner::follow(QFuture<void> future) {
    m_watcher.setFuture(std::move(future));
    m_poll->start();
}

void FolderRunner::cancel() {
    if (!running()) return;
    m_cancelled = true;
    m_shared->cancel = true;
    emit progressed();
}

FolderRunState FolderRunner::state() const {
    FolderRunState s;
    s.found = m_shared->progress.found.load(std::memory_order_relaxed);
    s.done = m_shared->progress.done.load(std::memory_order_relaxed);
    s.listing = m_listing == Listing::First && !m_shared->walked;
    s.finished = m_watcher.isFinished();
    s.cancelled = m_cancelled;
    return s;
}

void FolderRunner::show(QProgressBar& bar, QLabel& status, const QString& where) const {
    const FolderRunState s = state();
    // While a census lists, the bar stays busy: there is no total yet.
    if (!s.listing) showFolderProgress(bar, s.found, s.done);
    status.setText(folderRunStatus(s, where));
}

} // namespace assetscope::app
