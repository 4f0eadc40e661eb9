#pragma once

#include "views/document_pane.h"

#include <QPointer>
#include <QTableView>

namespace assetscope::app {

class DiagnosticsModel;

// The document's diagnostics as a table; activating one selects its node (or its offset, when
// the node is an element not built yet) in the structure view.
class DiagnosticsPane : public QTableView, public DocumentPane {
    Q_OBJECT
public:
    explicit DiagnosticsPane(QWidget* parent = nullptr);

    void documentChanged(DocumentView* view, const Document* document) override;

private:
    void goTo(const QModelIndex& index);

    DiagnosticsModel* m_model = nullptr;
    QPointer<DocumentView> m_view;
};

} // namespace assetscope::app
