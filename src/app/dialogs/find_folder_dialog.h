#pragma once

#include "census/census.h"
#include "find/find_walk.h"

#include "dialogs/folder_run.h"

#include <QDialog>

#include <memory>

class QPushButton;
class QTreeView;

namespace Ui {
class FindFolderDialog;
}

namespace assetscope::app {

class FindResultsModel;

// Find Across Folder…: one find in every supported file under a folder or in an archive (core's
// `find` walk, nested bundles and archives included), run off the UI thread with a progress bar
// and Cancel, its matches listed by file, path, offset, size and value. Double-clicking a match
// asks for its file to be opened there. Find Across Selection gives it several inputs at once:
// folders, archives, folders inside archives and single files.
class FindFolderDialog : public QDialog {
    Q_OBJECT
public:
    // Matches listed; further ones are counted.
    static constexpr std::size_t kMaxMatches = 10'000;

    FindFolderDialog(const FindQuery& query, const QString& path, QWidget* parent = nullptr);
    // Over every input, in order ("ROOT/media", "ROOT/a.zip::cars", "ROOT/b.zip::x.modelbin").
    FindFolderDialog(const FindQuery& query, const QStringList& inputs, QWidget* parent = nullptr);
    ~FindFolderDialog() override;

    // The input, or for several "FIRST and N more".
    const QString& path() const { return m_path; }
    const QStringList& inputs() const { return m_inputs; }
    const FindQuery& query() const { return m_query; }
    bool running() const { return m_run.running(); }
    // The walk has ended and its result is shown (findFinished was emitted).
    bool done() const { return m_run.ended(); }
    void cancel() { m_run.cancel(); }
    const FindWalkResult& result() const { return m_run.result(); }
    FindResultsModel* model() const { return m_model; }
    QTreeView* matchesTable() const;
    QString statusText() const;
    QString summaryText() const;
    // What the dialog looks for, in words ("value 42 in bundle.blob.tag").
    static QString describe(const FindQuery& query);

signals:
    void findFinished();
    void openRequested(const QString& input, quint64 offset);

private:
    void poll();
    void showResult();

    std::unique_ptr<Ui::FindFolderDialog> m_ui; // ui/find_folder_dialog.ui
    FindQuery m_query;
    QStringList m_inputs;
    QString m_path;
    FindResultsModel* m_model = nullptr;
    QPushButton* m_cancel = nullptr;
    FolderRun<FindWalkResult> m_run; // destroyed first: it may wait
};

} // namespace assetscope::app
