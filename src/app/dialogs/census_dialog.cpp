#include "dialogs/census_dialog.h"

#include "ui_census_dialog.h"

#include "census/census.h"
#include "dialogs/folder_run_progress.h"
#include "input/input_path.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTimer>
#include <QTreeWidget>
#include <QtConcurrent/QtConcurrentRun>

namespace assetscope::app {

CensusCounts runFolderCensus(const std::string& folder, std::atomic<std::uint64_t>& found,
                             std::atomic<std::uint64_t>& done, std::atomic<bool>& walked,
                             const std::atomic<bool>& cancel) {
    // Walk first (listing only: archives are opened, entries not read), so the bar has a total.
    std::vector<InputTask> tasks;
    walkInputs(folder, archive::Limits{}, [&](InputTask task) {
        if (cancel) return;
        tasks.push_back(std::move(task));
        ++found;
    });
    walked = true;
    CensusCounts counts;
    for (const InputTask& task : tasks) {
        if (cancel) break;
        const LoadedInput loaded = task.load();
        if (!loaded.ok())
            counts.addRefusal("input.unreadable", task.input + ": " + loaded.error);
        else
            censusOne(task.input, loaded.bytes, loaded.name, counts);
        ++done;
    }
    return counts;
}

CensusDialog::CensusDialog(const QString& folder, QWidget* parent)
    : QDialog(parent), m_ui(std::make_unique<Ui::CensusDialog>()), m_folder(folder),
      m_progress(std::make_shared<Progress>()) {
    m_ui->setupUi(this);
    setObjectName(QStringLiteral("censusDialog"));
    setWindowTitle(tr("Census of %1").arg(folder));
    m_ui->statusLabel->setText(tr("Listing %1…").arg(folder));
    m_cancel = m_ui->buttonBox->button(QDialogButtonBox::Cancel);
    QPushButton* close = m_ui->buttonBox->button(QDialogButtonBox::Close);
    connect(m_cancel, &QPushButton::clicked, this, &CensusDialog::cancel);
    connect(close, &QPushButton::clicked, this, [this] {
        cancel();
        accept();
    });

    auto* timer = new QTimer(this);
    timer->setInterval(100);
    connect(timer, &QTimer::timeout, this, &CensusDialog::poll);
    timer->start();
    connect(&m_watcher, &QFutureWatcher<CensusCounts>::finished, this, [this, timer] {
        timer->stop();
        m_counts = m_watcher.result();
        poll();
        showCounts();
        m_cancel->setEnabled(false);
        emit censusFinished();
    });
    const std::string path = folder.toStdString();
    std::shared_ptr<Progress> progress = m_progress; // kept alive by the task
    m_watcher.setFuture(QtConcurrent::run([path, progress] {
        return runFolderCensus(path, progress->found, progress->done, progress->walked, progress->cancel);
    }));
}

CensusDialog::~CensusDialog() {
    cancel();
    m_watcher.waitForFinished();
}

void CensusDialog::cancel() {
    if (!m_watcher.isRunning()) return;
    m_cancelled = true;
    m_progress->cancel = true;
    m_ui->statusLabel->setText(tr("Stopping…"));
}

QTreeWidget* CensusDialog::results() const {
    return m_ui->censusResults;
}

QString CensusDialog::statusText() const {
    return m_ui->statusLabel->text();
}

void CensusDialog::poll() {
    FolderRunState state;
    state.found = m_progress->found.load();
    state.done = m_progress->done.load();
    state.listing = !m_progress->walked;
    state.finished = m_watcher.isFinished();
    state.cancelled = m_cancelled;
    if (!state.listing) showFolderProgress(*m_ui->progressBar, state.found, state.done);
    m_ui->statusLabel->setText(folderRunStatus(state, m_folder));
}

void CensusDialog::showCounts() {
    m_ui->censusResults->clear();
    const CensusCounts& c = m_counts;
    auto add = [this](QTreeWidgetItem* parent, const QString& what, std::uint64_t count,
                      const QString& example = {}) {
        auto* item = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(m_ui->censusResults);
        item->setText(0, what);
        item->setText(1, countText(count));
        item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
        item->setText(2, example);
        item->setToolTip(2, example);
        return item;
    };
    QTreeWidgetItem* files = add(nullptr, tr("Files read"), c.files);
    for (const auto& [format, count] : c.byFormat)
        add(files, QString::fromStdString(format), count);
    add(nullptr, tr("Bundles"), c.bundles);
    add(nullptr, tr("Nested bundles"), c.nestedBundles);
    std::uint64_t blobTotal = 0, metadataTotal = 0, refusalTotal = 0;
    for (const auto& [k, v] : c.blobs)
        blobTotal += v;
    for (const auto& [k, v] : c.metadata)
        metadataTotal += v;
    for (const auto& [k, v] : c.refusals)
        refusalTotal += v.count;
    QTreeWidgetItem* blobs = add(nullptr, tr("Blobs"), blobTotal);
    for (const auto& [tag, count] : c.blobs)
        add(blobs, QString::fromStdString(tag), count);
    QTreeWidgetItem* metadata = add(nullptr, tr("Metadata records"), metadataTotal);
    for (const auto& [tag, count] : c.metadata)
        add(metadata, QString::fromStdString(tag), count);
    add(nullptr, tr("Meshes"), c.total("meshes"));
    add(nullptr, tr("Indices"), c.total("indices"));
    add(nullptr, tr("Vertices"), c.total("vertices"));
    add(nullptr, tr("Placements"), c.total("placements"));
    // A format's own counts, under the keys it counts them by.
    for (const std::string& key : ownCountKeys(c)) {
        std::uint64_t total = c.total(key);
        for (const auto& [kind, count] : c.kinds(key))
            total += count;
        QTreeWidgetItem* item = add(nullptr, QString::fromStdString(key), total);
        for (const auto& [kind, count] : c.kinds(key))
            add(item, QString::fromStdString(kind), count);
    }
    QTreeWidgetItem* refusals = add(nullptr, tr("Refusals"), refusalTotal);
    for (const auto& [rule, refusal] : c.refusals)
        add(refusals, QString::fromStdString(rule), refusal.count,
            refusal.examples.empty() ? QString() : QString::fromStdString(refusal.examples.front()));
    m_ui->censusResults->expandAll();
    m_ui->censusResults->header()->resizeSections(QHeaderView::ResizeToContents);
}

} // namespace assetscope::app
