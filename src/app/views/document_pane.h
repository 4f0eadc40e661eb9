#pragma once

#include "tree/structure_tree.h"
#include "views/texel_probe.h"

#include <cstdint>
#include <optional>

class QSettings;
class QWidget;

namespace assetscope::app {

struct Document;
struct PaneMark;
class DocumentContext;
class DocumentView;

// What every pane beside the document tabs is told, and nothing else (RenderDoc's ICaptureViewer
// is the model). The window makes its panes from the pane table (views/panes.cpp), gives each the
// DocumentContext, and calls every pane in turn when the document, its selection or its cursor
// changes. A pane never names another: what it picks it tells the context, which tells the rest.
class DocumentPane {
public:
    virtual ~DocumentPane() = default;

    // Given once, when the window makes the pane; a pane made on its own (a test) has none.
    void attach(DocumentContext& context) {
        m_context = &context;
        attached(context);
    }
    DocumentContext* context() const { return m_context; }
    // The widget the pane is (every pane is one).
    QWidget* widget() { return dynamic_cast<QWidget*>(this); }

    // The tab in front changed. `view` is its structure view (nullptr for an archive browser or
    // no tab); `document` what the tab shows (an archive too), or nullptr.
    virtual void documentChanged(DocumentView* view, const Document* document) = 0;
    // The selected node of the structure view in front changed.
    virtual void nodeSelected(DocumentView& /*view*/, NodeId /*node*/) {}
    // The hex cursor of the structure view in front moved.
    virtual void cursorMoved(DocumentView& /*view*/, std::uint64_t /*offset*/) {}
    // Another pane marked an instance or a triangle inside the selection.
    virtual void marked(const PaneMark& /*mark*/) {}
    // The texel the texture view points at: hovered, else last clicked; nullopt for none.
    virtual void texelShown(const std::optional<TexelProbe>& /*probe*/) {}
    // A tab that is no structure view shows a place in a document: the side of a comparison last
    // clicked, its node there (kNoNode where that side has none) and its hex cursor.
    virtual void placeShown(const Document& /*document*/, NodeId /*node*/, std::uint64_t /*offset*/) {}
    // The settings the pane kept with DocumentContext::remember, read back when the window starts.
    virtual void restoreSettings(const QSettings& /*settings*/) {}

protected:
    // The pane connects its own signals to the context here.
    virtual void attached(DocumentContext& /*context*/) {}

private:
    DocumentContext* m_context = nullptr;
};

} // namespace assetscope::app
