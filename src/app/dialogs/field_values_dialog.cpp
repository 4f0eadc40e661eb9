#include "dialogs/field_values_dialog.h"

#include "ui_field_values_dialog.h"

#include "docs/doc_table.h"
#include "models/field_finding.h"
#include "models/field_values_model.h"
#include "views/value_histogram.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QPushButton>
#include <QThread>
#include <QTreeView>

#include <algorithm>

namespace assetscope::app {

FieldValuesDialog::FieldValuesDialog(const QString& key, const QString& folder, QWidget* parent)
    : QDialog(parent), m_ui(std::make_unique<Ui::FieldValuesDialog>()), m_key(key), m_folder(folder),
      m_model(new FieldValuesModel(this)) {
    m_ui->setupUi(this);
    setObjectName(QStringLiteral("fieldValuesDialog"));
    setWindowTitle(tr("Values of %1 across %2").arg(key, folder));
    const DocField* doc = DocTable::instance().find(key.toStdString());
    QString field = QStringLiteral("<b>%1</b>").arg(key.toHtmlEscaped());
    if (doc)
        field += QStringLiteral(" — %1 (%2)")
                     .arg(QString::fromStdString(doc->field).toHtmlEscaped(),
                          QString::fromStdString(doc->type).toHtmlEscaped());
    m_ui->fieldLabel->setText(field);
    m_ui->statusLabel->setText(tr("Listing %1…").arg(folder));
    m_ui->valuesTable->setModel(m_model);
    m_ui->resultsSplitter->setStretchFactor(0, 1);
    m_ui->resultsSplitter->setStretchFactor(1, 1);
    m_ui->resultsSplitter->setSizes({480, 520});
    // Activated: a double-click, or Enter on the keyboard.
    connect(m_ui->valuesTable, &QTreeView::activated, this, &FieldValuesDialog::openExample);

    m_cancel = m_ui->buttonBox->button(QDialogButtonBox::Cancel);
    connect(m_cancel, &QPushButton::clicked, this, &FieldValuesDialog::cancel);
    connect(m_ui->buttonBox->button(QDialogButtonBox::Close), &QPushButton::clicked, this, [this] {
        cancel();
        accept();
    });

    connect(&m_run, &FolderRunner::progressed, this, &FieldValuesDialog::poll);
    connect(&m_run, &FolderRunner::finished, this, [this] {
        poll();
        showResult();
        m_cancel->setEnabled(false);
        emit statsFinished();
    });
    m_run.start([keys = std::vector<std::string>{key.toStdString()},
                 paths = std::vector<std::string>{folder.toStdString()}](FolderRunShared& run) {
        FieldStatsOptions options;
        // The window stays responsive with one core left to it.
        options.jobs = std::max(1, QThread::idealThreadCount() - 1);
        options.progress = &run.progress;
        options.cancel = &run.cancel;
        return runFieldStats(keys, paths, options);
    });
}

FieldValuesDialog::~FieldValuesDialog() = default;

ValueHistogram* FieldValuesDialog::histogram() const {
    return m_ui->histogram;
}

QTreeView* FieldValuesDialog::valuesTable() const {
    return m_ui->valuesTable;
}

QString FieldValuesDialog::statusText() const {
    return m_ui->statusLabel->text();
}

QString FieldValuesDialog::summaryText() const {
    return m_ui->summaryLabel->text();
}

void FieldValuesDialog::poll() {
    m_run.show(*m_ui->progressBar, *m_ui->statusLabel, m_folder);
}

void FieldValuesDialog::showResult() {
    const FieldStatsResult& result = m_run.result();
    if (result.fields.empty()) {
        m_ui->summaryLabel->setText(tr("No occurrences recorded."));
        return;
    }
    const FieldStats& stats = result.fields.front();
    m_model->setStats(stats);
    m_ui->histogram->setStats(stats);
    QHeaderView* header = m_ui->valuesTable->header();
    header->setStretchLastSection(true);
    for (int c = 0; c < FieldValuesModel::ExampleColumn; ++c)
        m_ui->valuesTable->resizeColumnToContents(c);
    QString summary = tr("This folder: %1.").arg(folderFinding(stats, result.files));
    if (!result.counts.refusals.empty()) {
        std::uint64_t refused = 0;
        for (const auto& [rule, refusal] : result.counts.refusals)
            refused += refusal.count;
        summary += QLatin1Char(' ') +
                   tr("%1 files refused (File ▸ Census of a Folder lists why).").arg(countText(refused));
    }
    if (!stats.values.empty()) summary += QLatin1Char(' ') + tr("Double-click an example to open it there.");
    m_ui->summaryLabel->setText(summary);
}

void FieldValuesDialog::openExample(const QModelIndex& index) {
    if (const std::optional<ExampleLocation> at = m_model->exampleAt(index))
        emit openRequested(at->input, at->offset);
}

} // namespace assetscope::app
