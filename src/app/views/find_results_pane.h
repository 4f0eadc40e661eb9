#pragma once

#include "views/document_pane.h"

#include <QPointer>
#include <QWidget>

class QLabel;
class QTableView;

namespace assetscope::app {

class FindSession;

// The Find Results dock: the current document's matches (path, offset, size, value); a click
// or Enter on a row goes to it. The dock comes to the front when a find ends.
class FindResultsPane : public QWidget, public DocumentPane {
    Q_OBJECT
public:
    explicit FindResultsPane(QWidget* parent = nullptr);

    // The tab in front's find (none for an archive or no tab).
    void documentChanged(DocumentView* view, const Document* document) override;

    // The find shown (none: the pane is empty).
    void setSession(FindSession* session);
    FindSession* session() const;
    QTableView* table() const { return m_table; }
    QString summaryText() const;

signals:
    void matchActivated(int row);

protected:
    void attached(DocumentContext& context) override;

private:
    void showSummary();
    void followCurrent(int row);

    QPointer<FindSession> m_session;
    QLabel* m_summary = nullptr;
    QTableView* m_table = nullptr;
};

} // namespace assetscope::app
