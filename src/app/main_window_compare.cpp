// The window's way into the comparison view: File ▸ Compare With… and the tab bar's menu.
#include "background_threads.h"
#include "main_window.h"

#include "ui_main_window.h"

#include "views/comparison_view.h"
#include "views/document_pane.h"
#include "views/document_view.h"
#include "views/preview_pane.h"

#include <QFileDialog>
#include <QFutureWatcher>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QProgressBar>
#include <QTabBar>
#include <QTabWidget>
#include <QtConcurrent/QtConcurrentRun>

namespace assetscope::app {

void MainWindow::createComparisonActions() {
    connect(m_ui->actionCompare, &QAction::triggered, this, [this] {
        if (!currentDocumentView()) return;
        const QString file = QFileDialog::getOpenFileName(
            this, tr("Compare %1 With").arg(currentDocumentView()->document().displayName));
        if (!file.isEmpty()) compareWith(file);
    });
    QTabBar* bar = m_tabs->tabBar();
    bar->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(bar, &QWidget::customContextMenuRequested, this, [this, bar](const QPoint& pos) {
        const int index = bar->tabAt(pos);
        if (index < 0) return;
        QMenu* menu = createTabMenu(index, this);
        menu->setAttribute(Qt::WA_DeleteOnClose);
        menu->popup(bar->mapToGlobal(pos));
    });
}

QMenu* MainWindow::createTabMenu(int index, QWidget* parent) {
    auto* menu = new QMenu(parent);
    auto* view = qobject_cast<DocumentView*>(m_tabs->widget(index));
    QMenu* compare = menu->addMenu(tr("Compare with"));
    for (int i = 0; i < m_tabs->count() && view; ++i) {
        auto* other = qobject_cast<DocumentView*>(m_tabs->widget(i));
        if (i == index || !other || !other->document().parsed) continue;
        QAction* action = compare->addAction(m_tabs->tabText(i));
        action->setToolTip(other->document().input);
        const std::shared_ptr<Document> a = view->documentPtr();
        const std::shared_ptr<Document> b = other->documentPtr();
        connect(action, &QAction::triggered, this, [this, a, b] { openComparison(a, b); });
    }
    compare->setEnabled(!compare->isEmpty());
    menu->addSeparator();
    menu->addAction(tr("Close Tab"), this, [this, tab = QPointer<QWidget>(m_tabs->widget(index))] {
        if (tab) closeTab(m_tabs->indexOf(tab));
    });
    return menu;
}

void MainWindow::compareWith(const QString& rawInput) {
    DocumentView* current = currentDocumentView();
    if (!current || !current->document().parsed) return;
    const std::shared_ptr<Document> a = current->documentPtr();
    const QString input = absoluteInput(rawInput);
    // Open already: its document as it is, with the elements its views have built.
    for (int i = 0; i < m_tabs->count(); ++i)
        if (auto* view = qobject_cast<DocumentView*>(m_tabs->widget(i));
            view && view->document().input == input && view->document().parsed) {
            openComparison(a, view->documentPtr());
            return;
        }
    ++m_pending;
    m_progress->show();
    m_statusText->setText(tr("Reading %1 to compare…").arg(input));
    auto* watcher = new QFutureWatcher<std::shared_ptr<Document>>(this);
    connect(watcher, &QFutureWatcher<std::shared_ptr<Document>>::finished, this, [this, watcher, a] {
        const std::shared_ptr<Document> b = watcher->result();
        watcher->deleteLater();
        if (!b->ok() || !b->parsed)
            QMessageBox::warning(
                this, tr("Compare With"),
                tr("%1 cannot be compared: %2")
                    .arg(b->input, b->ok() ? tr("it is an archive, not a file in one") : b->error));
        else
            openComparison(a, b);
        if (--m_pending == 0) {
            m_progress->hide();
            emit loadsFinished();
        }
    });
    watcher->setFuture(
        QtConcurrent::run(&backgroundThreads(), &loadDocument, input, previewPane()->modelPlaces()));
}

ComparisonView* MainWindow::openComparison(std::shared_ptr<Document> a, std::shared_ptr<Document> b) {
    if (!a || !b || !a->parsed || !b->parsed) return nullptr;
    auto* view = new ComparisonView(std::move(a), std::move(b), m_tabs);
    const int index = m_tabs->addTab(view, view->title());
    m_tabs->setTabToolTip(index, tr("A: %1\nB: %2").arg(view->documentA()->input, view->documentB()->input));
    // The docks follow the side last clicked (its documented row, the bytes at its cursor).
    connect(view, &ComparisonView::focusChanged, this,
            [this, view](const Document* document, NodeId node, quint64 offset) {
                if (m_tabs->currentWidget() != view) return;
                for (const PaneSlot& slot : m_panes)
                    slot.pane->placeShown(*document, node, offset);
                m_offsetText->setText(offsetText(offset));
            });
    connect(view, &ComparisonView::historyChanged, this, &MainWindow::updateHistoryActions);
    connect(view, &ComparisonView::currentDifferenceChanged, this, [this, view] {
        if (m_tabs->currentWidget() == view) showComparisonPosition(*view);
    });
    m_tabs->setCurrentIndex(index); // onCurrentTabChanged shows its position and focus
    return view;
}

void MainWindow::showComparisonPosition(ComparisonView& view) {
    m_statusText->setText(view.title() + QStringLiteral(": ") + view.positionLabel()->text());
}

} // namespace assetscope::app
