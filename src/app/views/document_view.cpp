#include "views/document_view.h"

#include "models/structure_model.h"
#include "views/hex_view.h"

#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSplitter>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>

namespace assetscope::app {

DocumentView::DocumentView(std::shared_ptr<Document> document, QWidget* parent)
    : QWidget(parent), m_document(std::move(document)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("documentSplitter"));
    layout->addWidget(splitter);

    auto* left = new QWidget(splitter);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->setSpacing(2);
    auto* filterRow = new QHBoxLayout;
    m_filter = new QLineEdit(left);
    m_filter->setObjectName(QStringLiteral("structureFilter"));
    m_filter->setPlaceholderText(tr("Filter names and values…"));
    m_filter->setClearButtonEnabled(true);
    m_matches = new QLabel(left);
    filterRow->addWidget(m_filter, 1);
    filterRow->addWidget(m_matches);
    leftLayout->addLayout(filterRow);

    m_tree = new QTreeView(left);
    m_tree->setObjectName(QStringLiteral("structureTree"));
    m_tree->setUniformRowHeights(true); // lets the view skip measuring rows it does not show
    m_tree->setAlternatingRowColors(true);
    m_tree->setContextMenuPolicy(Qt::CustomContextMenu);
    m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
    leftLayout->addWidget(m_tree, 1);

    m_hex = new HexView(splitter);
    m_hex->setObjectName(QStringLiteral("hexView"));
    splitter->addWidget(left);
    splitter->addWidget(m_hex);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 0);
    splitter->setSizes({600, m_hex->minimumWidth()});

    m_filterTimer = new QTimer(this);
    m_filterTimer->setSingleShot(true);
    m_filterTimer->setInterval(250);
    connect(m_filter, &QLineEdit::textChanged, m_filterTimer, qOverload<>(&QTimer::start));
    connect(m_filterTimer, &QTimer::timeout, this, [this] { applyFilter(m_filter->text()); });

    m_hex->setBytes(m_document->bytes);
    m_hex->setUnaccounted(&m_document->unaccounted);
    if (StructureTree* tree = m_document->tree()) {
        m_model = new StructureModel(*tree, this);
        m_tree->setModel(m_model);
        auto* header = m_tree->header();
        header->setStretchLastSection(false);
        header->setSectionResizeMode(QHeaderView::Interactive);
        const QFontMetrics fm(font());
        header->resizeSection(StructureModel::NameColumn, fm.horizontalAdvance(QLatin1Char('x')) * 24);
        header->resizeSection(StructureModel::ValueColumn, fm.horizontalAdvance(QLatin1Char('x')) * 18);
        header->resizeSection(StructureModel::OffsetColumn, fm.horizontalAdvance(QLatin1Char('x')) * 8);
        header->resizeSection(StructureModel::SizeColumn, fm.horizontalAdvance(QLatin1Char('x')) * 6);
        header->resizeSection(StructureModel::TypeColumn, fm.horizontalAdvance(QLatin1Char('x')) * 9);
        header->setSectionResizeMode(StructureModel::ConfidenceColumn, QHeaderView::Stretch);
        m_tree->expandToDepth(1);
        connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this,
                &DocumentView::onCurrentChanged);
    }
    connect(m_tree, &QTreeView::customContextMenuRequested, this, &DocumentView::showTreeMenu);
    connect(m_hex, &HexView::byteClicked, this, &DocumentView::onByteClicked);
    connect(m_hex, &HexView::hoverChanged, this, &DocumentView::onHover);
    connect(m_hex, &HexView::cursorMoved, this, &DocumentView::cursorMoved);
}

DocumentView::~DocumentView() = default;

NodeId DocumentView::currentNode() const {
    return m_model ? m_model->nodeAt(m_tree->currentIndex()) : kNoNode;
}

void DocumentView::onCurrentChanged() {
    const QModelIndex current = m_tree->currentIndex();
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
    m_hex->setParentRange(parent);
    m_hex->setFieldRange(field);
    if (!m_selectingFromHex) {
        m_hex->setCursorOffset(field.begin);
        // Bring the end into view too when the field is small.
        m_hex->scrollToOffset(field.begin);
    }
    emit currentNodeChanged(id);
}

bool DocumentView::selectNode(NodeId id) {
    if (!m_model) return false;
    QModelIndex index = m_model->indexOf(id);
    if (!index.isValid()) return false;
    for (QModelIndex up = index.parent(); up.isValid(); up = up.parent())
        m_tree->expand(up);
    m_tree->setCurrentIndex(index);
    m_tree->scrollTo(index);
    return true;
}

void DocumentView::selectOffset(std::uint64_t offset) {
    if (!m_model || offset >= m_hex->size()) return;
    m_hex->setCursorOffset(offset);
    onByteClicked(offset);
}

void DocumentView::onByteClicked(quint64 offset) {
    if (!m_model) return;
    const NodeId id = m_model->innermostAt(offset);
    m_selectingFromHex = true;
    if (!selectNode(id) && !m_model->filter().isEmpty()) {
        // Hidden by the filter: a click on the bytes is a stronger wish than the filter.
        m_filter->clear();
        applyFilter(QString());
        selectNode(id);
    }
    m_selectingFromHex = false;
}

void DocumentView::onHover(qint64 offset) {
    if (!m_model || offset < 0) {
        m_hex->setHoverRange({});
        return;
    }
    // Hovering must not build nodes: inside a lazy array the element's range is arithmetic.
    const StructureTree& tree = m_model->tree();
    const NodeId id = tree.innermostAt(static_cast<std::uint64_t>(offset));
    if (id == kNoNode) {
        m_hex->setHoverRange({});
        return;
    }
    const Node& n = tree.node(id);
    std::uint64_t begin = n.offset, end = n.offset + n.size;
    StructureModel::elementRange(n, static_cast<std::uint64_t>(offset), begin, end);
    m_hex->setHoverRange({begin, end});
    m_hex->setToolTip(QString::fromStdString(tree.path(id)));
}

void DocumentView::applyFilter(const QString& text) {
    if (!m_model) return;
    const NodeId keep = currentNode();
    m_model->setFilter(text);
    if (m_model->filter().isEmpty()) {
        m_matches->clear();
        m_tree->expandToDepth(1);
    } else {
        m_matches->setText(tr("%n match(es)", nullptr, static_cast<int>(m_model->matchCount())));
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
        m_tree->expand(at);
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

void DocumentView::showTreeMenu(const QPoint& pos) {
    if (!m_model || !m_tree->indexAt(pos).isValid()) return;
    QMenu menu(this);
    menu.addAction(tr("Copy Value"), this,
                   [this] { QApplication::clipboard()->setText(currentValueText()); });
    menu.addAction(tr("Copy Path"), this, [this] { QApplication::clipboard()->setText(currentPath()); });
    menu.addAction(tr("Copy Bytes as Hex"), this,
                   [this] { QApplication::clipboard()->setText(m_hex->copyAsHex()); });
    menu.exec(m_tree->viewport()->mapToGlobal(pos));
}

} // namespace assetscope::app
