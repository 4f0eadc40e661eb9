#pragma once

#include "install/install_index.h"

#include <QFutureWatcher>
#include <QWidget>

#include <atomic>
#include <memory>

class QCheckBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTimer;
class QTreeView;

namespace assetscope::app {

class BatchExportDialog;
class GameRoots;
class InstallFilterRunner;
class InstallModel;

// A tab showing an install (a folder, or one zip) as one tree: folders, zips as folders, nested
// zips too, down to files, with each file's format, sizes and Game:\ path. The first level shows
// at once; the whole index is built in the background (progress and Cancel). A filter box (text,
// globs, format:NAME, size>1M) runs over the whole install in the background and shows the matches
// with the folders above them (at once over what is listed so far, then over the whole install);
// "Flat list" shows every file as one list. Selected rows open, copy their Game:\ paths, export,
// are counted by a census or searched by Find Across Selection.
class InstallView : public QWidget {
    Q_OBJECT
public:
    explicit InstallView(const QString& path, QWidget* parent = nullptr);
    ~InstallView() override;

    const QString& path() const { return m_path; }
    InstallModel* model() const { return m_model; }
    QTreeView* tree() const { return m_tree; }
    QLineEdit* filterEdit() const { return m_filter; }
    QCheckBox* flatToggle() const { return m_flat; }
    bool indexing() const;
    bool filtering() const;
    InstallFilterRunner* filterRunner() const { return m_filterRunner; }
    // What the filter shows, in words ("12 matches so far, among …"); empty without a filter.
    QString filterNote() const;
    // The selected rows' INPUT paths; of files only with `filesOnly`.
    QStringList selectedInputs(bool filesOnly) const;
    std::vector<install::NodeId> selectedNodes() const;
    // What a census or Find Across Selection of the selected rows walks: each once (a file in a
    // selected folder is walked with its folder); the install itself when nothing is selected.
    QStringList selectionForWalk() const;
    // The file `input`, opened, was found to be `format` (empty: no format read it): its row's
    // format says so when the tree has listed it.
    void noteOpened(const QString& input, const QString& format);
    QStringList selectedGamePaths() const;
    // Export Selected…: the batch export dialog (deleted when closed) over the selected files and
    // folders; null, after saying so, when nothing is selected.
    BatchExportDialog* exportSelected();
    // The window's game roots: Export Selected… resolves the models' looks under the install
    // itself, then these, then each model's own root.
    void setGameRoots(const GameRoots* roots) { m_gameRoots = roots; }
    void copyGamePaths() const;
    void cancelIndexing();
    // Opens the folders above the node and selects it.
    void reveal(install::NodeId node);
    // Reveals the first texture inside a zip (else the first file of a known format) listed so
    // far: what a screenshot of the window shows.
    void revealSomething();

signals:
    void openRequested(const QString& input);
    void installRequested(const QString& path); // a zip opened as a tree of its own
    void censusRequested(const QString& path);
    void findAcrossSelectionRequested(const QStringList& inputs);
    void indexFinished();
    void filterFinished();

private:
    QWidget* makeButtons();
    void startIndexing();
    void onIndexProgress();
    void startFilter();
    void openSelected();

    QString m_path;
    std::shared_ptr<install::InstallIndex> m_index;
    InstallModel* m_model = nullptr;
    QTreeView* m_tree = nullptr;
    QLineEdit* m_filter = nullptr;
    QCheckBox* m_flat = nullptr;
    QLabel* m_status = nullptr;
    QProgressBar* m_progress = nullptr;
    QPushButton* m_cancel = nullptr;
    QTimer* m_progressTimer = nullptr;
    QTimer* m_filterDelay = nullptr;
    std::shared_ptr<std::atomic<bool>> m_cancelIndex;
    std::shared_ptr<std::atomic<std::size_t>> m_listed;
    QFutureWatcher<bool>* m_indexWatcher = nullptr;
    const GameRoots* m_gameRoots = nullptr;
    InstallFilterRunner* m_filterRunner = nullptr;
    QLabel* m_filterNote = nullptr;
};

} // namespace assetscope::app
