// Find: F3 / Shift+F3, Find Across Folder… and "Where is this used?" (the Find Results pane lists
// the matches of the find in front: views/find_results_pane).
#include "main_window.h"

#include "ui_main_window.h"

#include "dialogs/find_folder_dialog.h"
#include "find/where_used.h"
#include "input/input_path.h"
#include "views/document_view.h"
#include "views/find_bar.h"
#include "views/find_session.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QStatusBar>

namespace assetscope::app {

void MainWindow::setUpFind() {
    auto* next = new QAction(tr("Next &Match"), this);
    next->setObjectName(QStringLiteral("actionNextMatch"));
    next->setShortcut(QKeySequence(Qt::Key_F3));
    auto* previous = new QAction(tr("Pre&vious Match"), this);
    previous->setObjectName(QStringLiteral("actionPreviousMatch"));
    previous->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F3));
    m_ui->menuGo->insertActions(m_ui->actionNextGap, {next, previous});
    connect(next, &QAction::triggered, this, [this] {
        DocumentView* view = currentDocumentView();
        if (view && !view->findNext()) statusBar()->showMessage(tr("No matches: Ctrl+F to find."), 3000);
    });
    connect(previous, &QAction::triggered, this, [this] {
        DocumentView* view = currentDocumentView();
        if (view && !view->findPrevious()) statusBar()->showMessage(tr("No matches: Ctrl+F to find."), 3000);
    });

    auto* across = new QAction(tr("Find Across Folder…"), this);
    across->setObjectName(QStringLiteral("actionFindAcrossFolder"));
    across->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
    connect(across, &QAction::triggered, this, [this] {
        DocumentView* view = currentDocumentView();
        askFindAcrossFolder(view ? view->findBar()->request() : FindRequest{}, false);
    });
    auto* whereUsed = new QAction(tr("Where Is This Used?"), this);
    whereUsed->setObjectName(QStringLiteral("actionWhereUsed"));
    connect(whereUsed, &QAction::triggered, this, [this] { whereIsThisUsed(); });
    m_ui->menuEdit->addAction(across);
    m_ui->menuEdit->addAction(whereUsed);
}

void MainWindow::connectFind(DocumentView& view) {
    connect(&view, &DocumentView::findAcrossFolderRequested, this, &MainWindow::askFindAcrossFolder);
    connect(&view, &DocumentView::whereUsedRequested, this, [this] { whereIsThisUsed(); });
}

QString MainWindow::currentFolder() const {
    QString input;
    if (DocumentView* view = currentDocumentView()) input = view->document().input;
    const std::string file = InputPath::parse(input.toStdString()).file;
    return file.empty() ? QDir::homePath() : QFileInfo(QString::fromStdString(file)).absolutePath();
}

void MainWindow::askFindAcrossFolder(const FindRequest& request, bool archive) {
    const CompiledFind compiled = compileFind(request);
    if (!compiled.ok() || request.kind == FindKind::Names) {
        QMessageBox::information(this, tr("Find Across Folder"),
                                 compiled.ok() ? tr("Names are found in the open document only: pick Value, "
                                                    "Bytes or Text in the find bar (Ctrl+F).")
                                               : tr("Type what to find in the find bar (Ctrl+F) first: %1")
                                                     .arg(QString::fromStdString(compiled.error)));
        return;
    }
    const QString title = tr("Find %1 across").arg(FindFolderDialog::describe(*compiled.query));
    const QString path =
        archive ? QFileDialog::getOpenFileName(this, title, currentFolder(), tr("Archives (*.zip)"))
                : QFileDialog::getExistingDirectory(this, title, currentFolder());
    if (!path.isEmpty()) startFindAcrossFolder(request, path);
}

FindFolderDialog* MainWindow::startFindAcrossFolder(const FindRequest& request, const QString& path) {
    const CompiledFind compiled = compileFind(request);
    if (!compiled.ok()) return nullptr;
    auto* dialog = new FindFolderDialog(*compiled.query, path, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &FindFolderDialog::openRequested, this, &MainWindow::openInputAt);
    dialog->show();
    return dialog;
}

FindFolderDialog* MainWindow::findWhereUsed(const QString& path) {
    DocumentView* view = currentDocumentView();
    if (!view || !view->document().parsed) return nullptr;
    const QString name = QFileInfo(view->document().displayName).fileName();
    const std::string fileName = name.toStdString();
    const ParsedFile& parsed = *view->document().parsed;
    const std::vector<WhereUsedFind> finds = whereUsed({parsed.format(), fileName, &parsed.tree()});
    if (finds.empty()) {
        QMessageBox::information(this, tr("Where Is This Used?"),
                                 tr("No format assetscope reads refers to %1 by a documented field (the user "
                                    "guide lists the references followed).")
                                     .arg(name));
        return nullptr;
    }
    // The first: the formats list the reference a person means first.
    const WhereUsedFind& find = finds.front();
    const FindRequest& request = find.request;
    QString where = path;
    if (where.isEmpty())
        where = QFileDialog::getExistingDirectory(this, tr("Where is %1 used? Look under").arg(name),
                                                  currentFolder());
    if (where.isEmpty()) return nullptr;
    FindFolderDialog* dialog = startFindAcrossFolder(request, where);
    if (dialog) dialog->setToolTip(QString::fromStdString(find.rule));
    return dialog;
}

} // namespace assetscope::app
