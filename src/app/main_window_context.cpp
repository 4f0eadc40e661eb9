// The window as its panes' DocumentContext: a pane asks what is in front and tells the window
// what it picked; the window passes it on to every pane (DocumentPane), so no pane names another.
#include "main_window_context.h"

#include "models/field_stats_store.h"
#include "views/document_pane.h"
#include "views/document_view.h"

#include <QDockWidget>
#include <QSettings>
#include <QStatusBar>

namespace assetscope::app {

DocumentView* MainWindow::Context::currentView() const {
    return m_window.currentDocumentView();
}

const Document* MainWindow::Context::currentDocument() const {
    return m_window.frontDocument();
}

void MainWindow::Context::jumpToNode(NodeId node) {
    if (DocumentView* view = currentView()) view->jumpToNode(node);
}

void MainWindow::Context::mark(const PaneMark& mark, const DocumentPane* from) {
    for (const PaneSlot& slot : m_window.m_panes)
        if (slot.pane != from) slot.pane->marked(mark);
}

void MainWindow::Context::hoverTexel(const std::optional<TexelProbe>& probe) {
    m_window.onTexelHovered(probe);
}

void MainWindow::Context::clickTexel(const TexelProbe& probe) {
    m_window.onTexelClicked(probe);
}

void MainWindow::Context::openReference(const QString& path, NodeId node) {
    const DocumentView* view = currentView();
    m_window.openGamePath(path, view ? view->document().input : QString(), node);
}

void MainWindow::Context::askFieldValues(const QString& key) {
    m_window.askFieldValues(key);
}

void MainWindow::Context::raise(const DocumentPane& pane) {
    for (const PaneSlot& slot : m_window.m_panes)
        if (slot.pane == &pane) {
            slot.dock->show();
            slot.dock->raise();
        }
}

GameRoots& MainWindow::Context::gameRoots() {
    return *m_window.m_gameRoots;
}

DocumentLooks& MainWindow::Context::looks() {
    return *m_window.m_looks;
}

NotesStore& MainWindow::Context::notes() {
    return *m_window.m_notes;
}

const FieldStatsStore& MainWindow::Context::fieldStats() const {
    return *m_window.m_fieldStats;
}

void MainWindow::Context::showStatus(const QString& text, int milliseconds) {
    m_window.statusBar()->showMessage(text, milliseconds);
}

void MainWindow::Context::clearStatus(const QString& text) {
    if (m_window.statusBar()->currentMessage() == text) m_window.statusBar()->clearMessage();
}

void MainWindow::Context::remember(const QString& key, const QVariant& value) {
    if (m_window.m_persistent) QSettings().setValue(key, value);
}

} // namespace assetscope::app
