#pragma once

#include "dialogs/folder_run.h"
#include "export/batch_export.h"

#include <QDialog>
#include <QStringList>

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
    // The window's game roots: the models' looks resolve under them, then under each model's own,
    // through `resolvers` (the window's; none: the batch's own).
    void setGameRoots(const QStringList& roots, std::shared_ptr<resolve::ResolverPool> resolvers = {}) {
        m_roots = roots;
        m_resolvers = std::move(resolvers);
    }
    void start(); // what Export does
    void cancel() { m_run.cancel(); }
    bool running() const { return m_run.running(); }
    const exporting::BatchResult& result() const { return m_run.result(); }
    QString statusText() const;
    QString skippedText() const;

signals:
    void exportFinished();

private:
    void chooseFolder();
    void poll();
    void showResult();

    std::unique_ptr<Ui::BatchExportDialog> m_ui; // ui/batch_export_dialog.ui
    QStringList m_inputs;
    QStringList m_roots;
    std::shared_ptr<resolve::ResolverPool> m_resolvers;
    QString m_folder;
    QPushButton* m_export = nullptr;
    QPushButton* m_cancel = nullptr;
    FolderRun<exporting::BatchResult> m_run; // destroyed first: it may wait
};

} // namespace assetscope::app
