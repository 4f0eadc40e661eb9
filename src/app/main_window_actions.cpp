// The window's actions, menus and the dialogs they open.
#include "main_window.h"

#include "open/known_formats.h"

#include "ui_main_window.h"

#include "dialogs/export_dialog.h"
#include "dialogs/zip_export.h"
#include "game_roots.h"
#include "input/atomic_file.h"
#include "models/structure_model.h"
#include "tree/tree_writers.h"
#include "views/archive_view.h"
#include "views/document_view.h"
#include "views/hex_view.h"
#include "views/preview_pane.h"
#include "views/texture_pane.h"

#include <QApplication>
#include <QClipboard>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QToolBar>
#include <QTreeView>
#include <QTreeWidget>

namespace assetscope::app {

namespace {
QIcon themed(const char* name, QStyle::StandardPixmap fallback) {
    return QIcon::fromTheme(QString::fromLatin1(name), QApplication::style()->standardIcon(fallback));
}
} // namespace

// The actions are laid out in ui/main_window.ui (menus and toolbar); here they get the
// platform's standard shortcuts and themed icons, which a form cannot name, and their work.
void MainWindow::createActions() {
    createFileActions();
    createEditActions();
    createGoActions();
    // The panes' entries are there already (createPanes).
    m_viewMenu = m_ui->menuView;
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_ui->mainToolBar->toggleViewAction());
    m_ui->actionAbout->setMenuRole(QAction::AboutRole);
    connect(m_ui->actionAbout, &QAction::triggered, this, &MainWindow::showAbout);
    m_ui->actionAboutQt->setMenuRole(QAction::AboutQtRole);
    connect(m_ui->actionAboutQt, &QAction::triggered, qApp, &QApplication::aboutQt);
}

void MainWindow::createFileActions() {
    Ui::MainWindow& ui = *m_ui;
    auto on = [this](QAction* action, auto slot) { connect(action, &QAction::triggered, this, slot); };
    ui.actionOpen->setIcon(themed("document-open", QStyle::SP_DialogOpenButton));
    ui.actionOpen->setShortcut(QKeySequence::Open);
    on(ui.actionOpen, &MainWindow::openDialog);
    m_recentMenu = ui.menuRecent;
    rebuildRecentMenu();
    ui.actionSaveJson->setIcon(themed("document-save-as", QStyle::SP_DialogSaveButton));
    ui.actionSaveJson->setShortcut(QKeySequence::SaveAs);
    on(ui.actionSaveJson, &MainWindow::saveStructureJson);
    ui.actionExportGeometry->setIcon(themed("document-export", QStyle::SP_ArrowDown));
    on(ui.actionExportGeometry, &MainWindow::exportGeometry);
    on(ui.actionExportTexture, &MainWindow::exportTexture);
    on(ui.actionExportEntries, &MainWindow::exportArchiveEntries);
    on(ui.actionExportScene, &MainWindow::exportPlacedScene);
    on(ui.actionCensus, &MainWindow::censusOfFolder);
    ui.actionCloseTab->setShortcut(QKeySequence::Close);
    on(ui.actionCloseTab, [this] {
        if (m_tabs->currentIndex() >= 0) closeTab(m_tabs->currentIndex());
    });
    ui.actionQuit->setShortcut(QKeySequence::Quit);
    ui.actionQuit->setMenuRole(QAction::QuitRole);
    on(ui.actionQuit, &QWidget::close);
}

void MainWindow::createEditActions() {
    Ui::MainWindow& ui = *m_ui;
    auto on = [this](QAction* action, auto slot) { connect(action, &QAction::triggered, this, slot); };
    ui.actionCopyValue->setShortcut(QKeySequence::Copy);
    on(ui.actionCopyValue, [this] {
        if (DocumentView* v = currentDocumentView())
            QApplication::clipboard()->setText(v->currentValueText());
    });
    on(ui.actionCopyPath, [this] {
        if (DocumentView* v = currentDocumentView()) QApplication::clipboard()->setText(v->currentPath());
    });
    on(ui.actionCopyHex, [this] {
        if (DocumentView* v = currentDocumentView())
            QApplication::clipboard()->setText(v->hexView()->copyAsHex());
    });
    on(ui.actionCopyCArray, [this] {
        if (DocumentView* v = currentDocumentView())
            QApplication::clipboard()->setText(v->hexView()->copyAsCArray());
    });
    ui.actionFilter->setIcon(themed("edit-find", QStyle::SP_FileDialogContentsView));
    ui.actionFilter->setShortcut(QKeySequence::Find);
    on(ui.actionFilter, [this] {
        if (DocumentView* v = currentDocumentView()) {
            v->showFindBar();
        } else if (ArchiveView* a = currentArchiveView()) {
            a->filterEdit()->setFocus();
        }
    });
}

void MainWindow::createGoActions() {
    Ui::MainWindow& ui = *m_ui;
    auto on = [this](QAction* action, auto slot) { connect(action, &QAction::triggered, this, slot); };
    ui.actionGoTo->setIcon(themed("go-jump", QStyle::SP_ArrowRight));
    on(ui.actionGoTo, &MainWindow::goToOffset);
    ui.actionNextGap->setIcon(themed("go-next", QStyle::SP_ArrowForward));
    // F3 and Shift+F3 step through a find's matches (main_window_find.cpp).
    ui.actionNextGap->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F3));
    on(ui.actionNextGap, [this] {
        if (DocumentView* v = currentDocumentView())
            if (!v->hexView()->goToNextUnaccounted())
                statusBar()->showMessage(tr("No unaccounted bytes after the cursor."), 3000);
    });
    ui.actionPreviousGap->setIcon(themed("go-previous", QStyle::SP_ArrowBack));
    ui.actionPreviousGap->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F3));
    on(ui.actionPreviousGap, [this] {
        if (DocumentView* v = currentDocumentView())
            if (!v->hexView()->goToPreviousUnaccounted())
                statusBar()->showMessage(tr("No unaccounted bytes before the cursor."), 3000);
    });
    ui.actionNextDocument->setShortcut(QKeySequence::NextChild);
    on(ui.actionNextDocument, [this] {
        if (m_tabs->count()) m_tabs->setCurrentIndex((m_tabs->currentIndex() + 1) % m_tabs->count());
    });
    ui.actionPreviousDocument->setShortcut(QKeySequence::PreviousChild);
    on(ui.actionPreviousDocument, [this] {
        if (m_tabs->count())
            m_tabs->setCurrentIndex((m_tabs->currentIndex() + m_tabs->count() - 1) % m_tabs->count());
    });
}

void MainWindow::updateActions() {
    DocumentView* view = currentDocumentView();
    const bool doc = view != nullptr;
    for (QAction* a :
         {m_ui->actionSaveJson, m_ui->actionCopyValue, m_ui->actionCopyPath, m_ui->actionCopyHex,
          m_ui->actionCopyCArray, m_ui->actionGoTo, m_ui->actionNextGap, m_ui->actionPreviousGap})
        a->setEnabled(doc);
    m_ui->actionExportGeometry->setEnabled(doc && view->document().scene.has_value());
    m_ui->actionExportTexture->setEnabled(doc && view->document().texture.has_value());
    m_ui->actionExportScene->setEnabled(doc && view->document().placements.has_value());
    m_ui->actionExportEntries->setEnabled(currentArchiveView() != nullptr);
    m_ui->actionCompare->setEnabled(doc && view->document().parsed);
    m_ui->actionCloseTab->setEnabled(m_tabs->count() > 0);
    updateNotesActions();
    updateHistoryActions();
}

void MainWindow::openDialog() {
    QSettings settings;
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Open"), settings.value(QStringLiteral("lastFolder")).toString(),
        tr("Game assets (%1 *.zip);;All files (*)").arg(QString::fromStdString(knownFilePatterns())));
    for (const QString& f : files)
        openInput(f);
    if (!files.isEmpty() && m_persistent)
        settings.setValue(QStringLiteral("lastFolder"), QFileInfo(files.first()).absolutePath());
}

void MainWindow::goToOffset() {
    DocumentView* view = currentDocumentView();
    if (!view) return;
    bool ok = false;
    const QString text =
        QInputDialog::getText(this, tr("Go to Offset"), tr("Offset (0x… for hex):"), QLineEdit::Normal,
                              QStringLiteral("0x%1").arg(view->hexView()->cursorOffset(), 0, 16), &ok);
    if (!ok) return;
    const QString t = text.trimmed();
    const qulonglong offset = t.startsWith(QLatin1String("0x"), Qt::CaseInsensitive)
                                  ? t.mid(2).toULongLong(&ok, 16)
                                  : t.toULongLong(&ok, 10);
    if (!ok || offset >= view->hexView()->size()) {
        statusBar()->showMessage(tr("Not an offset inside the file: %1").arg(t), 4000);
        return;
    }
    view->jumpToOffset(offset);
}

void MainWindow::saveStructureJson() {
    DocumentView* view = currentDocumentView();
    if (!view) return;
    // The file dialog asks before replacing a file.
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Structure as JSON"),
                                                      view->document().displayName + QStringLiteral(".json"),
                                                      tr("JSON (*.json)"));
    if (path.isEmpty()) return;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    // Streamed into the temporary file (a large tree's JSON need not be held in memory), which
    // replaces the chosen file only once it is whole.
    std::string error;
    const bool ok = writeFileAtomicallyStreamed(
        path.toStdString(), [&](std::ostream& out) { writeTreeJson(view->model()->tree(), out); }, error);
    QApplication::restoreOverrideCursor();
    if (!ok)
        QMessageBox::warning(this, tr("Save Structure as JSON"),
                             tr("Could not write %1: %2").arg(path, QString::fromStdString(error)));
    else
        statusBar()->showMessage(tr("Saved %1").arg(path), 4000);
}

void MainWindow::exportGeometry() {
    runExportDialog(exporting::ExportKind::Scene);
}

void MainWindow::exportTexture() {
    runExportDialog(exporting::ExportKind::Texture);
}

void MainWindow::runExportDialog(exporting::ExportKind kind) {
    DocumentView* view = currentDocumentView();
    if (!view || !view->document().parsed) return;
    QSettings settings;
    const QString folder = settings
                               .value(QStringLiteral("exportFolder"),
                                      QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation))
                               .toString();
    ExportDialog dialog(*view->document().parsed, QFileInfo(view->document().displayName).completeBaseName(),
                        folder, this, kind);
    // The looks' textures resolve under the window's game roots, then the root found from the file.
    dialog.setLookSource(view->document().input, m_gameRoots->roots(), m_gameRoots->resolvers());
    // The level the preview shows is the one to write as a picture.
    if (const auto level = previewPane()->texturePane()->chosenLevel())
        dialog.setLevel(static_cast<int>(level->mip), static_cast<int>(level->slice));
    if (dialog.exec() == QDialog::Accepted) {
        statusBar()->showMessage(tr("Exported %1").arg(dialog.writtenFiles().join(QStringLiteral(", "))),
                                 6000);
        if (m_persistent && !dialog.writtenFiles().isEmpty())
            settings.setValue(QStringLiteral("exportFolder"),
                              QFileInfo(dialog.writtenFiles().first()).absolutePath());
        if (!dialog.notes().isEmpty())
            QMessageBox::information(
                this, tr("Export"),
                tr("Exported, with notes:\n%1").arg(dialog.notes().join(QLatin1Char('\n'))));
    }
}

void MainWindow::exportArchiveEntries() {
    ArchiveView* view = currentArchiveView();
    if (!view) return;
    const auto entries = view->selectedEntries();
    if (entries.empty()) {
        QMessageBox::information(this, tr("Export Entries"), tr("Select the entries to export first."));
        return;
    }
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Entries to Zip"), QStringLiteral("entries.zip"), tr("Zip archives (*.zip)"));
    if (path.isEmpty()) return;
    ZipExportResult result;
    QString error;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const bool ok = exportEntriesToZip(*view->document().archive, entries, path, result, error);
    QApplication::restoreOverrideCursor();
    if (!ok)
        QMessageBox::warning(this, tr("Export Entries"), error);
    else if (!result.skipped.isEmpty())
        QMessageBox::information(this, tr("Export Entries"),
                                 tr("%1 entries written; left out:\n%2")
                                     .arg(result.written)
                                     .arg(result.skipped.join(QLatin1Char('\n'))));
    else
        statusBar()->showMessage(tr("%1 entries written to %2").arg(result.written).arg(path), 5000);
}

void MainWindow::censusOfFolder() {
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Census of a Folder"));
    if (!folder.isEmpty()) startCensus(folder);
}

} // namespace assetscope::app
