#include "views/document_view.h"

#include "ui_document_view.h"

#include "docs/doc_table.h"
#include "models/structure_model.h"
#include "views/hex_view.h"

#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QTimer>
#include <QTreeView>

namespace assetscope::app {

DocumentView::DocumentView(std::shared_ptr<Document> document, QWidget* parent)
    : QWidget(parent), m_ui(std::make_unique<Ui::DocumentView>()), m_document(std::move(document)) {
    m_ui->setupUi(this);
    m_ui->documentSplitter->setStretchFactor(0, 1);
    m_ui->documentSplitter->setStretchFactor(1, 0);
    m_ui->documentSplitter->setSizes({600, m_ui->hexView->minimumWidth()});

    m_filterTimer = new QTimer(this);
    m_filterTimer->setSingleShot(true);
    m_filterTimer->setInterval(250);
    connect(m_ui->structureFilter, &QLineEdit::textChanged, m_filterTimer, qOverload<>(&QTimer::start));
    connect(m_filterTimer, &QTimer::timeout, this, [this] { applyFilter(m_ui->structureFilter->text()); });

    m_ui->hexView->setBytes(m_document->bytes);
    m_ui->hexView->setUnaccounted(&m_document->unaccounted);
    if (StructureTree* tree = m_document->tree()) {
        m_model = new StructureModel(*tree, this);
        m_ui->structureTree->setModel(m_model);
        auto* header = m_ui->structureTree->header();
        header->setStretchLastSection(false);
        header->setSectionResizeMode(QHeaderView::Interactive);
        const QFontMetrics fm(font());
        header->resizeSection(StructureModel::NameColumn, fm.horizontalAdvance(QLatin1Char('x')) * 24);
        header->resizeSection(StructureModel::ValueColumn, fm.horizontalAdvance(QLatin1Char('x')) * 18);
        header->resizeSection(StructureModel::OffsetColumn, fm.horizontalAdvance(QLatin1Char('x')) * 8);
        header->resizeSection(StructureModel::SizeColumn, fm.horizontalAdvance(QLatin1Char('x')) * 6);
        header->resizeSection(StructureModel::TypeColumn, fm.horizontalAdvance(QLatin1Char('x')) * 9);
        header->setSectionResizeMode(StructureModel::ConfidenceColumn, QHeaderView::Stretch);
        m_ui->structureTree->expandToDepth(1);
        connect(m_ui->structureTree->selectionModel(), &QItemSelectionModel::currentChanged, this,
                &DocumentView::onCurrentChanged);
    }
    connect(m_ui->structureTree, &QTreeView::customContextMenuRequested, this, &DocumentView::showTreeMenu);
    connect(m_ui->hexView, &HexView::byteClicked, this, &DocumentView::onByteClicked);
    connect(m_ui->hexView, &HexView::hoverChanged, this, &DocumentView::onHover);
    connect(m_ui->hexView, &HexView::cursorMoved, this, &DocumentView::cursorMoved);
    m_ui->structureTree->viewport()->installEventFilter(this);
    m_ui->hexView->viewport()->installEventFilter(this);
    setUpFind();
}

DocumentView::~DocumentView() = default;

QTreeView* DocumentView::treeView() const {
    return m_ui->structureTree;
}

HexView* DocumentView::hexView() const {
    return m_ui->hexView;
}

QLineEdit* DocumentView::filterEdit() const {
    return m_ui->structureFilter;
}

NodeId DocumentView::currentNode() const {
    return m_model ? m_model->nodeAt(m_ui->structureTree->currentIndex()) : kNoNode;
}

void DocumentView::onCurrentChanged() {
    const QModelIndex current = m_ui->structureTree->currentIndex();
    if (!current.isValid()) return;
    const StructureTree& tree = m_model->tree();
    const NodeId id = m_model->nodeAt(current);
    ByteRange field, parent;
    if (id == kNoNode) {
        // A page row: its elements, inside the array.
        const NodeId array = m_model->nodeAt(current.parent());
        const Node& a = tree.node(array);
        const auto first = static_cast<std::uint64_t>(current.row()) * StructureModel::pageSpan(a.count);
        const auto count = std::min(StructureModel::pageSpan(a.count), a.count - first);
        field = {a.offset + first * a.stride, a.offset + (first + count) * a.stride};
        parent = {a.offset, a.offset + a.size};
    } else {
        const Node& n = tree.node(id);
        field = {n.offset, n.offset + n.size};
        if (n.parent != kNoNode)
            parent = {tree.node(n.parent).offset, tree.node(n.parent).offset + tree.node(n.parent).size};
    }
    m_ui->hexView->setParentRange(parent);
    m_ui->hexView->setFieldRange(field);
    if (!m_selectingFromHex) {
        m_ui->hexView->setCursorOffset(field.begin);
        // Bring the end into view too when the field is small.
        m_ui->hexView->scrollToOffset(field.begin);
    }
    emit currentNodeChanged(id);
}

bool DocumentView::selectNode(NodeId id) {
    if (!m_model) return false;
    QModelIndex index = m_model->indexOf(id);
    if (!index.isValid()) return false;
    for (QModelIndex up = index.parent(); up.isValid(); up = up.parent())
        m_ui->structureTree->expand(up);
    m_ui->structureTree->setCurrentIndex(index);
    m_ui->structureTree->scrollTo(index);
    return true;
}

void DocumentView::selectOffset(std::uint64_t offset) {
    if (!m_model || offset >= m_ui->hexView->size()) return;
    m_ui->hexView->setCursorOffset(offset);
    onByteClicked(offset);
}

void DocumentView::selectRange(ByteRange range) {
    if (!m_model || range.begin >= range.end || range.end > m_ui->hexView->size()) return;
    onByteClicked(range.begin);
    m_ui->hexView->setFieldRange(range);
    m_ui->hexView->setCursorOffset(range.begin);
    m_ui->hexView->scrollToOffset(range.begin);
}

void DocumentView::onByteClicked(quint64 offset) {
    if (!m_model) return;
    const NodeId id = m_model->innermostAt(offset);
    m_selectingFromHex = true;
    if (!selectNode(id) && !m_model->filter().isEmpty()) {
        // Hidden by the filter: a click on the bytes is a stronger wish than the filter.
        m_ui->structureFilter->clear();
        applyFilter(QString());
        selectNode(id);
    }
    m_selectingFromHex = false;
}

void DocumentView::onHover(qint64 offset) {
    if (!m_model || offset < 0) {
        m_ui->hexView->setHoverRange({});
        return;
    }
    // Hovering must not build nodes: inside a lazy array the element's range is arithmetic.
    const StructureTree& tree = m_model->tree();
    const NodeId id = tree.innermostAt(static_cast<std::uint64_t>(offset));
    if (id == kNoNode) {
        m_ui->hexView->setHoverRange({});
        return;
    }
    const Node& n = tree.node(id);
    std::uint64_t begin = n.offset, end = n.offset + n.size;
    StructureModel::elementRange(n, static_cast<std::uint64_t>(offset), begin, end);
    m_ui->hexView->setHoverRange({begin, end});
    m_ui->hexView->setToolTip(QString::fromStdString(tree.path(id)));
}

void DocumentView::applyFilter(const QString& text) {
    if (!m_model) return;
    const NodeId keep = currentNode();
    m_model->setFilter(text);
    if (m_model->filter().isEmpty()) {
        m_ui->matchesLabel->clear();
        m_ui->structureTree->expandToDepth(1);
    } else {
        m_ui->matchesLabel->setText(tr("%n match(es)", nullptr, static_cast<int>(m_model->matchCount())));
        expandMatches();
    }
    if (keep != kNoNode) selectNode(keep);
}

void DocumentView::expandMatches() {
    // Open the way to the matches, but not whole subtrees below them (nor lazy arrays).
    int budget = 5000;
    std::vector<QModelIndex> stack{m_model->index(0, 0)};
    while (!stack.empty() && budget > 0) {
        const QModelIndex at = stack.back();
        stack.pop_back();
        const NodeId id = m_model->nodeAt(at);
        if (id == kNoNode || m_model->tree().node(id).decoder != 0) continue;
        const QString name = QString::fromStdString(m_model->tree().node(id).name);
        const bool match = name.contains(m_model->filter(), Qt::CaseInsensitive);
        if (match && at.parent().isValid()) continue;
        m_ui->structureTree->expand(at);
        const int rows = m_model->rowCount(at);
        for (int r = 0; r < rows && budget > 0; ++r, --budget)
            stack.push_back(m_model->index(r, 0, at));
    }
}

QString DocumentView::currentValueText() const {
    const NodeId id = currentNode();
    return id == kNoNode ? QString() : StructureModel::valueText(m_model->tree(), id);
}

QString DocumentView::currentPath() const {
    const NodeId id = currentNode();
    return id == kNoNode ? QString() : QString::fromStdString(m_model->tree().path(id));
}

std::unique_ptr<QMenu> DocumentView::treeMenu() {
    auto menu = std::make_unique<QMenu>(this);
    menu->addAction(tr("Copy Value"), this,
                    [this] { QApplication::clipboard()->setText(currentValueText()); });
    menu->addAction(tr("Copy Path"), this, [this] { QApplication::clipboard()->setText(currentPath()); });
    menu->addAction(tr("Copy Bytes as Hex"), this,
                    [this] { QApplication::clipboard()->setText(m_ui->hexView->copyAsHex()); });
    const NodeId id = currentNode();
    if (const DocField* doc = id != kNoNode ? m_model->tree().node(id).doc : nullptr) {
        menu->addSeparator();
        const QString key = QString::fromStdString(doc->key);
        QAction* values = menu->addAction(tr("Values across a folder…"), this,
                                          [this, key] { emit fieldValuesRequested(key); });
        values->setObjectName(QStringLiteral("valuesAcrossFolderAction"));
        values->setToolTip(tr("Count the values of %1 in every file under a folder").arg(key));
    }
    addFindActions(*menu);
    emit treeMenuShown(menu.get());
    return menu;
}

void DocumentView::showTreeMenu(const QPoint& pos) {
    if (!m_model || !m_ui->structureTree->indexAt(pos).isValid()) return;
    treeMenu()->exec(m_ui->structureTree->viewport()->mapToGlobal(pos));
}

} // namespace assetscope::app
