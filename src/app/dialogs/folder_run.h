#pragma once

#include "background_threads.h"
#include "dialogs/folder_run_progress.h"

#include <QFutureWatcher>
#include <QObject>
#include <QtConcurrent/QtConcurrentRun>

#include <memory>
#include <optional>
#include <utility>

class QLabel;
class QProgressBar;
class QTimer;

namespace assetscope::app {

// The run behind every folder dialog (census, values across a folder, find across a folder or a
// selection, where a texture, material or shader is used, batch export): one core call over many
// files on the window's background threads, its counts polled every 100 ms while it goes, Cancel,
// and the dialog told once when it has ended. The dialog never waits on it, except when it is
// destroyed mid-run: then the run is asked to stop and waited for.
class FolderRunner : public QObject {
    Q_OBJECT
public:
    // Whether the work lists every file before reading any (the census): until it sets
    // FolderRunShared::walked, the status says "Listing…" and the bar stays busy.
    enum class Listing { WhileReading, First };

    ~FolderRunner() override;
    FolderRunner(const FolderRunner&) = delete;
    FolderRunner& operator=(const FolderRunner&) = delete;

    bool running() const { return m_watcher.isRunning(); }
    // The work has returned and its result is taken; `finished` was emitted.
    bool ended() const { return m_ended; }
    // Asks the run to stop after the files being read (nothing when it is not running);
    // `progressed` follows at once.
    void cancel();
    bool cancelled() const { return m_cancelled; }
    // The counts so far, as folderRunStatus words them.
    FolderRunState state() const;
    // The bar and the status line as the folder dialogs show them, `where` naming what is read.
    void show(QProgressBar& bar, QLabel& status, const QString& where) const;

signals:
    // Every 100 ms while the run goes, and when Cancel is asked.
    void progressed();
    // The run has ended (finished or cancelled): its result is there.
    void finished();

protected:
    FolderRunner(Listing listing, QObject* parent);
    // Follows the work's future: polling starts, `finished` is emitted once it ends.
    void follow(QFuture<void> future);
    // Takes the result the work left (on the UI thread, before `finished`).
    virtual void collect() = 0;

    // What the work counts into and the flag it watches; held by the work too, so a run
    // outlives its dialog.
    std::shared_ptr<FolderRunShared> m_shared = std::make_shared<FolderRunShared>();

private:
    QFutureWatcher<void> m_watcher;
    QTimer* m_poll = nullptr;
    Listing m_listing;
    bool m_cancelled = false;
    bool m_ended = false;
};

// A folder run whose work returns a Result: `work(FolderRunShared&)` runs on the background
// threads, counting into the shared progress and stopping when its cancel flag is set.
template <class Result> class FolderRun final : public FolderRunner {
public:
    explicit FolderRun(Listing listing = Listing::WhileReading, QObject* parent = nullptr)
        : FolderRunner(listing, parent) {}
    ~FolderRun() override = default;

    template <class Work> void start(Work work) {
        std::shared_ptr<FolderRunShared> shared = m_shared;
        std::shared_ptr<std::optional<Result>> slot = m_slot; // both kept alive by the task
        follow(QtConcurrent::run(&backgroundThreads(),
                                 [work = std::move(work), shared, slot] { *slot = work(*shared); }));
    }
    // Empty (a default Result) until the run has ended.
    const Result& result() const { return m_result; }

private:
    void collect() override {
        if (*m_slot) m_result = std::move(**m_slot);
    }

    std::shared_ptr<std::optional<Result>> m_slot = std::make_shared<std::optional<Result>>();
    Result m_result{};
};

} // namespace assetscope::app
