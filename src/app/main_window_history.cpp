// Back and forward through the front tab's jumps.
#include "main_window.h"

#include "ui_main_window.h"

#include "views/comparison_view.h"
#include "views/document_view.h"

#include <QStyle>
#include <QTabWidget>

namespace assetscope::app {

void MainWindow::createHistoryActions() {
    m_backAction = new QAction(style()->standardIcon(QStyle::SP_ArrowBack), tr("&Back"), this);
    m_backAction->setObjectName(QStringLiteral("actionBack"));
    m_backAction->setShortcuts({QKeySequence(Qt::ALT | Qt::Key_Left), QKeySequence(Qt::Key_Back)});
    m_backAction->setToolTip(tr("Back to the place before the last jump (Alt+Left)"));
    m_forwardAction = new QAction(style()->standardIcon(QStyle::SP_ArrowForward), tr("&Forward"), this);
    m_forwardAction->setObjectName(QStringLiteral("actionForward"));
    m_forwardAction->setShortcuts({QKeySequence(Qt::ALT | Qt::Key_Right), QKeySequence(Qt::Key_Forward)});
    m_forwardAction->setToolTip(tr("Forward to the place gone back from (Alt+Right)"));
    connect(m_backAction, &QAction::triggered, this, [this] {
        if (DocumentView* view = currentDocumentView()) view->goBack();
        if (auto* comparison = qobject_cast<ComparisonView*>(m_tabs->currentWidget())) comparison->goBack();
    });
    connect(m_forwardAction, &QAction::triggered, this, [this] {
        if (DocumentView* view = currentDocumentView()) view->goForward();
        if (auto* comparison = qobject_cast<ComparisonView*>(m_tabs->currentWidget()))
            comparison->goForward();
    });
    QAction* first = m_ui->menuGo->actions().value(0);
    m_ui->menuGo->insertAction(first, m_backAction);
    m_ui->menuGo->insertAction(first, m_forwardAction);
    m_ui->menuGo->insertSeparator(first);
    QAction* toolFirst = m_ui->mainToolBar->actions().value(0);
    m_ui->mainToolBar->insertAction(toolFirst, m_backAction);
    m_ui->mainToolBar->insertAction(toolFirst, m_forwardAction);
    m_ui->mainToolBar->insertSeparator(toolFirst);
}

void MainWindow::updateHistoryActions() {
    if (!m_backAction) return;
    const JumpHistory* history = nullptr;
    if (DocumentView* view = currentDocumentView()) history = &view->history();
    if (auto* comparison = qobject_cast<ComparisonView*>(m_tabs->currentWidget()))
        history = &comparison->history();
    m_backAction->setEnabled(history && history->canGoBack());
    m_forwardAction->setEnabled(history && history->canGoForward());
}

} // namespace assetscope::app
