#pragma once

#include "contract/table_source.h"
#include "tree/structure_tree.h"
#include "tree/subject.h"
#include "views/texel_probe.h"

#include <QString>
#include <QVariant>

#include <optional>

namespace assetscope::app {

struct Document;
class DocumentLooks;
class DocumentPane;
class DocumentView;
class FieldStatsStore;
class GameRoots;
class NotesStore;

// A mark one pane picked inside the selection, for the others to show: an instance of a placement
// file (`row` of kind Instance, its index among the file's placed instances) or a triangle of the
// mesh made from `subject` (`row` of kind Triangle).
struct PaneMark {
    RowMark row;
    Subject subject;
};

// What the panes beside the document tabs ask and tell, instead of one another (RenderDoc's
// ICaptureContext is the model). The window is the one context: a pane asks it what is in front,
// moves the selection through it, and hears every change through DocumentPane's calls, which the
// context makes to every pane in turn. No pane names another.
class DocumentContext {
public:
    virtual ~DocumentContext() = default;

    // The tab in front: its structure view (nullptr for an archive, an install, a comparison or no
    // tab) and what it shows (an archive too; nullptr for no tab).
    virtual DocumentView* currentView() const = 0;
    virtual const Document* currentDocument() const = 0;

    // The selection. A jump moves the structure view in front (its history records it); every
    // pane then hears nodeSelected and cursorMoved.
    virtual void jumpToNode(NodeId node) = 0;
    // Every pane but `from` hears marked().
    virtual void mark(const PaneMark& mark, const DocumentPane* from) = 0;
    // The texture view's texel under the mouse (nullopt: the mouse left the picture) and the one
    // clicked: the status bar says it, and every pane hears texelShown() with the texel hovered,
    // else the one last clicked.
    virtual void hoverTexel(const std::optional<TexelProbe>& probe) = 0;
    virtual void clickTexel(const TexelProbe& probe) = 0;

    // Opening: a Game:\ path or an INPUT path named by the document in front, with `node`
    // selected once it is read (kNoNode: nothing in particular); "Values across a folder…" of a
    // documented field.
    virtual void openReference(const QString& path, NodeId node) = 0;
    virtual void askFieldValues(const QString& key) = 0;
    // Shows the pane's dock and puts it in front of the docks tabbed with it.
    virtual void raise(const DocumentPane& pane) = 0;

    // What the window keeps for all its panes: the game roots Game:\ paths resolve under, the
    // open documents' looks followed through them, the notes, the folder findings of this session.
    virtual GameRoots& gameRoots() = 0;
    virtual DocumentLooks& looks() = 0;
    virtual NotesStore& notes() = 0;
    virtual const FieldStatsStore& fieldStats() const = 0;

    // The status bar: a message for `milliseconds`; clearStatus removes the message only while
    // it is still `text` (a later message stays).
    virtual void showStatus(const QString& text, int milliseconds) = 0;
    virtual void clearStatus(const QString& text) = 0;
    // A setting kept for the next start (nothing while the window is not persistent: screenshots,
    // tests); a pane reads them back in DocumentPane::restoreSettings.
    virtual void remember(const QString& key, const QVariant& value) = 0;
};

} // namespace assetscope::app
