// An install as one tree (File ▸ Open Install…, a folder on the command line or dropped), a zip's
// tree, Find Across Selection of their rows, and Ctrl+L's "Go to Game:\ Path".
#include "main_window.h"

#include "ui_main_window.h"

#include "dialogs/find_folder_dialog.h"
#include "dialogs/find_selection_dialog.h"
#include "game_roots.h"
#include "views/archive_view.h"
#include "views/document_view.h"
#include "views/find_bar.h"
#include "views/install_view.h"
#include "views/start_page.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QTabWidget>

namespace assetscope::app {

void MainWindow::createInstallActions() {
    auto* open = new QAction(tr("Open &Install…"), this);
    open->setObjectName(QStringLiteral("actionOpenInstall"));
    open->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    open->setStatusTip(tr("Opens a game's install folder as one tree of folders, archives and files"));
    connect(open, &QAction::triggered, this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(this, tr("Open Install"), currentFolder());
        if (!folder.isEmpty()) openInstall(folder);
    });
    auto* goTo = new QAction(tr("Go to &Game:\\ Path…"), this);
    goTo->setObjectName(QStringLiteral("actionGoToGamePath"));
    goTo->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    connect(goTo, &QAction::triggered, this, [this] {
        bool ok = false;
        const QString path = QInputDialog::getText(this, tr("Go to Game:\\ Path"),
                                                   tr("A Game:\\ path, or a path below the install:"),
                                                   QLineEdit::Normal, QString(), &ok);
        if (ok && !path.trimmed().isEmpty()) goToGamePath(path.trimmed());
    });
    m_ui->menuFile->insertAction(m_ui->menuRecent->menuAction(), open);
    m_ui->menuFile->insertAction(m_ui->menuRecent->menuAction(), goTo);
    addAction(goTo);
    connect(m_startPage, &StartPage::openInstallRequested, open, &QAction::trigger);
}

InstallView* MainWindow::openInstall(const QString& rawPath) {
    const QString path = QFileInfo(rawPath).absoluteFilePath();
    for (int i = 0; i < m_tabs->count(); ++i)
        if (auto* view = qobject_cast<InstallView*>(m_tabs->widget(i)); view && view->path() == path) {
            m_tabs->setCurrentIndex(i);
            return view;
        }
    auto* view = new InstallView(path, m_tabs);
    view->setGameRoots(m_gameRoots);
    view->setProperty("input", path);
    connect(view, &InstallView::openRequested, this, &MainWindow::openInput);
    connect(view, &InstallView::installRequested, this, &MainWindow::openInstall);
    connect(view, &InstallView::censusRequested, this, &MainWindow::startCensus);
    connect(view, &InstallView::findAcrossSelectionRequested, this, &MainWindow::askFindAcrossSelection);
    const int index = m_tabs->addTab(view, QFileInfo(path).fileName());
    m_tabs->setTabToolTip(index, path);
    m_tabs->setCurrentIndex(index);
    return view;
}

InstallView* MainWindow::currentInstallView() const {
    return qobject_cast<InstallView*>(m_tabs->currentWidget());
}

void MainWindow::connectArchiveView(ArchiveView& view) {
    connect(&view, &ArchiveView::openRequested, this, &MainWindow::openInput);
    connect(&view, &ArchiveView::exportRequested, this, &MainWindow::exportArchiveEntries);
    connect(&view, &ArchiveView::censusRequested, this, &MainWindow::startCensus);
    connect(&view, &ArchiveView::findAcrossSelectionRequested, this, &MainWindow::askFindAcrossSelection);
}

void MainWindow::noteOpenedFormat(const Document& document) {
    QString format;
    if (document.parsed)
        format = QString::fromUtf8(document.parsed->format());
    else if (document.archive)
        format = QStringLiteral("zip");
    if (format.isEmpty()) return;
    for (int i = 0; i < m_tabs->count(); ++i) {
        if (auto* install = qobject_cast<InstallView*>(m_tabs->widget(i)))
            install->noteOpened(document.input, format);
        else if (auto* archive = qobject_cast<ArchiveView*>(m_tabs->widget(i)))
            archive->noteOpened(document.input, format);
    }
}

void MainWindow::askFindAcrossSelection(const QStringList& inputs) {
    // What to find starts as the last find across a selection, or the find bar's in front.
    static FindRequest last;
    FindRequest start = last;
    if (DocumentView* view = currentDocumentView(); view && start.text.empty())
        start = view->findBar()->request();
    FindSelectionDialog dialog(inputs, start, this);
    if (dialog.exec() != QDialog::Accepted) return;
    last = dialog.request();
    startFindAcrossSelection(last, inputs);
}

FindFolderDialog* MainWindow::startFindAcrossSelection(const FindRequest& request,
                                                       const QStringList& inputs) {
    const CompiledFind compiled = compileFind(request);
    if (!compiled.ok() || inputs.isEmpty()) return nullptr;
    auto* dialog = new FindFolderDialog(*compiled.query, inputs, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &FindFolderDialog::openRequested, this, &MainWindow::openInputAt);
    dialog->show();
    return dialog;
}

std::optional<QString> MainWindow::goToGamePath(const QString& gamePath) {
    return openGamePath(gamePath);
}

} // namespace assetscope::app
