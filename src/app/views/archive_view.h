#pragma once

#include "document.h"
#include "install/install_index.h"

#include <QWidget>

#include <memory>

class QCheckBox;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;
class QTreeView;

namespace Ui {
class ArchiveView;
}

namespace assetscope::app {

class ArchiveModel;
class BatchExportDialog;
class GameRoots;
class InstallFilterRunner;
class InstallModel;

// A zip as the install tab shows an install: a folder tree (folders inside the zip, nested zips
// as folders too) with each entry's format, sizes and Game:\ path, filtered by the same words
// (text, globs, format:NAME, size>1M). "Flat list" shows the entries as one table instead, with
// their method, CRC and notes, filtered by a text or a wildcard over the whole name. In both,
// opening an entry opens "archive::entry" as a document, and the selected entries are exported,
// counted by a census or searched by Find Across Selection.
class ArchiveView : public QWidget {
    Q_OBJECT
public:
    explicit ArchiveView(std::shared_ptr<Document> document, QWidget* parent = nullptr);
    ~ArchiveView() override;

    Document& document() const { return *m_document; }
    bool flat() const;
    void setFlat(bool flat);
    QCheckBox* flatToggle() const;
    QLineEdit* filterEdit() const;
    // The flat list and its filter.
    QTableView* table() const;
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    // The folder tree and its filter.
    QTreeView* tree() const;
    InstallModel* treeModel() const { return m_treeModel; }
    InstallFilterRunner* filterRunner() const { return m_filterRunner; }
    bool filtering() const;

    // The archive's own entries that are selected, in archive order: in the tree, a folder stands
    // for the entries below it and a nested zip for its entry (what lies inside it is not one of
    // this archive's entries).
    std::vector<const archive::ZipEntry*> selectedEntries() const;
    QString inputFor(const archive::ZipEntry& entry) const;
    // The selected rows as INPUT paths for a walk (census, Find Across Selection): files, and in
    // the tree folders and nested zips, each once; the archive itself when nothing is selected.
    QStringList selectionForWalk() const;
    // Export Selected…: a dialog (deleted when closed) that exports the selected files (in the
    // tree: the files below the selected folders too) into a folder; null, after saying so,
    // when nothing exportable is selected.
    BatchExportDialog* exportSelectedFiles();
    // The window's game roots, which Export Selected… resolves the models' looks under first.
    void setGameRoots(const GameRoots* roots) { m_gameRoots = roots; }
    // The file opened from this view as `input` was found to be `format`: the tree's row says so.
    void noteOpened(const QString& input, const QString& format);

signals:
    void openRequested(const QString& input);
    void exportRequested();
    void censusRequested(const QString& path);
    void findAcrossSelectionRequested(const QStringList& inputs);
    // The tree's filter has its answer over the whole archive (nested zips included).
    void filterFinished();

private:
    void setUpTable();
    void setUpTree();
    void applyFilter();
    void updateSummary();
    void openSelected();
    void openActivated(const QModelIndex& index);
    std::vector<install::NodeId> selectedNodes() const;
    // The rows to open: entries (and in the tree, nested zips) as INPUT paths, with their nodes.
    std::vector<std::pair<QString, install::NodeId>> selectedOpenable() const;

    std::unique_ptr<Ui::ArchiveView> m_ui; // ui/archive_view.ui
    std::shared_ptr<Document> m_document;
    ArchiveModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    const GameRoots* m_gameRoots = nullptr;
    std::shared_ptr<install::InstallIndex> m_index;
    InstallModel* m_treeModel = nullptr;
    InstallFilterRunner* m_filterRunner = nullptr;
    std::uint64_t m_totalSize = 0;
};

} // namespace assetscope::app
