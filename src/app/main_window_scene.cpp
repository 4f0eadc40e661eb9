// File > Export Scene…: the placement file in front as one glTF scene, with the 3D pane's season
// and model places to start from; the places chosen there become the pane's too.
#include "dialogs/scene_export_dialog.h"
#include "game_roots.h"
#include "main_window.h"
#include "views/document_view.h"
#include "views/preview_pane.h"

#include <QComboBox>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>

namespace assetscope::app {

void MainWindow::exportPlacedScene() {
    DocumentView* view = currentDocumentView();
    if (!view || !view->document().placements) return;
    const Document& doc = view->document();
    QSettings settings;
    const QString folder = settings
                               .value(QStringLiteral("exportFolder"),
                                      QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation))
                               .toString();
    const QString out =
        folder + QLatin1Char('/') + QFileInfo(doc.displayName).completeBaseName() + QStringLiteral(".glb");
    PreviewPane& preview = *previewPane();
    const int season = preview.seasonBox()->currentIndex() >= 0 ? preview.seasonBox()->currentIndex()
                                                                : ExportSelection{}.season;
    SceneExportDialog dialog(doc.input, out, season, preview.modelPlaces(), this);
    dialog.setGameRoots(m_gameRoots->roots(), m_gameRoots->resolvers());
    if (dialog.exec() != QDialog::Accepted) return;
    preview.setModelPlaces(dialog.modelPlaces());
    statusBar()->showMessage(tr("Exported %1").arg(dialog.writtenFiles().join(QStringLiteral(", "))), 6000);
    if (m_persistent && !dialog.writtenFiles().isEmpty())
        settings.setValue(QStringLiteral("exportFolder"),
                          QFileInfo(dialog.writtenFiles().first()).absolutePath());
    if (!dialog.notes().isEmpty())
        QMessageBox::information(this, tr("Export Scene"),
                                 tr("Exported, with notes:\n%1").arg(dialog.notes().join(QLatin1Char('\n'))));
}

} // namespace assetscope::app
