#include "dialogs/find_folder_dialog.h"

#include "ui_find_folder_dialog.h"

#include "models/find_results_model.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QPushButton>
#include <QThread>
#include <QTreeView>

#include <algorithm>
#include <set>

namespace assetscope::app {

namespace {

QString describeInputs(const QStringList& inputs) {
    if (inputs.size() == 1) return inputs.front();
    return FindFolderDialog::tr("%1 and %2 more").arg(inputs.value(0)).arg(inputs.size() - 1);
}

} // namespace

FindFolderDialog::FindFolderDialog(const FindQuery& query, const QString& path, QWidget* parent)
    : FindFolderDialog(query, QStringList{path}, parent) {}

FindFolderDialog::FindFolderDialog(const FindQuery& query, const QStringList& inputs, QWidget* parent)
    : QDialog(parent), m_ui(std::make_unique<Ui::FindFolderDialog>()), m_query(query), m_inputs(inputs),
      m_path(describeInputs(inputs)), m_model(new FindResultsModel(true, this)) {
    const QString& path = m_path;
    m_ui->setupUi(this);
    setObjectName(QStringLiteral("findFolderDialog"));
    setWindowTitle(tr("Find %1 across %2").arg(describe(query), path));
    m_ui->queryLabel->setText(QStringLiteral("<b>%1</b>").arg(describe(query).toHtmlEscaped()));
    m_ui->statusLabel->setText(tr("Listing %1…").arg(path));
    m_ui->matchesTable->setModel(m_model);
    connect(m_ui->matchesTable, &QTreeView::activated, this, [this](const QModelIndex& index) {
        if (!index.isValid()) return;
        const FoundMatch& found = m_model->at(index.row());
        emit openRequested(QString::fromStdString(found.input), found.match.offset);
    });

    m_cancel = m_ui->buttonBox->button(QDialogButtonBox::Cancel);
    connect(m_cancel, &QPushButton::clicked, this, &FindFolderDialog::cancel);
    connect(m_ui->buttonBox->button(QDialogButtonBox::Close), &QPushButton::clicked, this, [this] {
        cancel();
        accept();
    });

    connect(&m_run, &FolderRunner::progressed, this, &FindFolderDialog::poll);
    connect(&m_run, &FolderRunner::finished, this, [this] {
        poll();
        showResult();
        m_cancel->setEnabled(false);
        emit findFinished();
    });
    std::vector<std::string> paths;
    for (const QString& input : inputs)
        paths.push_back(input.toStdString());
    m_run.start([query, paths](FolderRunShared& run) {
        FindWalkOptions options;
        // The window stays responsive with one core left to it.
        options.jobs = std::max(1, QThread::idealThreadCount() - 1);
        options.maxMatches = kMaxMatches;
        options.progress = &run.progress;
        options.cancel = &run.cancel;
        return runFind(query, paths, options);
    });
}

FindFolderDialog::~FindFolderDialog() = default;

QTreeView* FindFolderDialog::matchesTable() const {
    return m_ui->matchesTable;
}

QString FindFolderDialog::statusText() const {
    return m_ui->statusLabel->text();
}

QString FindFolderDialog::summaryText() const {
    return m_ui->summaryLabel->text();
}

QString FindFolderDialog::describe(const FindQuery& query) {
    const QString text = QString::fromStdString(query.text);
    switch (query.kind) {
    case FindKind::Value:
        return query.key.empty() ? tr("value %1 in any documented field").arg(text)
                                 : tr("value %1 in %2").arg(text, QString::fromStdString(query.key));
    case FindKind::Bytes:
        return tr("bytes %1").arg(text);
    case FindKind::Text:
        return tr("text “%1”").arg(text);
    case FindKind::Names:
        return tr("names holding “%1”").arg(text);
    }
    return text;
}

void FindFolderDialog::poll() {
    m_run.show(*m_ui->progressBar, *m_ui->statusLabel, m_path);
}

void FindFolderDialog::showResult() {
    const FindWalkResult& result = m_run.result();
    std::set<std::string> inputs;
    for (const FoundMatch& f : result.matches)
        inputs.insert(f.input);
    m_model->setFound(result.matches, result.total);
    for (int c = 0; c < FindResultsModel::ValueColumn; ++c)
        m_ui->matchesTable->resizeColumnToContents(c);
    m_ui->matchesTable->header()->setStretchLastSection(true);
    if (result.total == 0) {
        m_ui->summaryLabel->setText(tr("No matches in %1 files.").arg(countText(result.files)));
        return;
    }
    QString summary = tr("%1 matches in %2 of %3 files.")
                          .arg(countText(result.total), countText(inputs.size()), countText(result.files));
    if (result.truncated() > 0)
        summary += QLatin1Char(' ') + tr("The first %1 are listed.").arg(countText(result.matches.size()));
    if (!result.unreadable.empty())
        summary +=
            QLatin1Char(' ') + tr("%1 inputs could not be read.").arg(countText(result.unreadable.size()));
    summary += QLatin1Char(' ') + tr("Double-click a match to open its file there.");
    m_ui->summaryLabel->setText(summary);
}

} // namespace assetscope::app
