// "Values across a folder…": the dialog a field's context menu opens, the findings the docs
// pane sets beside the documents, and opening an example at its offset.
#include "main_window.h"

#include "dialogs/field_values_dialog.h"
#include "input/input_path.h"
#include "models/field_stats_store.h"
#include "views/archive_view.h"
#include "views/docs_pane.h"
#include "views/document_view.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QTabWidget>

namespace assetscope::app {

void MainWindow::askFieldValues(const QString& key) {
    // The folder of the current document (of its archive, for an entry) is the likely one.
    QString input;
    if (DocumentView* view = currentDocumentView())
        input = view->document().input;
    else if (ArchiveView* archive = currentArchiveView())
        input = archive->document().input;
    const std::string file = InputPath::parse(input.toStdString()).file;
    const QString start =
        file.empty() ? QDir::homePath() : QFileInfo(QString::fromStdString(file)).absolutePath();
    const QString folder =
        QFileDialog::getExistingDirectory(this, tr("Values of %1 across a Folder").arg(key), start);
    if (!folder.isEmpty()) startFieldValues(key, folder);
}

FieldValuesDialog* MainWindow::startFieldValues(const QString& key, const QString& folder) {
    auto* dialog = new FieldValuesDialog(key, folder, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &FieldValuesDialog::statsFinished, this,
            [this, dialog] { m_fieldStats->remember(dialog->folder(), dialog->result()); });
    connect(dialog, &FieldValuesDialog::openRequested, this, &MainWindow::openInputAt);
    dialog->show();
    return dialog;
}

void MainWindow::openInputAt(const QString& input, quint64 offset) {
    m_pendingOffsets.insert(absoluteInput(input), offset);
    openInput(input);
    // Open already: openInput only switched to its tab.
    if (DocumentView* view = currentDocumentView()) selectPendingOffset(*view);
    raise();
    activateWindow();
}

void MainWindow::selectPendingOffset(DocumentView& view) {
    const auto it = m_pendingOffsets.find(view.property("input").toString());
    if (it == m_pendingOffsets.end()) return;
    const quint64 offset = it.value();
    m_pendingOffsets.erase(it);
    if (offset < view.document().bytes->size()) view.selectOffset(offset);
}

} // namespace assetscope::app
