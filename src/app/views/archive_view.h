#pragma once

#include "document.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace assetscope::app {

class ArchiveModel;

// A zip's entries with a filter box; opening an entry opens "archive::entry" as a document.
class ArchiveView : public QWidget {
    Q_OBJECT
public:
    explicit ArchiveView(std::shared_ptr<Document> document, QWidget* parent = nullptr);

    Document& document() const { return *m_document; }
    QTableView* table() const { return m_table; }
    QLineEdit* filterEdit() const { return m_filter; }
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    std::vector<const archive::ZipEntry*> selectedEntries() const;
    QString inputFor(const archive::ZipEntry& entry) const;

signals:
    void openRequested(const QString& input);
    void exportRequested();

private:
    void openSelected();

    std::shared_ptr<Document> m_document;
    ArchiveModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    QTableView* m_table = nullptr;
    QLineEdit* m_filter = nullptr;
    QLabel* m_summary = nullptr;
};

} // namespace assetscope::app
