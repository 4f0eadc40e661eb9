#include "views/find_results_pane.h"

#include "models/find_results_model.h"
#include "views/document_context.h"
#include "views/document_view.h"
#include "views/find_session.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableView>
#include <QVBoxLayout>

namespace assetscope::app {

FindResultsPane::FindResultsPane(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("findResultsPane"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(2);
    m_summary = new QLabel(tr("Ctrl+F finds names, values, bytes or text in the document."), this);
    m_summary->setObjectName(QStringLiteral("findSummary"));
    layout->addWidget(m_summary);
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("findResultsTable"));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 4);
    m_table->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(m_table);
    // A click goes to the match as F3 would; so does Enter.
    connect(m_table, &QTableView::clicked, this,
            [this](const QModelIndex& i) { emit matchActivated(i.row()); });
    connect(m_table, &QTableView::activated, this,
            [this](const QModelIndex& i) { emit matchActivated(i.row()); });
}

void FindResultsPane::attached(DocumentContext& context) {
    connect(this, &FindResultsPane::matchActivated, this, [&context](int row) {
        if (DocumentView* view = context.currentView()) view->goToFindMatch(row);
    });
}

void FindResultsPane::documentChanged(DocumentView* view, const Document*) {
    setSession(view ? view->findSession() : nullptr);
}

void FindResultsPane::setSession(FindSession* session) {
    if (session == m_session) return;
    if (m_session) m_session->disconnect(this);
    m_session = session;
    m_table->setModel(session ? session->model() : nullptr);
    if (session) {
        m_table->setColumnHidden(FindResultsModel::FileColumn, true);
        const int x = m_table->fontMetrics().horizontalAdvance(QLatin1Char('x'));
        m_table->setColumnWidth(FindResultsModel::PathColumn, 40 * x);
        m_table->setColumnWidth(FindResultsModel::OffsetColumn, 12 * x);
        m_table->setColumnWidth(FindResultsModel::SizeColumn, 7 * x);
        connect(session, &FindSession::started, this, &FindResultsPane::showSummary);
        connect(session, &FindSession::finished, this, [this] {
            showSummary();
            if (context()) context()->raise(*this);
        });
        connect(session, &FindSession::currentChanged, this, &FindResultsPane::followCurrent);
    }
    showSummary();
}

FindSession* FindResultsPane::session() const {
    return m_session;
}

QString FindResultsPane::summaryText() const {
    return m_summary->text();
}

void FindResultsPane::showSummary() {
    if (!m_session || !m_session->query()) {
        m_summary->setText(tr("Ctrl+F finds names, values, bytes or text in the document."));
        return;
    }
    const FindQuery& q = *m_session->query();
    const QString what = QStringLiteral("%1 “%2”").arg(
        QString::fromUtf8(findKindName(q.kind).data(), static_cast<qsizetype>(findKindName(q.kind).size())),
        QString::fromStdString(q.text));
    if (m_session->running()) {
        m_summary->setText(tr("Finding %1…").arg(what));
        return;
    }
    const QLocale locale;
    QString text = tr("%1: %2 matches").arg(what, locale.toString(qulonglong(m_session->total())));
    if (m_session->total() > static_cast<std::uint64_t>(m_session->matchCount()))
        text += tr(", the first %1 listed").arg(locale.toString(m_session->matchCount()));
    if (m_session->cancelled()) text += tr(" (cancelled)");
    m_summary->setText(text + QLatin1Char('.'));
}

void FindResultsPane::followCurrent(int row) {
    if (row < 0 || !m_table->model()) return;
    m_table->selectRow(row);
    m_table->scrollTo(m_table->model()->index(row, FindResultsModel::PathColumn));
}

} // namespace assetscope::app
