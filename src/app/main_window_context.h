#pragma once

#include "main_window.h"
#include "views/document_context.h"

namespace assetscope::app {

// The window as its panes' one DocumentContext (main_window_context.cpp): what is in front, the
// selection moved and marks passed on to every pane, references opened, the stores the window
// keeps, its status bar and its settings.
class MainWindow::Context final : public DocumentContext {
public:
    explicit Context(MainWindow& window) : m_window(window) {}

    DocumentView* currentView() const override;
    const Document* currentDocument() const override;
    void jumpToNode(NodeId node) override;
    void mark(const PaneMark& mark, const DocumentPane* from) override;
    void hoverTexel(const std::optional<TexelProbe>& probe) override;
    void clickTexel(const TexelProbe& probe) override;
    void openReference(const QString& path, NodeId node) override;
    void askFieldValues(const QString& key) override;
    void raise(const DocumentPane& pane) override;
    GameRoots& gameRoots() override;
    DocumentLooks& looks() override;
    NotesStore& notes() override;
    const FieldStatsStore& fieldStats() const override;
    void showStatus(const QString& text, int milliseconds) override;
    void clearStatus(const QString& text) override;
    void remember(const QString& key, const QVariant& value) override;

private:
    MainWindow& m_window;
};

} // namespace assetscope::app
