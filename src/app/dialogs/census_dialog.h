#pragma once

#include "contract/census_counts.h"
#include "dialogs/folder_run.h"

#include <QDialog>

#include <atomic>
#include <memory>

class QPushButton;
class QTreeWidget;

namespace Ui {
class CensusDialog;
}

namespace assetscope::app {

// File ▸ Census of a Folder: core's strict batch reading of every supported file under a
// folder (archives included), run off the UI thread with a progress bar and Cancel, the counts
// shown as a table when it ends.
class CensusDialog : public QDialog {
    Q_OBJECT
public:
    explicit CensusDialog(const QString& folder, QWidget* parent = nullptr);
    ~CensusDialog() override;

    bool running() const { return m_run.running(); }
    void cancel() { m_run.cancel(); }
    QTreeWidget* results() const;
    const CensusCounts& counts() const { return m_run.result(); }
    QString statusText() const;

signals:
    void censusFinished();

private:
    void poll();
    void showCounts();

    std::unique_ptr<Ui::CensusDialog> m_ui; // ui/census_dialog.ui
    QString m_folder;
    QPushButton* m_cancel = nullptr;
    FolderRun<CensusCounts> m_run{FolderRunner::Listing::First}; // destroyed first: it may wait
};

// The census of `folder` (core's walk and per-file census), reporting progress and stopping
// early when asked. Runs on any thread.
CensusCounts runFolderCensus(const std::string& folder, std::atomic<std::uint64_t>& found,
                             std::atomic<std::uint64_t>& done, std::atomic<bool>& walked,
                             const std::atomic<bool>& cancel);

} // namespace assetscope::app
