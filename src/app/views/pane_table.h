#pragma once

#include <QSize>
#include <Qt>

#include <vector>

class QWidget;

namespace assetscope::app {

class DocumentContext;
class DocumentPane;

// Where a pane's dock goes in the window's first layout (a layout the person saved replaces it):
// on its own in its area, or below, right of or tabbed with the dock of a pane listed before it.
struct PanePlace {
    enum class How { Alone, Below, RightOf, TabbedWith };
    How how = How::Alone;
    const char* of = nullptr; // that pane's id
};

// One line of the pane table: a pane beside the document tabs, as the window makes it.
struct PaneRegistration {
    // The pane's id ("table"). Its dock is named after it ("tableDock"): the layout the window
    // saves keys on that name, so an id stays once released.
    const char* id;
    // The dock's title and its View-menu entry (QT_TRANSLATE_NOOP("Panes", …)).
    const char* title;
    Qt::DockWidgetArea area;
    PanePlace place;
    // The dock's size in the first layout; a side of 0 is left as the layout gives it.
    QSize size;
    // Makes the pane, a widget under `parent`; the window attaches the context to it next.
    DocumentPane* (*make)(DocumentContext& context, QWidget* parent);
};

// Every pane, in View-menu order (views/panes.cpp).
const std::vector<PaneRegistration>& paneTable();

// The maker of a pane whose constructor takes its parent alone.
template <class Pane> DocumentPane* makePane(DocumentContext& /*context*/, QWidget* parent) {
    return new Pane(parent);
}

} // namespace assetscope::app
