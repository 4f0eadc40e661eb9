#include "views/archive_view.h"

#include "ui_archive_view.h"

#include "dialogs/batch_export_dialog.h"
#include "game_roots.h"
#include "models/archive_model.h"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>

namespace assetscope::app {

ArchiveView::~ArchiveView() = default;

QTableView* ArchiveView::table() const {
    return m_ui->archiveTable;
}

QLineEdit* ArchiveView::filterEdit() const {
    return m_ui->archiveFilter;
}

ArchiveView::ArchiveView(std::shared_ptr<Document> document, QWidget* parent)
    : QWidget(parent), m_ui(std::make_unique<Ui::ArchiveView>()), m_document(std::move(document)) {
    m_ui->setupUi(this);

    m_model = new ArchiveModel(m_document->archive.get(), this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterKeyColumn(ArchiveModel::NameColumn);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setSortRole(ArchiveModel::SortRole);
    m_ui->archiveTable->setModel(m_proxy);
    m_ui->archiveTable->sortByColumn(-1, Qt::AscendingOrder); // archive order until a header is clicked
    m_ui->archiveTable->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_ui->archiveTable->verticalHeader()->setDefaultSectionSize(m_ui->archiveTable->fontMetrics().height() +
                                                                6);
    m_ui->archiveTable->horizontalHeader()->setSectionResizeMode(ArchiveModel::NameColumn,
                                                                 QHeaderView::Stretch);

    std::uint64_t total = 0;
    const auto& entries = m_document->archive->entries();
    for (const auto& e : entries)
        total += e.size;
    auto updateSummary = [this, total, count = entries.size()] {
        m_ui->summaryLabel->setText(tr("%1 of %2 entries shown — %3 bytes uncompressed in all")
                                        .arg(m_proxy->rowCount())
                                        .arg(count)
                                        .arg(QLocale().toString(static_cast<qulonglong>(total))));
    };
    connect(m_ui->archiveFilter, &QLineEdit::textChanged, this, [this, updateSummary](const QString& text) {
        if (text.contains(QLatin1Char('*')) || text.contains(QLatin1Char('?')))
            m_proxy->setFilterWildcard(text);
        else
            m_proxy->setFilterFixedString(text);
        updateSummary();
    });
    updateSummary();
    connect(m_ui->archiveTable, &QTableView::activated, this, &ArchiveView::openSelected);
    connect(m_ui->openButton, &QPushButton::clicked, this, &ArchiveView::openSelected);
    connect(m_ui->exportButton, &QPushButton::clicked, this, &ArchiveView::exportRequested);
    connect(m_ui->exportFilesButton, &QPushButton::clicked, this, &ArchiveView::exportSelectedFiles);
}

std::vector<const archive::ZipEntry*> ArchiveView::selectedEntries() const {
    std::vector<const archive::ZipEntry*> out;
    const auto rows = m_ui->archiveTable->selectionModel()->selectedRows();
    for (const QModelIndex& row : rows)
        if (const archive::ZipEntry* e = m_model->entry(m_proxy->mapToSource(row).row())) out.push_back(e);
    std::sort(out.begin(), out.end(), [](auto* a, auto* b) { return a->index < b->index; });
    return out;
}

QString ArchiveView::inputFor(const archive::ZipEntry& entry) const {
    return m_document->input + QStringLiteral("::") + QString::fromStdString(entry.name);
}

BatchExportDialog* ArchiveView::exportSelectedFiles() {
    QStringList inputs;
    for (const archive::ZipEntry* e : selectedEntries())
        if (!e->directory && !e->symlink) inputs << inputFor(*e);
    if (inputs.isEmpty()) {
        QMessageBox::information(this, tr("Export Selected"), tr("Select the files to export first."));
        return nullptr;
    }
    auto* dialog = new BatchExportDialog(inputs, this);
    if (m_gameRoots) dialog->setGameRoots(m_gameRoots->roots());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

void ArchiveView::openSelected() {
    for (const archive::ZipEntry* e : selectedEntries())
        if (!e->directory && !e->symlink) emit openRequested(inputFor(*e));
}

} // namespace assetscope::app
