#include "views/install_filter_runner.h"

#include "background_threads.h"
#include "install/install_filter.h"
#include "models/install_model.h"

#include <QLocale>
#include <QPromise>
#include <QTreeView>
#include <QtConcurrent/QtConcurrentRun>

namespace assetscope::app {

InstallFilterRunner::InstallFilterRunner(std::shared_ptr<install::InstallIndex> index, InstallModel* model,
                                         QTreeView* tree, QObject* parent)
    : QObject(parent), m_index(std::move(index)), m_model(model), m_tree(tree) {}

InstallFilterRunner::~InstallFilterRunner() {
    cancel();
    if (m_watcher) m_watcher->waitForFinished();
}

void InstallFilterRunner::cancel() {
    if (m_cancel) m_cancel->store(true);
}

bool InstallFilterRunner::running() const {
    return m_watcher && m_watcher->isRunning();
}

bool InstallFilterRunner::start(const QString& text, QString& error) {
    std::string why;
    const auto filter = install::InstallFilter::parse(text.toStdString(), why);
    if (!filter) {
        error = QString::fromStdString(why);
        return false;
    }
    cancel();
    if (m_watcher) {
        // Its results are no longer wanted; it ends at its next check of the cancel flag.
        m_watcher->disconnect(this);
        connect(m_watcher, &QFutureWatcher<Answer>::finished, m_watcher, &QObject::deleteLater);
        m_watcher = nullptr;
    }
    if (filter->empty()) {
        m_active = false;
        m_partial = false;
        m_matchCount = 0;
        m_model->setMatches(std::nullopt);
        emit finished();
        return true;
    }
    m_active = true;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    auto* watcher = new QFutureWatcher<Answer>(this);
    m_watcher = watcher;
    connect(watcher, &QFutureWatcher<Answer>::resultReadyAt, this,
            [this, watcher](int at) { show(watcher->resultAt(at)); });
    connect(watcher, &QFutureWatcher<Answer>::finished, this, [this, watcher] {
        if (m_watcher == watcher) m_watcher = nullptr;
        watcher->deleteLater();
    });
    watcher->setFuture(QtConcurrent::run(
        &backgroundThreads(), [index = m_index, cancel = m_cancel, f = *filter](QPromise<Answer>& promise) {
            if (!index->whole()) {
                // What is listed so far answers at once; the rest of the install is listed after.
                Answer first{install::matchingNodes(*index, f, cancel.get()), true, index->nodeCount()};
                if (cancel->load()) return;
                promise.addResult(std::move(first));
                if (!index->buildAll(cancel.get())) return;
            }
            Answer whole{install::matchingNodes(*index, f, cancel.get()), false, index->nodeCount()};
            if (!cancel->load()) promise.addResult(std::move(whole));
        }));
    return true;
}

void InstallFilterRunner::show(Answer answer) {
    m_partial = answer.partial;
    m_matchCount = answer.matches.size();
    m_known = answer.known;
    const bool expandAll = answer.matches.size() <= kMaxExpanded;
    m_model->setMatches(std::move(answer.matches));
    if (expandAll)
        m_tree->expandAll();
    else
        m_tree->expandToDepth(1);
    if (m_partial)
        emit partialShown();
    else
        emit finished();
}

QString InstallFilterRunner::note() const {
    if (!m_active) return {};
    const QLocale locale;
    const QString count = m_matchCount == 1
                              ? tr("1 match")
                              : tr("%1 matches").arg(locale.toString(static_cast<qulonglong>(m_matchCount)));
    QString text = m_partial
                       ? tr("%1 so far, among the %2 names listed; the rest of the install is being listed…")
                             .arg(count, locale.toString(static_cast<qulonglong>(m_known)))
                       : count;
    if (m_matchCount > kMaxExpanded) text += tr(" (open the folders to see them)");
    return text;
}

} // namespace assetscope::app
