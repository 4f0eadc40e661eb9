#pragma once

#include "census/census.h"
#include "export/batch_export.h"

#include <QDialog>
#include <QFutureWatcher>
#include <QStringList>

#include <atomic>
#include <memory>

class QPushButton;

namespace Ui {
class BatchExportDialog;
}

namespace assetscope::app {

// The archive browser's Export Selected…: core's batch export of the chosen entries (or files,
// folders, archives) into a folder, run off the UI thread with a progress bar and Cancel, the
// files it skipped listed when it ends. Each output is whole or absent, however it ends.
class BatchExportDialog : public QDialog {
    Q_OBJECT
public:
    explicit BatchExportDialog(QStringList inputs, QWidget* parent = nullptr);
    ~BatchExportDialog() override;

    void setFolder(const QString& folder);
    // Selects the scene format models and MeshSets are written in; false when the list lacks it.
    bool setFormat(exporting::Format format);
    void setTextures(bool on); // the models' looks' textures (checked by default)
    // The window's game roots: the models' looks resolve under them, then under each model's own.
    void setGameRoots(const QStringList& roots) { m_roots = roots; }
    void start(); // what Export does
    void cancel();
    bool running() const { return m_watcher.isRunning(); }
    const exporting::BatchResult& result() const { return m_result; }
    QString statusText() const;
    QString skippedText() const;

signals:
    void exportFinished();

private:
    struct Progress {
        CensusProgress counts;
        std::atomic<bool> cancel{false};
    };
    void chooseFolder();
    void poll();
    void showResult();

    std::unique_ptr<Ui::BatchExportDialog> m_ui; // ui/batch_export_dialog.ui
    QStringList m_inputs;
    QStringList m_roots;
    QString m_folder;
    std::shared_ptr<Progress> m_progress;
    QFutureWatcher<exporting::BatchResult> m_watcher;
    exporting::BatchResult m_result;
    QPushButton* m_export = nullptr;
    QPushButton* m_cancel = nullptr;
    bool m_cancelled = false;
};

} // namespace assetscope::app
