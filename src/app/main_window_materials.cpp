// Materials: the game roots (File ▸ Game Roots…, remembered as the 3D pane's model places are),
// through which the open documents' looks are followed for the table pane, and opening an input
// with a node selected once it is read (a look's row that leads to another file).
#include "main_window.h"

#include "ui_main_window.h"

#include "dialogs/game_roots_dialog.h"
#include "document_looks.h"
#include "game_roots.h"
#include "models/structure_model.h"
#include "views/document_view.h"

#include <QSettings>

namespace assetscope::app {

void MainWindow::connectGameRoots() {
    connect(m_gameRoots, &GameRoots::rootsChanged, this, [this](const QStringList& roots) {
        if (m_persistent) QSettings().setValue(QStringLiteral("gameRoots"), roots);
    });
    connect(m_ui->actionGameRoots, &QAction::triggered, this, &MainWindow::editGameRoots);
}

void MainWindow::editGameRoots() {
    GameRootsDialog dialog(m_gameRoots->roots(), this);
    if (dialog.exec() != QDialog::Accepted) return;
    // OK with the same roots looks at the installs again: a file added since is found.
    if (dialog.roots() == m_gameRoots->roots())
        m_gameRoots->lookAgain();
    else
        m_gameRoots->setRoots(dialog.roots());
}

void MainWindow::openInputAtNode(const QString& input, quint32 node) {
    m_pendingNodes.insert(absoluteInput(input), node);
    openInput(input);
    // Open already: openInput only switched to its tab.
    if (DocumentView* view = currentDocumentView()) selectPendingNode(*view);
}

void MainWindow::selectPendingNode(DocumentView& view) {
    const auto it = m_pendingNodes.find(view.property("input").toString());
    if (it == m_pendingNodes.end()) return;
    const NodeId node = it.value();
    m_pendingNodes.erase(it);
    if (view.model() && node < view.model()->tree().nodeCount()) view.jumpToNode(node);
}

} // namespace assetscope::app
