#pragma once

#include "install/install_index.h"

#include <QFutureWatcher>
#include <QObject>

#include <atomic>
#include <memory>
#include <vector>

class QTreeView;

namespace assetscope::app {

class InstallModel;

// Runs the filter box's words (install/install_filter.h) over an install's index off the UI
// thread and shows the matches in its tree. While the index is not whole yet, the first answer is
// over the names listed so far, at once (partial() says so); the answer over the whole install
// follows once the index is built. A newer filter replaces a running one.
class InstallFilterRunner : public QObject {
    Q_OBJECT
public:
    // Above this many matches, the tree opens its first two levels only, not every match's folders.
    static constexpr std::size_t kMaxExpanded = 5000;

    InstallFilterRunner(std::shared_ptr<install::InstallIndex> index, InstallModel* model, QTreeView* tree,
                        QObject* parent = nullptr);
    ~InstallFilterRunner() override;

    // Starts filtering by `text` (empty: the whole tree again, at once); false with `error` when a
    // word cannot be read ("size>big"), the tree left as it is.
    bool start(const QString& text, QString& error);
    void cancel();
    bool running() const;
    // The matches shown are those among the names listed so far; the whole answer is coming.
    bool partial() const { return m_partial; }
    std::size_t matchCount() const { return m_matchCount; }
    // What the tree shows, in words: "12 matches", "12 matches so far (of 40,000 names listed)…".
    QString note() const;

signals:
    void partialShown();
    // The answer over the whole install is shown (or the filter was cleared).
    void finished();

private:
    struct Answer {
        std::vector<install::NodeId> matches;
        bool partial = false;
        std::size_t known = 0; // the names listed when it was found
    };
    void show(Answer answer);

    std::shared_ptr<install::InstallIndex> m_index;
    InstallModel* m_model;
    QTreeView* m_tree;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    QFutureWatcher<Answer>* m_watcher = nullptr;
    bool m_partial = false;
    bool m_active = false; // a filter is set
    std::size_t m_matchCount = 0;
    std::size_t m_known = 0;
};

} // namespace assetscope::app
