#pragma once

#include "document.h"

#include <QWidget>

#include <memory>

class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace Ui {
class ArchiveView;
}

namespace assetscope::app {

class ArchiveModel;
class BatchExportDialog;
class GameRoots;

// A zip's entries with a filter box; opening an entry opens "archive::entry" as a document.
class ArchiveView : public QWidget {
    Q_OBJECT
public:
    explicit ArchiveView(std::shared_ptr<Document> document, QWidget* parent = nullptr);
    ~ArchiveView() override;

    Document& document() const { return *m_document; }
    QTableView* table() const;
    QLineEdit* filterEdit() const;
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    std::vector<const archive::ZipEntry*> selectedEntries() const;
    QString inputFor(const archive::ZipEntry& entry) const;
    // Export Selected…: a dialog (deleted when closed) that exports the selected files into a
    // folder; null, after saying so, when nothing exportable is selected.
    BatchExportDialog* exportSelectedFiles();
    // The window's game roots, which Export Selected… resolves the models' looks under first.
    void setGameRoots(const GameRoots* roots) { m_gameRoots = roots; }

signals:
    void openRequested(const QString& input);
    void exportRequested();

private:
    void openSelected();

    std::unique_ptr<Ui::ArchiveView> m_ui; // ui/archive_view.ui
    std::shared_ptr<Document> m_document;
    ArchiveModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    const GameRoots* m_gameRoots = nullptr;
};

} // namespace assetscope::app
