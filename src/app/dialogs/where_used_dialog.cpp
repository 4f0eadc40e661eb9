#include "dialogs/where_used_dialog.h"

#include "ui_where_used_dialog.h"

#include "input/input_path.h"
#include "models/where_used_model.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QPushButton>
#include <QThread>
#include <QTreeView>

#include <algorithm>
#include <set>

namespace assetscope::app {

WhereUsedDialog::WhereUsedDialog(const QString& target, std::vector<std::string> roots, QWidget* parent)
    : QDialog(parent), m_ui(std::make_unique<Ui::WhereUsedDialog>()), m_target(target),
      m_model(new WhereUsedModel(this)) {
    m_ui->setupUi(this);
    setObjectName(QStringLiteral("whereUsedDialog"));
    QStringList rootNames;
    for (const std::string& root : roots)
        rootNames << QString::fromStdString(root);
    m_rootsText = rootNames.join(QStringLiteral(", "));
    const QString name = QString::fromStdString(InputPath::parse(target.toStdString()).lastName());
    setWindowTitle(tr("Where is %1 used?").arg(name));
    m_ui->queryLabel->setText(
        tr("<b>Where is %1 used?</b> Every model slot, material and shader under %2 "
           "whose path resolves to %3.")
            .arg(name.toHtmlEscaped(), m_rootsText.toHtmlEscaped(), target.toHtmlEscaped()));
    m_ui->statusLabel->setText(tr("Listing %1…").arg(m_rootsText));
    m_ui->usesTable->setModel(m_model);
    connect(m_ui->usesTable, &QTreeView::activated, this, [this](const QModelIndex& index) {
        if (!index.isValid()) return;
        const materials::MaterialUse& use = m_model->at(index.row());
        emit openRequested(QString::fromStdString(use.input), use.offset, use.node);
    });

    m_cancel = m_ui->buttonBox->button(QDialogButtonBox::Cancel);
    connect(m_cancel, &QPushButton::clicked, this, &WhereUsedDialog::cancel);
    connect(m_ui->buttonBox->button(QDialogButtonBox::Close), &QPushButton::clicked, this, [this] {
        cancel();
        accept();
    });

    connect(&m_run, &FolderRunner::progressed, this, &WhereUsedDialog::poll);
    connect(&m_run, &FolderRunner::finished, this, [this] {
        poll();
        showResult();
        m_cancel->setEnabled(false);
        emit whereUsedFinished();
    });
    m_run.start([target = target.toStdString(), roots = std::move(roots)](FolderRunShared& run) {
        materials::WhereUsedOptions options;
        // The window stays responsive with one core left to it.
        options.jobs = std::max(1, QThread::idealThreadCount() - 1);
        options.maxUses = kMaxUses;
        options.progress = &run.progress;
        options.cancel = &run.cancel;
        return materials::whereUsed(target, roots, options);
    });
}

WhereUsedDialog::~WhereUsedDialog() = default;

QTreeView* WhereUsedDialog::usesTable() const {
    return m_ui->usesTable;
}

QString WhereUsedDialog::statusText() const {
    return m_ui->statusLabel->text();
}

QString WhereUsedDialog::summaryText() const {
    return m_ui->summaryLabel->text();
}

void WhereUsedDialog::poll() {
    m_run.show(*m_ui->progressBar, *m_ui->statusLabel, m_rootsText);
}

void WhereUsedDialog::showResult() {
    const materials::WhereUsedResult& result = m_run.result();
    if (!result.error.empty()) {
        m_ui->summaryLabel->setText(QString::fromStdString(result.error));
        return;
    }
    m_model->setUses(result.uses);
    for (int c = 0; c < WhereUsedModel::PathColumn; ++c)
        m_ui->usesTable->resizeColumnToContents(c);
    m_ui->usesTable->header()->setStretchLastSection(true);
    QString summary;
    if (result.total == 0) {
        summary = tr("Used nowhere: no path in %1 models, materials and shaders resolves to it.")
                      .arg(countText(result.files));
    } else {
        std::set<std::string> inputs;
        for (const materials::MaterialUse& use : result.uses)
            inputs.insert(use.input);
        summary = tr("%1 uses in %2 of %3 models, materials and shaders.")
                      .arg(countText(result.total), countText(inputs.size()), countText(result.files));
        if (result.truncated() > 0)
            summary += QLatin1Char(' ') + tr("The first %1 are listed.").arg(countText(result.uses.size()));
    }
    if (!result.skipped.empty())
        summary += QLatin1Char(' ') +
                   tr("%1 files were skipped (the first: %2).")
                       .arg(countText(result.skipped.size()), QString::fromStdString(result.skipped.front()));
    if (result.total > 0) summary += QLatin1Char(' ') + tr("Double-click a use to open its file there.");
    m_ui->summaryLabel->setText(summary);
}

} // namespace assetscope::app
