#include "dialogs/census_dialog.h"

#include "ui_census_dialog.h"

#include "census/census.h"
#include "census/input_walk.h"
#include "dialogs/folder_run_progress.h"
#include "input/input_path.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTreeWidget>

#include <map>
#include <string_view>

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
    : QDialog(parent), m_ui(std::make_unique<Ui::CensusDialog>()), m_folder(folder) {
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

    connect(&m_run, &FolderRunner::progressed, this, &CensusDialog::poll);
    connect(&m_run, &FolderRunner::finished, this, [this] {
        poll();
        showCounts();
        m_cancel->setEnabled(false);
        emit censusFinished();
    });
    m_run.start([path = folder.toStdString()](FolderRunShared& run) {
        return runFolderCensus(path, run.progress.found, run.progress.done, run.walked, run.cancel);
    });
}

CensusDialog::~CensusDialog() = default;

QTreeWidget* CensusDialog::results() const {
    return m_ui->censusResults;
}

QString CensusDialog::statusText() const {
    return m_ui->statusLabel->text();
}

void CensusDialog::poll() {
    m_run.show(*m_ui->progressBar, *m_ui->statusLabel, m_folder);
}

void CensusDialog::showCounts() {
    m_ui->censusResults->clear();
    const CensusCounts& c = m_run.result();
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
    // A keyed count's row: its total, with a row per kind under it when counted by kind.
    auto addKeyed = [&](const QString& what, std::string_view key) {
        std::uint64_t total = c.total(key);
        for (const auto& [kind, count] : c.kinds(key))
            total += count;
        QTreeWidgetItem* item = add(nullptr, what, total);
        for (const auto& [kind, count] : c.kinds(key))
            add(item, QString::fromStdString(kind), count);
    };
    // The contract's counts under the dialog's own labels; every one has a row.
    const std::map<std::string_view, QString> labels = {
        {"bundles", tr("Bundles")},   {"nested_bundles", tr("Nested bundles")},
        {"blobs", tr("Blobs")},       {"metadata", tr("Metadata records")},
        {"meshes", tr("Meshes")},     {"indices", tr("Indices")},
        {"vertices", tr("Vertices")}, {"placements", tr("Placements")},
        {"textures", tr("Textures")},
    };
    for (const ContractCount& count : kContractCounts)
        if (const auto label = labels.find(count.key); label != labels.end())
            addKeyed(label->second, count.key);
    // A format's own counts, under the keys it counts them by.
    for (const std::string& key : ownCountKeys(c))
        addKeyed(QString::fromStdString(key), key);
    std::uint64_t refusalTotal = 0;
    for (const auto& [k, v] : c.refusals)
        refusalTotal += v.count;
    QTreeWidgetItem* refusals = add(nullptr, tr("Refusals"), refusalTotal);
    for (const auto& [rule, refusal] : c.refusals)
        add(refusals, QString::fromStdString(rule), refusal.count,
            refusal.examples.empty() ? QString() : QString::fromStdString(refusal.examples.front()));
    m_ui->censusResults->expandAll();
    m_ui->censusResults->header()->resizeSections(QHeaderView::ResizeToContents);
}

} // namespace assetscope::app
