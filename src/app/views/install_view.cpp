#include "views/install_view.h"

#include "background_threads.h"
#include "dialogs/batch_export_dialog.h"
#include "game_roots.h"
#include "models/install_model.h"
#include "models/install_selection.h"
#include "views/install_filter_runner.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace assetscope::app {

using install::Kind;
using install::NodeId;

InstallView::InstallView(const QString& path, QWidget* parent)
    : QWidget(parent), m_path(path), m_index(std::make_shared<install::InstallIndex>(path.toStdString())) {
    setObjectName(QStringLiteral("installView"));
    m_model = new InstallModel(m_index, this);
    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("installFilter"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setPlaceholderText(tr("Filter: text, *.swatchbin, format:texture, size>1M"));
    m_flat = new QCheckBox(tr("&Flat list"), this);
    m_flat->setToolTip(tr("Every file as one list instead of the folder tree"));
    m_filterNote = new QLabel(this);
    m_filterNote->setObjectName(QStringLiteral("installFilterNote"));
    m_filterNote->hide();
    auto* top = new QHBoxLayout;
    top->addWidget(m_filter, 1);
    top->addWidget(m_filterNote);
    top->addWidget(m_flat);

    m_tree = new QTreeView(this);
    m_tree->setObjectName(QStringLiteral("installTree"));
    m_tree->setModel(m_model);
    m_tree->setUniformRowHeights(true);
    m_tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_tree->setSelectionBehavior(QAbstractItemView::SelectRows);
    // Widths for what the columns hold: a format's name, sizes to hundreds of megabytes; the last
    // column, the Game:\ path, takes the rest.
    QHeaderView* header = m_tree->header();
    header->setSectionResizeMode(InstallModel::NameColumn, QHeaderView::Interactive);
    header->resizeSection(InstallModel::NameColumn, 320);
    const QFontMetrics metrics = header->fontMetrics();
    header->resizeSection(InstallModel::FormatColumn,
                          metrics.horizontalAdvance(QStringLiteral("materialbin")) + 24);
    for (const int column : {InstallModel::SizeColumn, InstallModel::StoredColumn})
        header->resizeSection(column, metrics.horizontalAdvance(QStringLiteral("000,000,000")) + 16);
    m_filterRunner = new InstallFilterRunner(m_index, m_model, m_tree, this);
    auto showNote = [this] {
        m_filterNote->setText(m_filterRunner->note());
        m_filterNote->setVisible(!m_filterNote->text().isEmpty());
    };
    connect(m_filterRunner, &InstallFilterRunner::partialShown, this, showNote);
    connect(m_filterRunner, &InstallFilterRunner::finished, this, [this, showNote] {
        showNote();
        emit filterFinished();
    });

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_tree, 1);
    layout->addWidget(makeButtons());

    m_filterDelay = new QTimer(this);
    m_filterDelay->setSingleShot(true);
    m_filterDelay->setInterval(250);
    connect(m_filterDelay, &QTimer::timeout, this, &InstallView::startFilter);
    connect(m_filter, &QLineEdit::textChanged, m_filterDelay, qOverload<>(&QTimer::start));
    connect(m_flat, &QCheckBox::toggled, m_model, &InstallModel::setFlat);
    connect(m_tree, &QTreeView::activated, this, &InstallView::openSelected);
    startIndexing();
}

InstallView::~InstallView() {
    // The background runs hold the index; stop them and wait (each stops between two listings).
    if (m_cancelIndex) m_cancelIndex->store(true);
    if (m_indexWatcher) m_indexWatcher->waitForFinished();
}

QWidget* InstallView::makeButtons() {
    auto* bar = new QWidget(this);
    auto* row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    m_status = new QLabel(bar);
    m_status->setObjectName(QStringLiteral("installStatus"));
    m_progress = new QProgressBar(bar);
    m_progress->setRange(0, 0);
    m_progress->setMaximumWidth(140);
    m_cancel = new QPushButton(tr("Cancel"), bar);
    connect(m_cancel, &QPushButton::clicked, this, &InstallView::cancelIndexing);
    row->addWidget(m_status, 1);
    row->addWidget(m_progress);
    row->addWidget(m_cancel);
    auto add = [&](const QString& text, auto slot) {
        auto* b = new QPushButton(text, bar);
        connect(b, &QPushButton::clicked, this, slot);
        row->addWidget(b);
    };
    add(tr("&Open"), [this] { openSelected(); });
    add(tr("Copy &Game:\\ Path"), [this] { copyGamePaths(); });
    add(tr("&Export Selected…"), [this] { exportSelected(); });
    add(tr("&Census"), [this] { emit censusRequested(selectionForWalk().front()); });
    add(tr("&Find Across Selection…"), [this] { emit findAcrossSelectionRequested(selectionForWalk()); });
    return bar;
}

void InstallView::startIndexing() {
    m_cancelIndex = std::make_shared<std::atomic<bool>>(false);
    m_listed = std::make_shared<std::atomic<std::size_t>>(0);
    m_indexWatcher = new QFutureWatcher<bool>(this);
    m_progressTimer = new QTimer(this);
    m_progressTimer->setInterval(100);
    connect(m_progressTimer, &QTimer::timeout, this, &InstallView::onIndexProgress);
    connect(m_indexWatcher, &QFutureWatcher<bool>::finished, this, [this] {
        m_progressTimer->stop();
        m_progress->hide();
        m_cancel->hide();
        onIndexProgress();
        if (!m_indexWatcher->result()) m_status->setText(m_status->text() + tr(" (indexing cancelled)"));
        emit indexFinished();
    });
    m_progressTimer->start();
    m_indexWatcher->setFuture(
        QtConcurrent::run(&backgroundThreads(), [index = m_index, cancel = m_cancelIndex, listed = m_listed] {
            return index->buildAll(cancel.get(), [&](std::size_t done, std::size_t) { listed->store(done); });
        }));
    onIndexProgress();
}

bool InstallView::indexing() const {
    return m_indexWatcher && m_indexWatcher->isRunning();
}

bool InstallView::filtering() const {
    return m_filterRunner->running() || m_filterDelay->isActive();
}

QString InstallView::filterNote() const {
    return m_filterRunner->note();
}

void InstallView::cancelIndexing() {
    if (m_cancelIndex) m_cancelIndex->store(true);
}

void InstallView::onIndexProgress() {
    const QLocale locale;
    m_status->setText(tr("%1 names, %2 folders and archives listed")
                          .arg(locale.toString(static_cast<qulonglong>(m_index->nodeCount())))
                          .arg(locale.toString(static_cast<qulonglong>(m_listed->load()))));
}

void InstallView::startFilter() {
    QString error;
    if (!m_filterRunner->start(m_filter->text(), error)) {
        m_filter->setToolTip(error);
        return;
    }
    m_filter->setToolTip({});
}

std::vector<NodeId> InstallView::selectedNodes() const {
    std::vector<NodeId> out;
    for (const QModelIndex& row : m_tree->selectionModel()->selectedRows())
        out.push_back(m_model->node(row));
    return out;
}

QStringList InstallView::selectionForWalk() const {
    QStringList inputs = selectionInputs(*m_index, selectedNodes(), false);
    if (inputs.isEmpty()) inputs << m_path;
    return inputs;
}

void InstallView::reveal(NodeId node) {
    std::vector<NodeId> chain;
    for (NodeId at = node; at != install::InstallIndex::root() && at != install::kNoNode;
         at = m_index->parent(at))
        chain.push_back(at);
    QModelIndex index;
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
        if (m_model->canFetchMore(index)) m_model->fetchMore(index);
        index = m_model->indexOf(*it);
        if (!index.isValid()) return; // filtered out
        if (it + 1 != chain.rend()) m_tree->expand(index);
    }
    if (!index.isValid()) return;
    m_tree->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                         QItemSelectionModel::Rows);
    m_tree->scrollTo(index);
}

void InstallView::revealSomething() {
    NodeId pick = install::kNoNode, known = install::kNoNode;
    m_index->scan([&](const install::InstallIndex::NodeView& n) {
        if (n.kind == Kind::Entry && n.format == "texture") {
            pick = n.id;
            return false;
        }
        if (known == install::kNoNode && (n.kind == Kind::File || n.kind == Kind::Entry) && !n.format.empty())
            known = n.id;
        return true;
    });
    reveal(pick != install::kNoNode ? pick : known);
}

void InstallView::noteOpened(const QString& input, const QString& format) {
    if (format.isEmpty()) return;
    const NodeId node = m_index->find(input.toStdString(), false);
    if (node != install::kNoNode && node != install::InstallIndex::root())
        m_model->setFormatFromBytes(node, format.toStdString());
}

QStringList InstallView::selectedInputs(bool filesOnly) const {
    QStringList out;
    for (const QModelIndex& row : m_tree->selectionModel()->selectedRows()) {
        const NodeId node = m_model->node(row);
        const Kind kind = m_index->item(node).kind;
        if (filesOnly && kind != Kind::File && kind != Kind::Entry && kind != Kind::Archive) continue;
        out << QString::fromStdString(m_index->inputPath(node));
    }
    return out;
}

QStringList InstallView::selectedGamePaths() const {
    QStringList out;
    for (const QModelIndex& row : m_tree->selectionModel()->selectedRows())
        if (auto path = m_index->gamePath(m_model->node(row))) out << QString::fromStdString(*path);
    return out;
}

void InstallView::copyGamePaths() const {
    const QStringList paths = selectedGamePaths();
    if (!paths.isEmpty()) QApplication::clipboard()->setText(paths.join(QLatin1Char('\n')));
}

BatchExportDialog* InstallView::exportSelected() {
    const QStringList inputs = selectionInputs(*m_index, selectedNodes(), true);
    if (inputs.isEmpty()) {
        QMessageBox::information(this, tr("Export Selected"),
                                 tr("Select the files or folders to export first."));
        return nullptr;
    }
    auto* dialog = new BatchExportDialog(inputs, this);
    QStringList roots{m_path};
    if (m_gameRoots)
        for (const QString& root : m_gameRoots->roots())
            if (!roots.contains(root)) roots << root;
    dialog->setGameRoots(roots, m_gameRoots ? m_gameRoots->resolvers() : nullptr);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

void InstallView::openSelected() {
    for (const QModelIndex& row : m_tree->selectionModel()->selectedRows()) {
        const NodeId node = m_model->node(row);
        const install::Item item = m_index->item(node);
        if (!item.problem.empty()) continue; // never opened: a hostile name, a link out, …
        const QString input = QString::fromStdString(m_index->inputPath(node));
        if (item.kind == Kind::File || item.kind == Kind::Entry)
            emit openRequested(input);
        else if (item.kind == Kind::Archive && input.indexOf(QStringLiteral("::")) < 0)
            emit installRequested(input);
    }
}

} // namespace assetscope::app
