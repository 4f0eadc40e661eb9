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
// thread and shows the matches in its tree: the install is indexed whole first (the listings the
// background index made are shared). A newer filter replaces a running one.
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
    std::size_t matchCount() const { return m_matchCount; }
    // What the tree shows, in words: "12 matches".
    QString note() const;

signals:
    // The answer over the whole install is shown (or the filter was cleared).
    void finished();

private:
    struct Answer {
        std::vector<install::NodeId> matches;
    };
    void show(Answer answer);

    std::shared_ptr<install::InstallIndex> m_index;
    InstallModel* m_model;
    QTreeView* m_tree;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    QFutureWatcher<Answer>* m_watcher = nullptr;
    bool m_active = false; // a filter is set
    std::size_t m_matchCount = 0;
};

} // namespace assetscope::app
