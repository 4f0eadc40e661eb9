// Bookmarks and path notes: Ctrl+D, notes files in and out, and every open file showing the notes
// the store holds (the Bookmarks pane lists them: views/bookmarks_pane).
#include "main_window.h"

#include "ui_main_window.h"

#include "dialogs/bookmark_dialog.h"
#include "models/structure_model.h"
#include "notes/node_notes.h"
#include "notes_store.h"
#include "views/docs_pane.h"
#include "views/document_view.h"
#include "views/hex_view.h"

#include <QFileDialog>
#include <QMessageBox>
#include <QStatusBar>
#include <QTabWidget>

namespace assetscope::app {

void MainWindow::connectNotes() {
    // Every open file shows what the store holds now, and the docs pane says it again.
    connect(m_notes, &NotesStore::changed, this, [this] {
        for (int i = 0; i < m_tabs->count(); ++i)
            if (auto* view = qobject_cast<DocumentView*>(m_tabs->widget(i))) applyNotes(*view);
        if (DocumentView* view = currentDocumentView()) onNodeChanged(view->currentNode());
    });
}

void MainWindow::applyNotes(DocumentView& view) {
    if (view.document().parsed) view.setNotes(m_notes->notesFor(view.document().sha256));
}

void MainWindow::createNotesActions() {
    m_bookmarkAction = new QAction(tr("&Bookmark…"), this);
    m_bookmarkAction->setObjectName(QStringLiteral("actionBookmark"));
    m_bookmarkAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    m_bookmarkAction->setToolTip(tr("Bookmark the selected field, or the selected bytes, with a note"));
    connect(m_bookmarkAction, &QAction::triggered, this, [this] { askBookmark(false); });
    m_pathNoteAction = new QAction(tr("&Note on This Field in Every File…"), this);
    m_pathNoteAction->setObjectName(QStringLiteral("actionPathNote"));
    connect(m_pathNoteAction, &QAction::triggered, this, [this] { askBookmark(true); });
    m_ui->menuEdit->addSeparator();
    m_ui->menuEdit->addAction(m_bookmarkAction);
    m_ui->menuEdit->addAction(m_pathNoteAction);

    m_importNotesAction = new QAction(tr("&Import Notes…"), this);
    m_exportNotesAction = new QAction(tr("E&xport Notes…"), this);
    connect(m_importNotesAction, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Import Notes"), {}, tr("Notes (*.json)"));
        QString error;
        if (!path.isEmpty() && !importNotes(path, error))
            QMessageBox::warning(this, tr("Import Notes"), tr("%1 was not imported: %2").arg(path, error));
    });
    connect(m_exportNotesAction, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export Notes"), {}, tr("Notes (*.json)"));
        QString error;
        if (!path.isEmpty() && !exportNotes(path, error))
            QMessageBox::warning(this, tr("Export Notes"), error);
    });
    // Beside the other files the window writes, before Quit.
    QAction* before = m_ui->actionQuit;
    m_ui->menuFile->insertAction(before, m_importNotesAction);
    m_ui->menuFile->insertAction(before, m_exportNotesAction);
    m_ui->menuFile->insertSeparator(before);
}

void MainWindow::updateNotesActions() {
    DocumentView* view = currentDocumentView();
    const bool parsed = view && view->document().parsed;
    for (QAction* a : {m_bookmarkAction, m_pathNoteAction, m_exportNotesAction})
        if (a) a->setEnabled(parsed);
}

void MainWindow::askBookmark(bool everyFile) {
    DocumentView* view = currentDocumentView();
    if (!view || !view->document().parsed) return;
    const bool bytes = !everyFile && view->hexView()->hasSelection();
    const ByteRange r = view->hexView()->copyRange();
    const QString place = bytes ? tr("Bytes 0x%1 to 0x%2 of %3")
                                      .arg(QString::number(r.begin, 16), QString::number(r.end - 1, 16),
                                           view->document().displayName)
                          : everyFile ? tr("%1 in every %2 file")
                                            .arg(view->currentPath().section(QLatin1Char('/'), 1),
                                                 QString::fromUtf8(view->document().parsed->format()))
                                      : view->currentPath();
    BookmarkDialog dialog(everyFile ? tr("Note on This Field in Every File") : tr("Bookmark"), place, this);
    if (dialog.exec() != QDialog::Accepted) return;
    QString error;
    const bool ok = everyFile ? notePathOfSelection(dialog.note(), dialog.colour(), error)
                              : bookmarkSelection(dialog.note(), dialog.colour(), error);
    if (!ok) QMessageBox::warning(this, dialog.windowTitle(), error);
}

bool MainWindow::bookmarkSelection(const QString& note, const QColor& colour, QString& error) {
    DocumentView* view = currentDocumentView();
    if (!view || !view->document().parsed) {
        error = tr("no file with a structure is in front");
        return false;
    }
    notes::Bookmark bookmark;
    bookmark.note = note.toStdString();
    bookmark.colour = colour.name().toStdString();
    const NodeId node = view->currentNode();
    if (view->hexView()->hasSelection()) {
        const ByteRange r = view->hexView()->copyRange();
        bookmark.range = notes::ByteSpan{r.begin, r.end - r.begin};
    } else if (node != kNoNode && node != view->document().tree()->root()) {
        std::string path;
        for (const std::string& name : notes::namesBelowRoot(*view->document().tree(), node))
            path += (path.empty() ? "" : "/") + name;
        bookmark.path = path;
    } else {
        error = tr("select a field or drag over bytes first");
        return false;
    }
    return m_notes->addBookmark(view->document(), std::move(bookmark), error);
}

bool MainWindow::notePathOfSelection(const QString& note, const QColor& colour, QString& error) {
    DocumentView* view = currentDocumentView();
    const NodeId node = view ? view->currentNode() : kNoNode;
    if (!view || !view->document().parsed || node == kNoNode || node == view->document().tree()->root()) {
        error = tr("select a field first");
        return false;
    }
    notes::PathNote p;
    p.format = std::string(view->document().parsed->format());
    // Array elements are any element: the note is on the field, wherever its record is.
    for (const std::string& name : notes::namesBelowRoot(*view->document().tree(), node)) {
        const bool element = name.size() > 2 && name.front() == '[' && name.back() == ']';
        p.path += (p.path.empty() ? "" : "/") + (element ? std::string("*") : name);
    }
    p.note = note.toStdString();
    p.colour = colour.name().toStdString();
    return m_notes->addPathNote(std::move(p), error);
}

bool MainWindow::importNotes(const QString& path, QString& error) {
    if (!m_notes->importFile(path, error)) return false;
    statusBar()->showMessage(tr("Notes imported from %1").arg(path), 4000);
    return true;
}

bool MainWindow::exportNotes(const QString& path, QString& error) {
    DocumentView* view = currentDocumentView();
    if (!view || !view->document().parsed) {
        error = tr("no file with a structure is in front");
        return false;
    }
    return m_notes->exportFile(path, view->document().sha256, error);
}

} // namespace assetscope::app
