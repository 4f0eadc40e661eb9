// The window's actions, menus, docks and the dialogs they open.
#include "main_window.h"

#include "dialogs/export_dialog.h"
#include "dialogs/zip_export.h"
#include "models/structure_model.h"
#include "tree/tree_writers.h"
#include "views/archive_view.h"
#include "views/data_inspector.h"
#include "views/diagnostics_pane.h"
#include "views/docs_pane.h"
#include "views/document_view.h"
#include "views/file_info_pane.h"
#include "views/hex_view.h"
#include "views/preview_pane.h"
#include "views/preview_view.h"
#include "views/table_pane.h"

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

#include <fstream>

namespace assetscope::app {

namespace {
QIcon themed(const char* name, QStyle::StandardPixmap fallback) {
    return QIcon::fromTheme(QString::fromLatin1(name), QApplication::style()->standardIcon(fallback));
}
} // namespace

void MainWindow::createDocks() {
    auto dock = [this](const QString& title, const char* name, QWidget* content, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(QString::fromLatin1(name));
        d->setWidget(content);
        addDockWidget(area, d);
        m_docks << d;
        return d;
    };
    m_docs = new DocsPane(this);
    m_inspector = new DataInspector(this);
    m_inspector->setObjectName(QStringLiteral("dataInspector"));
    m_table = new TablePane(this);
    m_preview = new PreviewPane(this);
    // Table rows and 3D picks select each other (and the tree node).
    connect(m_table, &TablePane::instanceSelected, m_preview, &PreviewPane::highlightInstance);
    connect(m_table, &TablePane::triangleSelected, m_preview, &PreviewPane::highlightTriangle);
    connect(m_preview, &PreviewPane::instancePicked, this, &MainWindow::onInstancePicked);
    connect(m_preview, &PreviewPane::subjectPicked, this, &MainWindow::onSubjectPicked);
    auto* diagnostics = new DiagnosticsPane(this);
    auto* info = new FileInfoPane(this);
    m_panes = {m_docs, m_inspector, info, m_table, diagnostics, m_preview};

    auto* docsDock = dock(tr("Documentation"), "docsDock", m_docs, Qt::RightDockWidgetArea);
    auto* inspectorDock = dock(tr("Data Inspector"), "inspectorDock", m_inspector, Qt::RightDockWidgetArea);
    auto* infoDock = dock(tr("File Info"), "infoDock", info, Qt::RightDockWidgetArea);
    splitDockWidget(docsDock, inspectorDock, Qt::Vertical);
    tabifyDockWidget(inspectorDock, infoDock);
    inspectorDock->raise();
    auto* tableDock = dock(tr("Table"), "tableDock", m_table, Qt::BottomDockWidgetArea);
    auto* diagnosticsDock = dock(tr("Diagnostics"), "diagnosticsDock", diagnostics, Qt::BottomDockWidgetArea);
    auto* previewDock = dock(tr("3D Preview"), "previewDock", m_preview, Qt::BottomDockWidgetArea);
    // The table and the 3D view side by side: rows and picks select each other.
    splitDockWidget(tableDock, previewDock, Qt::Horizontal);
    tabifyDockWidget(tableDock, diagnosticsDock);
    tableDock->raise();
    resizeDocks({tableDock, previewDock}, {900, 600}, Qt::Horizontal);
    resizeDocks({tableDock}, {360}, Qt::Vertical);
    resizeDocks({docsDock}, {400}, Qt::Horizontal);
    resizeDocks({docsDock, inspectorDock}, {330, 320}, Qt::Vertical);
    resizeDocks({tableDock}, {260}, Qt::Vertical);
}

void MainWindow::createActions() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(themed("document-open", QStyle::SP_DialogOpenButton), tr("&Open…"), this,
                                    &MainWindow::openDialog);
    open->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    rebuildRecentMenu();
    file->addSeparator();
    m_saveJsonAction = file->addAction(themed("document-save-as", QStyle::SP_DialogSaveButton),
                                       tr("Save Structure as &JSON…"), this, &MainWindow::saveStructureJson);
    m_saveJsonAction->setShortcut(QKeySequence::SaveAs);
    m_exportAction = file->addAction(themed("document-export", QStyle::SP_ArrowDown), tr("&Export Geometry…"),
                                     this, &MainWindow::exportGeometry);
    m_exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_exportEntriesAction = file->addAction(tr("Export Selected Archive &Entries to Zip…"), this,
                                            &MainWindow::exportArchiveEntries);
    file->addSeparator();
    file->addAction(tr("Census of a &Folder…"), this, &MainWindow::censusOfFolder);
    file->addSeparator();
    m_closeAction = file->addAction(tr("&Close Tab"), this, [this] {
        if (m_tabs->currentIndex() >= 0) closeTab(m_tabs->currentIndex());
    });
    m_closeAction->setShortcut(QKeySequence::Close);
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    m_copyValueAction = edit->addAction(tr("&Copy Value"), this, [this] {
        if (DocumentView* v = currentDocumentView())
            QApplication::clipboard()->setText(v->currentValueText());
    });
    m_copyValueAction->setShortcut(QKeySequence::Copy);
    m_copyPathAction = edit->addAction(tr("Copy &Path"), this, [this] {
        if (DocumentView* v = currentDocumentView()) QApplication::clipboard()->setText(v->currentPath());
    });
    m_copyPathAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    m_copyHexAction = edit->addAction(tr("Copy Bytes as &Hex"), this, [this] {
        if (DocumentView* v = currentDocumentView())
            QApplication::clipboard()->setText(v->hexView()->copyAsHex());
    });
    m_copyCArrayAction = edit->addAction(tr("Copy Bytes as C &Array"), this, [this] {
        if (DocumentView* v = currentDocumentView())
            QApplication::clipboard()->setText(v->hexView()->copyAsCArray());
    });
    edit->addSeparator();
    m_findAction = edit->addAction(themed("edit-find", QStyle::SP_FileDialogContentsView),
                                   tr("&Filter Structure"), this, [this] {
                                       if (DocumentView* v = currentDocumentView()) {
                                           v->filterEdit()->setFocus();
                                           v->filterEdit()->selectAll();
                                       } else if (ArchiveView* a = currentArchiveView()) {
                                           a->filterEdit()->setFocus();
                                       }
                                   });
    m_findAction->setShortcut(QKeySequence::Find);

    QMenu* go = menuBar()->addMenu(tr("&Go"));
    m_goToAction = go->addAction(themed("go-jump", QStyle::SP_ArrowRight), tr("&Go to Offset…"), this,
                                 &MainWindow::goToOffset);
    m_goToAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_G));
    m_nextGapAction = go->addAction(
        themed("go-next", QStyle::SP_ArrowForward), tr("&Next Unaccounted Range"), this, [this] {
            if (DocumentView* v = currentDocumentView())
                if (!v->hexView()->goToNextUnaccounted())
                    statusBar()->showMessage(tr("No unaccounted bytes after the cursor."), 3000);
        });
    m_nextGapAction->setShortcut(QKeySequence::FindNext);
    m_previousGapAction = go->addAction(
        themed("go-previous", QStyle::SP_ArrowBack), tr("&Previous Unaccounted Range"), this, [this] {
            if (DocumentView* v = currentDocumentView())
                if (!v->hexView()->goToPreviousUnaccounted())
                    statusBar()->showMessage(tr("No unaccounted bytes before the cursor."), 3000);
        });
    m_previousGapAction->setShortcut(QKeySequence::FindPrevious);
    go->addSeparator();
    QAction* nextTab = go->addAction(tr("Next Document"), this, [this] {
        if (m_tabs->count()) m_tabs->setCurrentIndex((m_tabs->currentIndex() + 1) % m_tabs->count());
    });
    nextTab->setShortcut(QKeySequence::NextChild);
    QAction* previousTab = go->addAction(tr("Previous Document"), this, [this] {
        if (m_tabs->count())
            m_tabs->setCurrentIndex((m_tabs->currentIndex() + m_tabs->count() - 1) % m_tabs->count());
    });
    previousTab->setShortcut(QKeySequence::PreviousChild);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    for (QDockWidget* d : std::as_const(m_docks))
        m_viewMenu->addAction(d->toggleViewAction());

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About assetscope"), this, &MainWindow::showAbout)->setMenuRole(QAction::AboutRole);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt)->setMenuRole(QAction::AboutQtRole);

    QToolBar* bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addAction(open);
    bar->addAction(m_saveJsonAction);
    bar->addAction(m_exportAction);
    bar->addSeparator();
    bar->addAction(m_goToAction);
    bar->addAction(m_previousGapAction);
    bar->addAction(m_nextGapAction);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(bar->toggleViewAction());
}

void MainWindow::updateActions() {
    DocumentView* view = currentDocumentView();
    const bool doc = view != nullptr;
    for (QAction* a : {m_saveJsonAction, m_copyValueAction, m_copyPathAction, m_copyHexAction,
                       m_copyCArrayAction, m_goToAction, m_nextGapAction, m_previousGapAction})
        a->setEnabled(doc);
    m_exportAction->setEnabled(doc && view->document().scene.has_value());
    m_exportEntriesAction->setEnabled(currentArchiveView() != nullptr);
    m_closeAction->setEnabled(m_tabs->count() > 0);
}

void MainWindow::openDialog() {
    QSettings settings;
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Open"), settings.value(QStringLiteral("lastFolder")).toString(),
        tr("Game assets (*.modelbin *.pgeo *.swatchbin *.materialbin *.meshset *.chunk *.zip);;All files "
           "(*)"));
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
    view->selectOffset(offset);
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
    std::ofstream out(path.toStdString(), std::ios::binary | std::ios::trunc);
    if (out) writeTreeJson(view->model()->tree(), out);
    out.close();
    QApplication::restoreOverrideCursor();
    if (!out)
        QMessageBox::warning(this, tr("Save Structure as JSON"), tr("Could not write %1.").arg(path));
    else
        statusBar()->showMessage(tr("Saved %1").arg(path), 4000);
}

void MainWindow::exportGeometry() {
    DocumentView* view = currentDocumentView();
    if (!view || !view->document().parsed) return;
    QSettings settings;
    const QString folder = settings
                               .value(QStringLiteral("exportFolder"),
                                      QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation))
                               .toString();
    ExportDialog dialog(*view->document().parsed, QFileInfo(view->document().displayName).completeBaseName(),
                        folder, this);
    if (dialog.exec() == QDialog::Accepted) {
        statusBar()->showMessage(tr("Exported %1").arg(dialog.writtenFiles().join(QStringLiteral(", "))),
                                 6000);
        if (m_persistent && !dialog.writtenFiles().isEmpty())
            settings.setValue(QStringLiteral("exportFolder"),
                              QFileInfo(dialog.writtenFiles().first()).absolutePath());
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
