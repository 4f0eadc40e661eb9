#pragma once

#include "materials/where_used.h"

#include "dialogs/folder_run.h"

#include <QDialog>

#include <memory>
#include <string>
#include <vector>

class QPushButton;
class QTreeView;

namespace Ui {
class WhereUsedDialog;
}

namespace assetscope::app {

class WhereUsedModel;

// "Where is this used?" of a texture, a material or a shader: the models, materials and shaders
// under the install's roots whose slot link or texture path resolves to it (core's
// materials::whereUsed), found off the UI thread with a progress bar and Cancel and listed by
// file, look, parameter and path. Double-clicking a use asks for its file to be opened with the
// field that names the target selected.
class WhereUsedDialog : public QDialog {
    Q_OBJECT
public:
    // Uses listed; further ones are counted.
    static constexpr std::size_t kMaxUses = 10'000;

    WhereUsedDialog(const QString& target, std::vector<std::string> roots, QWidget* parent = nullptr);
    ~WhereUsedDialog() override;

    const QString& target() const { return m_target; }
    bool running() const { return m_run.running(); }
    // The walk has ended and its result is shown (whereUsedFinished was emitted).
    bool done() const { return m_run.ended(); }
    void cancel() { m_run.cancel(); }
    const materials::WhereUsedResult& result() const { return m_run.result(); }
    WhereUsedModel* model() const { return m_model; }
    QTreeView* usesTable() const;
    QString statusText() const;
    QString summaryText() const;

signals:
    void whereUsedFinished();
    // The use's file, the offset and the node of the field naming the target.
    void openRequested(const QString& input, quint64 offset, quint32 node);

private:
    void poll();
    void showResult();

    std::unique_ptr<Ui::WhereUsedDialog> m_ui; // ui/where_used_dialog.ui
    QString m_target;
    QString m_rootsText;
    WhereUsedModel* m_model = nullptr;
    QPushButton* m_cancel = nullptr;
    FolderRun<materials::WhereUsedResult> m_run; // destroyed first: it may wait
};

} // namespace assetscope::app
