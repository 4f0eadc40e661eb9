#pragma once

#include "tree/structure_tree.h"

#include <cstdint>

namespace assetscope::app {

struct Document;
class DocumentView;

// What every pane beside the document tabs is told, and nothing else: the main window keeps its
// panes as one list and calls each in turn (RenderDoc's ICaptureViewer is the model). A new pane
// implements this, and the main window adds it to a dock.
class DocumentPane {
public:
    virtual ~DocumentPane() = default;
    // The tab in front changed. `view` is its structure view (nullptr for an archive browser or
    // no tab); `document` what the tab shows (an archive too), or nullptr.
    virtual void documentChanged(DocumentView* view, const Document* document) = 0;
    // The selected node of the structure view in front changed.
    virtual void nodeSelected(DocumentView& view, NodeId node) {
        (void)view;
        (void)node;
    }
    // The hex cursor of the structure view in front moved.
    virtual void cursorMoved(DocumentView& view, std::uint64_t offset) {
        (void)view;
        (void)offset;
    }
};

} // namespace assetscope::app
