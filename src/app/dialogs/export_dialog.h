#pragma once

#include "document/parsed_file.h"

#include <QDialog>

#include <functional>
#include <memory>

namespace Ui {
class ExportDialog;
}

namespace assetscope::app {

// Exports geometry the way `assetscope-cli export` does: the same selection (meshes, LOD,
// variant, season), the same core exporter. Writes only inside the chosen folder and asks
// before replacing any file (the model file and its companions).
class ExportDialog : public QDialog {
    Q_OBJECT
public:
    ExportDialog(const ParsedFile& file, const QString& baseName, const QString& folder,
                 QWidget* parent = nullptr);
    ~ExportDialog() override;

    // Asked with the files that already exist; true to replace them. Defaults to a message box.
    void setConfirmOverwrite(std::function<bool(const QStringList&)> confirm) {
        m_confirm = std::move(confirm);
    }

    void setFolder(const QString& folder);
    void setFileName(const QString& name);
    void setFormat(const QString& format); // "glb", "gltf", "obj", "fbx"
    void setMeshes(const QString& list);   // "0, 2" ; empty: the CLI's default
    void setLod(int lod);                  // -1: the finest
    // The file to write, or an empty string and `error` when the name or folder is not usable.
    QString targetPath(QString& error) const;
    // Runs the export; false with `error` (shown by accept()).
    bool exportNow(QString& error);
    QStringList writtenFiles() const { return m_written; }

    void accept() override;

private:
    void updateSuffix();
    std::optional<ExportSelection> selection(QString& error) const;

    std::unique_ptr<Ui::ExportDialog> m_ui; // ui/export_dialog.ui
    const ParsedFile& m_file;
    std::function<bool(const QStringList&)> m_confirm;
    QStringList m_written;
};

} // namespace assetscope::app
