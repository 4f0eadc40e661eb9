#include "views/archive_view.h"

#include "models/archive_model.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace assetscope::app {

ArchiveView::ArchiveView(std::shared_ptr<Document> document, QWidget* parent)
    : QWidget(parent), m_document(std::move(document)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* top = new QHBoxLayout;
    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("archiveFilter"));
    m_filter->setPlaceholderText(tr("Filter entries (wildcards: *.modelbin)…"));
    m_filter->setClearButtonEnabled(true);
    auto* open = new QPushButton(tr("Open"), this);
    auto* exportButton = new QPushButton(tr("Export Selected to Zip…"), this);
    top->addWidget(m_filter, 1);
    top->addWidget(open);
    top->addWidget(exportButton);
    layout->addLayout(top);

    m_model = new ArchiveModel(m_document->archive.get(), this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterKeyColumn(ArchiveModel::NameColumn);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setSortRole(ArchiveModel::SortRole);
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("archiveTable"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // archive order until a header is clicked
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setSectionResizeMode(ArchiveModel::NameColumn, QHeaderView::Stretch);
    layout->addWidget(m_table, 1);
    m_summary = new QLabel(this);
    layout->addWidget(m_summary);

    std::uint64_t total = 0;
    const auto& entries = m_document->archive->entries();
    for (const auto& e : entries)
        total += e.size;
    auto updateSummary = [this, total, count = entries.size()] {
        m_summary->setText(tr("%1 of %2 entries shown — %3 bytes uncompressed in all")
                               .arg(m_proxy->rowCount())
                               .arg(count)
                               .arg(QLocale().toString(static_cast<qulonglong>(total))));
    };
    connect(m_filter, &QLineEdit::textChanged, this, [this, updateSummary](const QString& text) {
        if (text.contains(QLatin1Char('*')) || text.contains(QLatin1Char('?')))
            m_proxy->setFilterWildcard(text);
        else
            m_proxy->setFilterFixedString(text);
        updateSummary();
    });
    updateSummary();
    connect(m_table, &QTableView::activated, this, &ArchiveView::openSelected);
    connect(open, &QPushButton::clicked, this, &ArchiveView::openSelected);
    connect(exportButton, &QPushButton::clicked, this, &ArchiveView::exportRequested);
}

std::vector<const archive::ZipEntry*> ArchiveView::selectedEntries() const {
    std::vector<const archive::ZipEntry*> out;
    const auto rows = m_table->selectionModel()->selectedRows();
    for (const QModelIndex& row : rows)
        if (const archive::ZipEntry* e = m_model->entry(m_proxy->mapToSource(row).row())) out.push_back(e);
    std::sort(out.begin(), out.end(), [](auto* a, auto* b) { return a->index < b->index; });
    return out;
}

QString ArchiveView::inputFor(const archive::ZipEntry& entry) const {
    return m_document->input + QStringLiteral("::") + QString::fromStdString(entry.name);
}

void ArchiveView::openSelected() {
    for (const archive::ZipEntry* e : selectedEntries())
        if (!e->directory && !e->symlink) emit openRequested(inputFor(*e));
}

} // namespace assetscope::app
