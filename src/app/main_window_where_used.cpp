// "Where is this used?" of a texture, a material or a shader: the files of its install whose
// Game:\ paths resolve to it (core's materials::whereUsed), in a dialog of their own.
#include "main_window.h"

#include "dialogs/where_used_dialog.h"
#include "game_roots.h"
#include "input/input_path.h"
#include "views/document_view.h"

#include <QMessageBox>

namespace assetscope::app {

namespace {

// Whether Game:\ paths name files like this one: a texture (materials' and shaders' texture
// parameters), a material (models' slots) or a shader (materials).
bool namedByGamePaths(const Document& document) {
    if (!document.parsed) return false;
    if (document.texture) return true;
    const std::vector<MaterialLook> looks = document.parsed->materials();
    return !looks.empty() && looks.front().kind != MaterialLook::Kind::Instance;
}

} // namespace

void MainWindow::whereIsThisUsed() {
    DocumentView* view = currentDocumentView();
    if (!view || !view->document().parsed || !namedByGamePaths(view->document())) {
        findWhereUsed();
        return;
    }
    if (whereUsedInInstall()) return;
    const QString name =
        QString::fromStdString(InputPath::parse(view->document().input.toStdString()).lastName());
    QMessageBox::information(this, tr("Where Is This Used?"),
                             tr("%1 lies in no install: Game:\\ paths name the files below the folder that "
                                "holds a folder named media, and there is none above it. Open it from its "
                                "install to see which models, materials and shaders name it.")
                                 .arg(name));
}

WhereUsedDialog* MainWindow::whereUsedInInstall() {
    DocumentView* view = currentDocumentView();
    if (!view || !namedByGamePaths(view->document())) return nullptr;
    const QString input = view->document().input;
    std::vector<std::string> roots = m_gameRoots->rootsFor(input);
    if (roots.empty()) return nullptr;
    auto* dialog = new WhereUsedDialog(input, std::move(roots), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &WhereUsedDialog::openRequested, this,
            qOverload<const QString&, quint64, quint32>(&MainWindow::openInputAtNode));
    dialog->show();
    return dialog;
}

void MainWindow::openInputAtNode(const QString& input, quint64 offset, quint32 node) {
    // The node is selected once the file is read (the same pending selection as the table pane's
    // jumps); the hex cursor goes to the offset.
    m_pendingNodes.insert(absoluteInput(input), node);
    openInputAt(input, offset);
    if (DocumentView* view = currentDocumentView()) selectPendingNode(*view);
}

} // namespace assetscope::app
