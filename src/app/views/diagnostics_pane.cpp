#include "views/diagnostics_pane.h"

#include "document.h"
#include "models/diagnostics_model.h"
#include "views/document_view.h"

#include <QHeaderView>

namespace assetscope::app {

DiagnosticsPane::DiagnosticsPane(QWidget* parent) : QTableView(parent), m_model(new DiagnosticsModel(this)) {
    setObjectName(QStringLiteral("diagnosticsView"));
    setModel(m_model);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setWordWrap(false);
    verticalHeader()->hide();
    horizontalHeader()->setStretchLastSection(true);
    connect(this, &QTableView::activated, this, &DiagnosticsPane::goTo);
    connect(this, &QTableView::clicked, this, &DiagnosticsPane::goTo);
}

void DiagnosticsPane::documentChanged(DocumentView* view, const Document* document) {
    m_view = view;
    m_model->setTree(view && document ? document->tree() : nullptr);
}

void DiagnosticsPane::goTo(const QModelIndex& index) {
    if (!m_view) return;
    const auto node = index.data(DiagnosticsModel::NodeRole).toUInt();
    const Place from = m_view->currentPlace();
    if (node == kNoNode || !m_view->selectNode(node))
        m_view->selectOffset(index.data(DiagnosticsModel::OffsetRole).toULongLong());
    m_view->recordJump(from);
}

} // namespace assetscope::app
