#pragma once

#include "contract/parsed_file.h"
#include "export/export_formats.h"

#include <QDialog>

#include <functional>
#include <memory>

namespace Ui {
class ExportDialog;
}

namespace assetscope::resolve {
class ResolverPool;
}

namespace assetscope::app {

// Exports the way `assetscope-cli export` does, with the same core exporters: geometry (the
// same selection: meshes, LOD, variant, season; the materials with their looks' textures unless
// Textures is unchecked) or, as Export Texture, the file's texture (one level, by mip and slice,
// as PNG; the chain as stored as DDS). The formats listed are those of
// the kind, each with what it keeps. Writes only inside the chosen folder and asks before
// replacing any file (the model file and its companions).
class ExportDialog : public QDialog {
    Q_OBJECT
public:
    ExportDialog(const ParsedFile& file, const QString& baseName, const QString& folder,
                 QWidget* parent = nullptr, exporting::ExportKind kind = exporting::ExportKind::Scene);
    ~ExportDialog() override;

    // Asked with the files that already exist; true to replace them. Defaults to a message box.
    void setConfirmOverwrite(std::function<bool(const QStringList&)> confirm) {
        m_confirm = std::move(confirm);
    }

    void setFolder(const QString& folder);
    void setFileName(const QString& name);
    void setFormat(const QString& format); // "glb", "gltf", "obj", "fbx"; "png", "dds"
    void setMeshes(const QString& list);   // "0, 2" ; empty: the CLI's default
    void setLod(int lod);                  // -1: the finest
    void setLevel(int mip, int slice);     // the texture's level a PNG holds
    // The input the file was read from, whose looks' Game:\ paths resolve under `roots` (the
    // window's game roots) and then the root found from the input, through `resolvers` (the
    // window's; none: the export's own); without it, no textures.
    void setLookSource(const QString& input, const QStringList& roots = {},
                       std::shared_ptr<resolve::ResolverPool> resolvers = {});
    void setTextures(bool on); // the Textures box (checked by default)
    // What the last export noted: looks and textures not found (the export went on without them).
    QStringList notes() const { return m_notes; }
    exporting::ExportKind kind() const { return m_kind; }
    QString keepsText() const; // what the chosen format keeps, as the dialog says it
    // The file to write, or an empty string and `error` when the name or folder is not usable.
    QString targetPath(QString& error) const;
    // Runs the export; false with `error` (shown by accept()).
    bool exportNow(QString& error);
    QStringList writtenFiles() const { return m_written; }

    void accept() override;

private:
    void updateSuffix();
    std::optional<ExportSelection> selection(QString& error) const;
    void showRowsOfKind();
    bool confirmTargets(const QStringList& targets, QString& error) const;
    bool exportTexture(exporting::Format format, const QString& path, QString& error);

    std::unique_ptr<Ui::ExportDialog> m_ui; // ui/export_dialog.ui
    const ParsedFile& m_file;
    exporting::ExportKind m_kind;
    std::optional<TextureDescription> m_texture; // Export Texture's
    std::function<bool(const QStringList&)> m_confirm;
    QStringList m_written;
    QStringList m_notes;
    QString m_input;
    QStringList m_roots;
    std::shared_ptr<resolve::ResolverPool> m_resolvers;
};

} // namespace assetscope::app
