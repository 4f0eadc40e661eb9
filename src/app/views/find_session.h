#pragma once

#include "document.h"
#include "find/find_in_file.h"
#include "find/find_walk.h"
#include "tree/coverage.h"

#include <QFutureWatcher>
#include <QObject>

#include <atomic>
#include <memory>

class QTimer;

namespace assetscope::app {

class FindResultsModel;

// One document's find: runs core's findInFile off the UI thread (the UI thread only polls its
// progress and takes the result when the task says it is done; it never waits for it), keeps
// the matches for the results pane and which one is current.
class FindSession : public QObject {
    Q_OBJECT
public:
    // Matches the window keeps of one file; further ones are counted.
    static constexpr std::size_t kMaxMatches = 100'000;

    explicit FindSession(std::shared_ptr<Document> document, QObject* parent = nullptr);
    ~FindSession() override;

    // Starts a find, cancelling one that is running (its result is dropped).
    void start(const FindQuery& query);
    void cancel();
    bool running() const { return m_running; }
    bool cancelled() const { return m_cancelled; }
    const std::optional<FindQuery>& query() const { return m_query; }

    FindResultsModel* model() const { return m_model; }
    int matchCount() const;
    std::uint64_t total() const;
    // The match last gone to (-1: none yet).
    int current() const { return m_current; }
    void setCurrent(int row);
    // The row `delta` steps from the current one, wrapping around; -1 without matches.
    int stepped(int delta) const;
    // The listed matches' bytes, sorted and joined as the hex pane marks them (joined by the
    // worker: the UI thread only hands them on).
    const std::vector<ByteRange>& marks() const { return m_marks; }

signals:
    void started();
    void progressed(quint64 done, quint64 total);
    void finished();
    void currentChanged(int row);

private:
    struct Shared {
        std::atomic<bool> cancel{false};
        std::atomic<std::uint64_t> done{0};
        std::atomic<std::uint64_t> total{0};
    };
    // A find's result as the window shows it, made ready on the worker: rows for the results
    // model and the hex pane's marks, so that taking 100,000 matches costs the UI thread a move.
    struct Outcome {
        std::vector<FoundMatch> found;
        std::vector<ByteRange> marks;
        std::uint64_t total = 0;
        bool cancelled = false;
        bool placed = false; // the matches name their nodes already
    };
    static Outcome prepare(FindResult result, bool placed);
    void poll();
    void onFinished();

    std::shared_ptr<Document> m_document;
    std::shared_ptr<Shared> m_shared;
    QFutureWatcher<Outcome> m_watcher;
    QTimer* m_poll = nullptr;
    FindResultsModel* m_model = nullptr;
    std::optional<FindQuery> m_query;
    std::vector<ByteRange> m_marks;
    int m_current = -1;
    bool m_running = false;
    bool m_cancelled = false;
};

} // namespace assetscope::app
