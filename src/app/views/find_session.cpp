#include "views/find_session.h"

#include "background_threads.h"
#include "models/find_results_model.h"
#include "views/hex_view.h"

#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

namespace assetscope::app {

FindSession::FindSession(std::shared_ptr<Document> document, QObject* parent)
    : QObject(parent), m_document(std::move(document)), m_model(new FindResultsModel(false, this)) {
    m_poll = new QTimer(this);
    m_poll->setInterval(50);
    connect(m_poll, &QTimer::timeout, this, &FindSession::poll);
    connect(&m_watcher, &QFutureWatcher<Outcome>::finished, this, &FindSession::onFinished);
}

FindSession::~FindSession() {
    // The task holds its own share of the bytes and of the flags: it stops soon and is dropped,
    // and closing a tab never waits for it.
    if (m_shared) m_shared->cancel = true;
    m_watcher.disconnect(this);
}

void FindSession::start(const FindQuery& query) {
    if (m_shared) m_shared->cancel = true;
    m_shared = std::make_shared<Shared>();
    m_query = query;
    m_running = true;
    m_cancelled = false;
    m_current = -1;
    m_model->clear();
    m_marks.clear();

    FindTarget target;
    target.input = m_document->input.toStdString();
    target.fileName = m_document->displayName.toStdString();
    target.bytes = m_document->bytes;
    // No tree: the window's grows as views open lazy arrays on this thread, so the task cannot
    // read it (a Names find reads its own). Byte and text matches are placed in the window's tree
    // on this thread, a row when the results pane first shows it or F3 steps to it.
    std::shared_ptr<Shared> shared = m_shared;
    m_watcher.setFuture(QtConcurrent::run(&backgroundThreads(), [target, query, shared] {
        FindControl control;
        control.maxMatches = kMaxMatches;
        control.cancel = &shared->cancel;
        // Bytes and texts know their sizes: the results pane places the rows it shows, in the
        // window's tree. A Value match's size (its field's, which the hex marks need) comes
        // with its place, so those are placed here.
        control.place = query.kind == FindKind::Value;
        control.progress = [shared](std::uint64_t done, std::uint64_t total) {
            shared->done.store(done, std::memory_order_relaxed);
            shared->total.store(total, std::memory_order_relaxed);
        };
        return prepare(findInFile(target, query, control), control.place);
    }));
    m_poll->start();
    emit started();
}

void FindSession::cancel() {
    if (!m_running) return;
    m_shared->cancel = true;
    m_cancelled = true;
}

int FindSession::matchCount() const {
    return m_model->rowCount();
}

std::uint64_t FindSession::total() const {
    return m_model->total();
}

void FindSession::setCurrent(int row) {
    if (row < -1 || row >= matchCount() || row == m_current) return;
    m_current = row;
    emit currentChanged(row);
}

int FindSession::stepped(int delta) const {
    const int n = matchCount();
    if (n == 0) return -1;
    if (m_current < 0) return delta >= 0 ? 0 : n - 1;
    return ((m_current + delta) % n + n) % n;
}

void FindSession::poll() {
    if (!m_shared) return;
    emit progressed(m_shared->done.load(std::memory_order_relaxed),
                    m_shared->total.load(std::memory_order_relaxed));
}

FindSession::Outcome FindSession::prepare(FindResult result, bool placed) {
    Outcome out;
    out.placed = placed;
    out.total = result.total;
    out.cancelled = result.cancelled;
    out.found.reserve(result.matches.size());
    std::vector<ByteRange> marks;
    marks.reserve(result.matches.size());
    for (FindMatch& m : result.matches) {
        marks.push_back({m.offset, m.offset + std::max<std::uint64_t>(m.size, 1)});
        out.found.push_back({std::string(), std::move(m)});
    }
    out.marks = HexView::joinedRanges(std::move(marks));
    return out;
}

void FindSession::onFinished() {
    m_poll->stop();
    m_running = false;
    // Taken, not copied: a copy of 100,000 matches and their paths would be the UI thread's.
    Outcome out = m_watcher.future().takeResult();
    m_cancelled = m_cancelled || out.cancelled;
    m_marks = std::move(out.marks);
    m_model->setFound(std::move(out.found), out.total, out.placed ? nullptr : m_document->tree());
    emit finished();
}

} // namespace assetscope::app
