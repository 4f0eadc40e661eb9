#pragma once

#include "census/field_stats.h"

#include "dialogs/folder_run.h"

#include <QDialog>

#include <memory>

class QPushButton;
class QTreeView;

namespace Ui {
class FieldValuesDialog;
}

namespace assetscope::app {

class FieldValuesModel;
class ValueHistogram;

// "Values across a folder…": every occurrence of one documented field in the supported files
// under a folder (core's `stats`, run off the UI thread with a progress bar and Cancel), shown
// as a bar chart of its values beside the table of values and their examples. Double-clicking
// an example asks for that file to be opened at the field's offset.
class FieldValuesDialog : public QDialog {
    Q_OBJECT
public:
    FieldValuesDialog(const QString& key, const QString& folder, QWidget* parent = nullptr);
    ~FieldValuesDialog() override;

    const QString& key() const { return m_key; }
    const QString& folder() const { return m_folder; }
    bool running() const { return m_run.running(); }
    void cancel() { m_run.cancel(); }
    const FieldStatsResult& result() const { return m_run.result(); }
    FieldValuesModel* model() const { return m_model; }
    ValueHistogram* histogram() const;
    QTreeView* valuesTable() const;
    QString statusText() const;
    QString summaryText() const;

signals:
    void statsFinished();
    void openRequested(const QString& input, quint64 offset);

private:
    void poll();
    void showResult();
    void openExample(const QModelIndex& index);

    std::unique_ptr<Ui::FieldValuesDialog> m_ui; // ui/field_values_dialog.ui
    QString m_key;
    QString m_folder;
    FieldValuesModel* m_model = nullptr;
    QPushButton* m_cancel = nullptr;
    FolderRun<FieldStatsResult> m_run; // destroyed first: it may wait
};

} // namespace assetscope::app
