#include "views/archive_view.h"

#include "ui_archive_view.h"

#include "dialogs/batch_export_dialog.h"
#include "game_roots.h"
#include "install/install_filter.h"
#include "models/archive_model.h"
#include "models/install_model.h"
#include "models/install_selection.h"
#include "views/install_filter_runner.h"

#include <QCheckBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QTableView>
#include <QTreeView>

#include <algorithm>
#include <set>

namespace assetscope::app {

using install::Kind;
using install::NodeId;

namespace {

// The flat list's filter: the tree's words (text, globs, format:NAME, size>N) over each entry's
// whole name ("models/x.modelbin"), so that a folder's name finds its entries.
class EntryFilterProxy : public QSortFilterProxyModel {
public:
    EntryFilterProxy(const ArchiveModel* entries, QObject* parent)
        : QSortFilterProxyModel(parent), m_entries(entries) {}

    void setWords(std::optional<install::InstallFilter> filter) {
        m_filter = std::move(filter);
        if (m_filter && m_formats.empty())
            for (int row = 0; row < m_entries->rowCount(); ++row)
                m_formats.push_back(install::InstallIndex::formatOfName(m_entries->entry(row)->name));
        invalidateRowsFilter();
    }

protected:
    bool filterAcceptsRow(int row, const QModelIndex&) const override {
        if (!m_filter || m_filter->empty()) return true;
        const archive::ZipEntry* e = m_entries->entry(row);
        if (!e) return false;
        const install::InstallIndex::NodeView node{0,
                                                   install::kNoNode,
                                                   e->directory ? Kind::ArchiveFolder : Kind::Entry,
                                                   e->name,
                                                   m_formats[static_cast<std::size_t>(row)],
                                                   e->size,
                                                   e->compressedSize};
        return m_filter->matches(node);
    }

private:
    const ArchiveModel* m_entries;
    std::optional<install::InstallFilter> m_filter;
    std::vector<std::string> m_formats; // what each entry's name hints at, made at the first filter
};

} // namespace

ArchiveView::~ArchiveView() = default;

QTableView* ArchiveView::table() const {
    return m_ui->archiveTable;
}

QTreeView* ArchiveView::tree() const {
    return m_ui->archiveTree;
}

QLineEdit* ArchiveView::filterEdit() const {
    return m_ui->archiveFilter;
}

QCheckBox* ArchiveView::flatToggle() const {
    return m_ui->flatToggle;
}

bool ArchiveView::flat() const {
    return m_ui->flatToggle->isChecked();
}

void ArchiveView::setFlat(bool flat) {
    m_ui->flatToggle->setChecked(flat);
}

bool ArchiveView::filtering() const {
    return m_filterRunner->running();
}

ArchiveView::ArchiveView(std::shared_ptr<Document> document, QWidget* parent)
    : QWidget(parent), m_ui(std::make_unique<Ui::ArchiveView>()), m_document(std::move(document)) {
    m_ui->setupUi(this);
    for (const archive::ZipEntry& e : m_document->archive->entries())
        m_totalSize += e.size;
    setUpTable();
    setUpTree();
    m_ui->filterNote->hide();

    connect(m_ui->flatToggle, &QCheckBox::toggled, this, [this](bool on) {
        m_ui->pages->setCurrentWidget(on ? static_cast<QWidget*>(m_ui->archiveTable)
                                         : static_cast<QWidget*>(m_ui->archiveTree));
        applyFilter();
    });
    m_ui->pages->setCurrentWidget(m_ui->archiveTree);
    connect(m_ui->archiveFilter, &QLineEdit::textChanged, this, &ArchiveView::applyFilter);
    connect(m_ui->openButton, &QPushButton::clicked, this, &ArchiveView::openSelected);
    connect(m_ui->exportButton, &QPushButton::clicked, this, &ArchiveView::exportRequested);
    connect(m_ui->exportFilesButton, &QPushButton::clicked, this, &ArchiveView::exportSelectedFiles);
    connect(m_ui->censusButton, &QPushButton::clicked, this,
            [this] { emit censusRequested(selectionForWalk().front()); });
    connect(m_ui->findButton, &QPushButton::clicked, this,
            [this] { emit findAcrossSelectionRequested(selectionForWalk()); });
    updateSummary();
}

void ArchiveView::setUpTable() {
    m_model = new ArchiveModel(m_document->archive.get(), this);
    m_proxy = new EntryFilterProxy(m_model, this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(ArchiveModel::SortRole);
    QTableView* table = m_ui->archiveTable;
    table->setModel(m_proxy);
    table->sortByColumn(-1, Qt::AscendingOrder); // archive order until a header is clicked
    table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 6);
    table->horizontalHeader()->setSectionResizeMode(ArchiveModel::NameColumn, QHeaderView::Stretch);
    connect(table, &QTableView::activated, this, &ArchiveView::openSelected);
}

void ArchiveView::setUpTree() {
    // The zip as an install of its own: its central directory is read again (names and sizes
    // only); a nested zip's bytes when it is opened.
    m_index = std::make_shared<install::InstallIndex>(m_document->input.toStdString());
    m_treeModel = new InstallModel(m_index, this);
    QTreeView* tree = m_ui->archiveTree;
    tree->setModel(m_treeModel);
    QHeaderView* header = tree->header();
    header->setStretchLastSection(true);
    header->resizeSection(InstallModel::NameColumn, 340);
    const QFontMetrics metrics = header->fontMetrics();
    header->resizeSection(InstallModel::FormatColumn,
                          metrics.horizontalAdvance(QStringLiteral("materialbin")) + 24);
    for (const int column : {InstallModel::SizeColumn, InstallModel::StoredColumn})
        header->resizeSection(column, metrics.horizontalAdvance(QStringLiteral("000,000,000")) + 16);
    m_filterRunner = new InstallFilterRunner(m_index, m_treeModel, tree, this);
    connect(m_filterRunner, &InstallFilterRunner::partialShown, this, &ArchiveView::updateSummary);
    connect(m_filterRunner, &InstallFilterRunner::finished, this, [this] {
        updateSummary();
        emit filterFinished();
    });
    connect(tree, &QTreeView::activated, this, &ArchiveView::openActivated);
}

void ArchiveView::applyFilter() {
    const QString text = m_ui->archiveFilter->text();
    QString error;
    if (flat()) {
        std::string why;
        auto words = install::InstallFilter::parse(text.toStdString(), why);
        error = QString::fromStdString(why);
        if (words) static_cast<EntryFilterProxy*>(m_proxy)->setWords(std::move(words));
    } else {
        m_filterRunner->start(text, error);
    }
    m_ui->archiveFilter->setToolTip(error);
    updateSummary();
}

void ArchiveView::updateSummary() {
    const QLocale locale;
    const qulonglong count = m_document->archive->entries().size();
    const QString total = locale.toString(static_cast<qulonglong>(m_totalSize));
    QString note;
    if (flat()) {
        m_ui->summaryLabel->setText(tr("%1 of %2 entries shown — %3 bytes uncompressed in all")
                                        .arg(m_proxy->rowCount())
                                        .arg(count)
                                        .arg(total));
    } else {
        note = m_filterRunner->note();
        m_ui->summaryLabel->setText(
            tr("%1 entries — %2 bytes uncompressed in all; nested zips open as folders")
                .arg(locale.toString(count), total));
    }
    m_ui->filterNote->setText(note);
    m_ui->filterNote->setVisible(!note.isEmpty());
}

std::vector<NodeId> ArchiveView::selectedNodes() const {
    std::vector<NodeId> out;
    for (const QModelIndex& row : m_ui->archiveTree->selectionModel()->selectedRows())
        out.push_back(m_treeModel->node(row));
    return out;
}

std::vector<const archive::ZipEntry*> ArchiveView::selectedEntries() const {
    std::vector<const archive::ZipEntry*> out;
    const auto& entries = m_document->archive->entries();
    if (flat()) {
        for (const QModelIndex& row : m_ui->archiveTable->selectionModel()->selectedRows())
            if (const archive::ZipEntry* e = m_model->entry(m_proxy->mapToSource(row).row()))
                out.push_back(e);
    } else {
        const std::string prefix = m_document->input.toStdString() + "::";
        std::set<const archive::ZipEntry*> chosen;
        for (const NodeId node : outermostNodes(*m_index, selectedNodes())) {
            const std::string input = m_index->inputPath(node);
            if (!input.starts_with(prefix)) continue;
            const std::string name = input.substr(prefix.size());
            if (name.find("::") != std::string::npos) continue; // inside a nested zip
            const bool folder = m_index->item(node).kind == Kind::ArchiveFolder;
            for (const archive::ZipEntry& e : entries) {
                std::string_view stored = e.name;
                if (folder && stored.ends_with('/')) stored.remove_suffix(1);
                if (stored == name || (folder && stored.starts_with(name + '/'))) chosen.insert(&e);
            }
        }
        out.assign(chosen.begin(), chosen.end());
    }
    std::sort(out.begin(), out.end(), [](auto* a, auto* b) { return a->index < b->index; });
    return out;
}

QString ArchiveView::inputFor(const archive::ZipEntry& entry) const {
    return m_document->input + QStringLiteral("::") + QString::fromStdString(entry.name);
}

QStringList ArchiveView::selectionForWalk() const {
    QStringList inputs;
    if (flat()) {
        for (const archive::ZipEntry* e : selectedEntries())
            if (!e->directory && !e->symlink) inputs << inputFor(*e);
    } else {
        inputs = selectionInputs(*m_index, selectedNodes(), false);
    }
    if (inputs.isEmpty()) inputs << m_document->input;
    return inputs;
}

BatchExportDialog* ArchiveView::exportSelectedFiles() {
    QStringList inputs;
    if (flat()) {
        for (const archive::ZipEntry* e : selectedEntries())
            if (!e->directory && !e->symlink) inputs << inputFor(*e);
    } else {
        inputs = selectionInputs(*m_index, selectedNodes(), true);
    }
    if (inputs.isEmpty()) {
        QMessageBox::information(this, tr("Export Selected"), tr("Select the files to export first."));
        return nullptr;
    }
    auto* dialog = new BatchExportDialog(inputs, this);
    if (m_gameRoots) dialog->setGameRoots(m_gameRoots->roots(), m_gameRoots->resolvers());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

std::vector<std::pair<QString, NodeId>> ArchiveView::selectedOpenable() const {
    std::vector<std::pair<QString, NodeId>> out;
    if (flat()) {
        for (const archive::ZipEntry* e : selectedEntries())
            if (!e->directory && !e->symlink) out.emplace_back(inputFor(*e), install::kNoNode);
        return out;
    }
    for (const NodeId node : selectedNodes()) {
        const install::Item item = m_index->item(node);
        // Never opened: a hostile name, a symbolic link; a folder is opened in the tree itself.
        if (!item.problem.empty() || (item.kind != Kind::Entry && item.kind != Kind::Archive)) continue;
        out.emplace_back(QString::fromStdString(m_index->inputPath(node)), node);
    }
    return out;
}

void ArchiveView::openSelected() {
    for (const auto& [input, node] : selectedOpenable())
        emit openRequested(input);
}

void ArchiveView::openActivated(const QModelIndex& index) {
    const install::Item item = m_index->item(m_treeModel->node(index));
    // A nested zip opens as a folder of the tree on a double-click; Open opens it in a tab.
    if (item.kind == Kind::Entry && item.problem.empty())
        emit openRequested(QString::fromStdString(m_index->inputPath(item.id)));
}

void ArchiveView::noteOpened(const QString& input, const QString& format) {
    if (format.isEmpty()) return;
    const NodeId node = m_index->find(input.toStdString(), false);
    if (node != install::kNoNode && node != install::InstallIndex::root())
        m_treeModel->setFormatFromBytes(node, format.toStdString());
}

} // namespace assetscope::app
