#pragma once

#include "export/placed_scene.h"

#include <QDialog>
#include <QStringList>

#include <atomic>
#include <memory>

namespace Ui {
class SceneExportDialog;
}

namespace assetscope::app {

// Export Scene…: a placement file's instances as one glTF scene, as `assetscope-cli export
// INPUT.pgeo --season S --models PATH… -o OUT` writes it, with the 3D pane's season and model
// places to start from. The export runs off the UI thread with progress; Cancel stops it before
// anything is written.
class SceneExportDialog : public QDialog {
    Q_OBJECT
public:
    SceneExportDialog(const QString& input, const QString& outputPath, int season,
                      const QStringList& modelPlaces, QWidget* parent = nullptr);
    ~SceneExportDialog() override;

    void setOutputPath(const QString& path);
    void setModelPlaces(const QStringList& places);
    void setInstancing(bool on);
    void setTextures(bool on); // the models' looks' textures (checked by default)
    // The window's game roots: the models' looks resolve under them, then under each model's own,
    // through `resolvers` (the window's; none: the export's own).
    void setGameRoots(const QStringList& roots, std::shared_ptr<resolve::ResolverPool> resolvers = {}) {
        m_roots = roots;
        m_resolvers = std::move(resolvers);
    }
    QStringList modelPlaces() const;
    int season() const;
    // What the last export wrote and noted (models not found …), and whether one runs now.
    QStringList writtenFiles() const { return m_written; }
    QStringList notes() const { return m_notes; }
    bool running() const { return m_running; }

    void accept() override; // starts the export; the dialog closes when it has written the scene
    void reject() override; // cancels a running export, else closes

signals:
    void exportEnded(bool ok); // the export ended (written, failed or cancelled)

private:
    void addPlace(const QString& place);
    void setRunning(bool on);
    void onFinished(const exporting::SceneExportResult& result);

    std::unique_ptr<Ui::SceneExportDialog> m_ui; // ui/scene_export_dialog.ui
    QString m_input;
    QStringList m_roots;
    std::shared_ptr<resolve::ResolverPool> m_resolvers;
    QStringList m_written;
    QStringList m_notes;
    bool m_running = false;
    std::shared_ptr<std::atomic<bool>> m_cancel;
};

} // namespace assetscope::app
