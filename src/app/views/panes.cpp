// The pane table: every pane beside the document tabs, one line each, in View-menu order. The
// window makes a dock and a View-menu entry for each line and tells every pane of the document,
// its selection and its cursor through DocumentPane; a pane reaches the rest of the window only
// through the DocumentContext it is given. (A table in one file rather than a registration in
// each pane's file: the window links its panes from a static library, which leaves out a file
// nothing names.)
#include "views/pane_table.h"

#include "views/bookmarks_pane.h"
#include "views/data_inspector.h"
#include "views/diagnostics_pane.h"
#include "views/docs_pane.h"
#include "views/document_context.h"
#include "views/file_info_pane.h"
#include "views/find_results_pane.h"
#include "views/preview_pane.h"
#include "views/table_pane.h"

#include <QtGlobal>

namespace assetscope::app {

namespace {
using How = PanePlace::How;
constexpr Qt::DockWidgetArea kRight = Qt::RightDockWidgetArea;
constexpr Qt::DockWidgetArea kBottom = Qt::BottomDockWidgetArea;

DocumentPane* makeBookmarks(DocumentContext& context, QWidget* parent) {
    return new BookmarksPane(context.notes(), parent);
}
} // namespace

const std::vector<PaneRegistration>& paneTable() {
    static const std::vector<PaneRegistration> table = {
        {"docs", QT_TRANSLATE_NOOP("Panes", "Documentation"), kRight, {}, {400, 330}, makePane<DocsPane>},
        {"inspector",
         QT_TRANSLATE_NOOP("Panes", "Data Inspector"),
         kRight,
         {How::Below, "docs"},
         {0, 320},
         makePane<DataInspector>},
        {"info",
         QT_TRANSLATE_NOOP("Panes", "File Info"),
         kRight,
         {How::TabbedWith, "inspector"},
         {},
         makePane<FileInfoPane>},
        {"table", QT_TRANSLATE_NOOP("Panes", "Table"), kBottom, {}, {900, 260}, makePane<TablePane>},
        {"diagnostics",
         QT_TRANSLATE_NOOP("Panes", "Diagnostics"),
         kBottom,
         {How::TabbedWith, "table"},
         {},
         makePane<DiagnosticsPane>},
        {"preview",
         QT_TRANSLATE_NOOP("Panes", "Preview"),
         kBottom,
         {How::RightOf, "table"},
         {600, 0},
         makePane<PreviewPane>},
        {"bookmarks",
         QT_TRANSLATE_NOOP("Panes", "Bookmarks"),
         kBottom,
         {How::TabbedWith, "table"},
         {},
         makeBookmarks},
        {"find",
         QT_TRANSLATE_NOOP("Panes", "Find Results"),
         kBottom,
         {How::TabbedWith, "table"},
         {},
         makePane<FindResultsPane>},
    };
    return table;
}

} // namespace assetscope::app
