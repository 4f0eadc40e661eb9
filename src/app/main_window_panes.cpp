// The panes beside the document tabs, made from the pane table (views/panes.cpp): a dock each,
// placed beside the docks before it as its line says, and an entry each in the View menu. The
// window knows no pane by its class here; it tells every pane the same things (DocumentPane)
// and gives each the same context (main_window_context.cpp).
#include "main_window.h"
#include "main_window_context.h"

#include "ui_main_window.h"

#include "views/bookmarks_pane.h"
#include "views/data_inspector.h"
#include "views/docs_pane.h"
#include "views/find_results_pane.h"
#include "views/pane_table.h"
#include "views/preview_pane.h"
#include "views/table_pane.h"

#include <QCoreApplication>
#include <QDockWidget>
#include <QMenu>

namespace assetscope::app {

void MainWindow::createPanes() {
    for (const PaneRegistration& entry : paneTable()) {
        const QString id = QString::fromLatin1(entry.id);
        auto* dock = new QDockWidget(QCoreApplication::translate("Panes", entry.title), this);
        dock->setObjectName(id + QStringLiteral("Dock"));
        DocumentPane* pane = entry.make(*m_context, dock);
        QWidget* widget = pane->widget();
        if (widget->objectName().isEmpty()) widget->setObjectName(id + QStringLiteral("Pane"));
        dock->setWidget(widget);
        addDockWidget(entry.area, dock);
        m_panes.push_back({id, pane, dock});
        pane->attach(*m_context);
        m_ui->menuView->addAction(dock->toggleViewAction());
    }
    arrangeDocks();
}

void MainWindow::arrangeDocks() {
    // Splits first: a dock split off one already tabbed with others would join their tabs.
    for (const bool tabs : {false, true})
        for (const PaneRegistration& entry : paneTable()) {
            QDockWidget* dock = paneDock(QString::fromLatin1(entry.id));
            QDockWidget* beside = entry.place.of ? paneDock(QString::fromLatin1(entry.place.of)) : nullptr;
            if (!beside || tabs != (entry.place.how == PanePlace::How::TabbedWith)) continue;
            if (tabs)
                tabifyDockWidget(beside, dock);
            else if (entry.place.how != PanePlace::How::Alone)
                splitDockWidget(beside, dock,
                                entry.place.how == PanePlace::How::Below ? Qt::Vertical : Qt::Horizontal);
        }
    sizeDocks();
}

void MainWindow::sizeDocks() {
    QList<QDockWidget*> wide, tall;
    QList<int> widths, heights;
    for (const PaneRegistration& entry : paneTable()) {
        QDockWidget* dock = paneDock(QString::fromLatin1(entry.id));
        // A tab group shows the dock the others were tabbed with.
        if (entry.place.how == PanePlace::How::TabbedWith)
            paneDock(QString::fromLatin1(entry.place.of))->raise();
        if (entry.size.width() > 0) {
            wide << dock;
            widths << entry.size.width();
        }
        if (entry.size.height() > 0) {
            tall << dock;
            heights << entry.size.height();
        }
    }
    resizeDocks(wide, widths, Qt::Horizontal);
    resizeDocks(tall, heights, Qt::Vertical);
}

DocumentPane* MainWindow::pane(const QString& id) const {
    for (const PaneSlot& slot : m_panes)
        if (slot.id == id) return slot.pane;
    return nullptr;
}

QDockWidget* MainWindow::paneDock(const QString& id) const {
    for (const PaneSlot& slot : m_panes)
        if (slot.id == id) return slot.dock;
    return nullptr;
}

DocsPane* MainWindow::docsPane() const {
    return dynamic_cast<DocsPane*>(pane(QStringLiteral("docs")));
}

TablePane* MainWindow::tablePane() const {
    return dynamic_cast<TablePane*>(pane(QStringLiteral("table")));
}

DataInspector* MainWindow::dataInspector() const {
    return dynamic_cast<DataInspector*>(pane(QStringLiteral("inspector")));
}

PreviewPane* MainWindow::previewPane() const {
    return dynamic_cast<PreviewPane*>(pane(QStringLiteral("preview")));
}

FindResultsPane* MainWindow::findResults() const {
    return dynamic_cast<FindResultsPane*>(pane(QStringLiteral("find")));
}

BookmarksPane* MainWindow::bookmarksPane() const {
    return dynamic_cast<BookmarksPane*>(pane(QStringLiteral("bookmarks")));
}

} // namespace assetscope::app
