// The find bar over a document: Names filter the tree, the other kinds run core's find off the
// UI thread; its matches are marked in the hex pane and gone to with F3 / Shift+F3.
#include "views/document_view.h"

#include "ui_document_view.h"

#include "docs/doc_table.h"
#include "models/find_results_model.h"
#include "models/structure_model.h"
#include "views/find_bar.h"
#include "views/find_session.h"
#include "views/hex_view.h"

#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>

namespace assetscope::app {

namespace {
// A field's value as a Value find takes it: a string as it is, a number in full; empty for a
// value no find compares (a flag, a list, a container).
std::string findableText(const Value& value) {
    if (const auto* s = std::get_if<std::string>(&value)) return *s;
    if (const auto* i = std::get_if<std::int64_t>(&value)) return std::to_string(*i);
    if (const auto* u = std::get_if<std::uint64_t>(&value)) return std::to_string(*u);
    if (const auto* d = std::get_if<double>(&value)) return QString::number(*d, 'g', 9).toStdString();
    return {};
}
} // namespace

void DocumentView::setUpFind() {
    m_findBar = new FindBar(this);
    m_findBar->hide();
    m_ui->layout->insertWidget(0, m_findBar);
    // The filter box lives on as the find bar's Names kind: hidden, still what filters the tree.
    m_ui->structureFilter->hide();
    m_ui->matchesLabel->hide();
    m_find = new FindSession(m_document, this);

    connect(m_findBar, &FindBar::namesFilterChanged, this,
            [this](const QString& text) { m_ui->structureFilter->setText(text); });
    connect(m_findBar, &FindBar::findRequested, m_find, &FindSession::start);
    connect(m_findBar, &FindBar::nextRequested, this, &DocumentView::findNext);
    connect(m_findBar, &FindBar::previousRequested, this, &DocumentView::findPrevious);
    connect(m_findBar, &FindBar::cancelRequested, m_find, &FindSession::cancel);
    connect(m_findBar, &FindBar::closeRequested, this, &DocumentView::closeFindBar);
    connect(m_findBar, &FindBar::acrossFolderRequested, this,
            [this](bool archive) { emit findAcrossFolderRequested(m_findBar->request(), archive); });
    connect(m_find, &FindSession::started, this, [this] {
        m_findBar->setRunning(true);
        m_findBar->setCountText(tr("Searching…"));
        m_ui->hexView->setFindMarks({});
    });
    connect(m_find, &FindSession::progressed, m_findBar, &FindBar::setProgress);
    connect(m_find, &FindSession::finished, this, &DocumentView::onFindFinished);
}

void DocumentView::showFindBar() {
    m_findBar->show();
    m_findBar->focusText();
}

void DocumentView::closeFindBar() {
    m_find->cancel();
    m_findBar->hide();
    // The tree is whole again; the matches stay in the results pane and the hex pane.
    if (!m_ui->structureFilter->text().isEmpty()) m_ui->structureFilter->clear();
    m_ui->hexView->setFocus();
}

void DocumentView::onFindFinished() {
    m_findBar->setRunning(false);
    const FindResultsModel& results = *m_find->model();
    m_ui->hexView->setJoinedFindMarks(m_find->marks());
    const QLocale locale;
    QString count = results.total() == 0 ? tr("No matches")
                                         : tr("%1 matches").arg(locale.toString(qulonglong(results.total())));
    if (results.total() > results.size())
        count = tr("%1 matches, first %2 listed")
                    .arg(locale.toString(qulonglong(results.total())),
                         locale.toString(qulonglong(results.size())));
    if (m_find->cancelled()) count = tr("Cancelled: %1").arg(count);
    m_findBar->setCountText(count);
    emit findFinished();
    if (!m_find->cancelled() && results.rowCount() > 0) goToFindMatch(0);
}

void DocumentView::goToFindMatch(int row) {
    if (row < 0 || row >= m_find->matchCount()) return;
    const FindMatch& m = m_find->model()->at(row).match;
    m_find->setCurrent(row);
    const std::uint64_t size = std::max<std::uint64_t>(m.size, 1);
    // A find result is a jump: Back returns to where the reader was before it.
    const Place from = currentPlace();
    if (m.offset + size <= m_ui->hexView->size() && m_model) {
        // The node holding the match's first byte, and exactly the match's bytes marked.
        selectRange({m.offset, m.offset + size});
    } else if (m.offset < m_ui->hexView->size()) {
        m_ui->hexView->setCursorOffset(m.offset);
        m_ui->hexView->scrollToOffset(m.offset);
    }
    recordJump(from);
    m_findBar->setCountText(
        tr("%1 of %2").arg(QLocale().toString(row + 1), QLocale().toString(qulonglong(m_find->total()))));
}

bool DocumentView::findNext() {
    const int row = m_find->stepped(+1);
    if (row < 0) return false;
    goToFindMatch(row);
    return true;
}

bool DocumentView::findPrevious() {
    const int row = m_find->stepped(-1);
    if (row < 0) return false;
    goToFindMatch(row);
    return true;
}

void DocumentView::addFindActions(QMenu& menu) {
    const NodeId id = currentNode();
    const Node* node = id != kNoNode ? &m_model->tree().node(id) : nullptr;
    FindRequest request = m_findBar->request();
    if (node && node->doc && !findableText(node->value).empty()) {
        // A documented field with a value: where else it takes this one.
        request = {FindKind::Value, findableText(node->value), node->doc->key};
    }
    menu.addSeparator();
    QAction* across = menu.addAction(tr("Find Across Folder…"), this,
                                     [this, request] { emit findAcrossFolderRequested(request, false); });
    across->setObjectName(QStringLiteral("findAcrossFolderAction"));
    across->setEnabled(compileFind(request).ok() && request.kind != FindKind::Names);
    QAction* where = menu.addAction(tr("Where Is This Used?"), this, [this] { emit whereUsedRequested(); });
    where->setObjectName(QStringLiteral("whereUsedAction"));
}

} // namespace assetscope::app
