#include "views/comparison_view.h"

#include "ui_comparison_view.h"

#include "models/difference_list_model.h"
#include "models/structure_model.h"
#include "views/difference_style.h"
#include "views/hex_view.h"

#include <QAction>
#include <QApplication>
#include <QHeaderView>
#include <QLocale>
#include <QScrollBar>
#include <QStyle>
#include <QTreeView>

#include <algorithm>

namespace assetscope::app {

using Side = ComparisonModel::Side;

namespace {

QIcon themed(const char* name, QStyle::StandardPixmap fallback) {
    return QIcon::fromTheme(QString::fromLatin1(name), QApplication::style()->standardIcon(fallback));
}

// Sets a flag for the length of a scope: while one side follows the other, the other's
// signals must not be echoed back.
class Syncing {
public:
    explicit Syncing(bool& flag) : m_flag(flag), m_was(flag) { m_flag = true; }
    ~Syncing() { m_flag = m_was; }
    Syncing(const Syncing&) = delete;
    Syncing& operator=(const Syncing&) = delete;

private:
    bool& m_flag;
    bool m_was;
};

} // namespace

ComparisonView::ComparisonView(std::shared_ptr<Document> a, std::shared_ptr<Document> b, QWidget* parent)
    : QWidget(parent), m_ui(std::make_unique<Ui::ComparisonView>()), m_a(std::move(a)), m_b(std::move(b)) {
    m_ui->setupUi(this);
    StructureTree& treeA = *m_a->tree();
    StructureTree& treeB = *m_b->tree();

    TreeDiffOptions options;
    options.maxChanges = kMaxListed;
    m_diff = diffTrees(treeA, m_a->parsed->format(), treeB, m_b->parsed->format(), options);
    m_rows = std::make_unique<PairedTree>(
        treeA, treeB, PairedTree::Paging{StructureModel::kPageSize, &StructureModel::pageSpan});
    m_differenceRows.reserve(m_diff.changes.size());
    for (const TreeChange& change : m_diff.changes)
        m_differenceRows.push_back(m_rows->mark(change));

    m_modelA = new ComparisonModel(*m_rows, Side::A, this);
    m_modelB = new ComparisonModel(*m_rows, Side::B, this);
    setUpTree(m_ui->treeA, m_modelA);
    setUpTree(m_ui->treeB, m_modelB);
    linkTrees(m_ui->treeA, m_ui->treeB);
    linkTrees(m_ui->treeB, m_ui->treeA);
    connect(m_ui->treeA->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& current) { onCurrentChanged(Side::A, current); });
    connect(m_ui->treeB->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& current) { onCurrentChanged(Side::B, current); });

    m_ui->titleA->setText(sideTitle(QStringLiteral("A"), *m_a));
    m_ui->titleA->setToolTip(m_a->input);
    m_ui->titleB->setText(sideTitle(QStringLiteral("B"), *m_b));
    m_ui->titleB->setToolTip(m_b->input);
    m_ui->legendLabel->setText(differenceLegendHtml());

    setUpHexPanes();
    setUpDifferenceList();
    setUpDifferenceActions();
    for (QTreeView* tree : {m_ui->treeA, m_ui->treeB})
        tree->expandToDepth(1);
    if (!goToDifference(0)) updatePosition();
}

void ComparisonView::setUpHexPanes() {
    m_ui->hexA->setBytes(m_a->bytes);
    m_ui->hexA->setUnaccounted(&m_a->unaccounted);
    m_ui->hexB->setBytes(m_b->bytes);
    m_ui->hexB->setUnaccounted(&m_b->unaccounted);
    // Byte against byte only means something while the layouts agree (as `diff` reports bytes
    // only then): after an added or moved node every following byte would be red.
    if (layoutsAgree()) {
        m_ui->hexA->setComparedBytes(m_b->bytes);
        m_ui->hexB->setComparedBytes(m_a->bytes);
    }
    // Two panes side by side beside the window's docks: each may be narrower than its 16 bytes
    // a row need (the text column is cut first) rather than force the window that wide.
    for (HexView* hex : {m_ui->hexA, m_ui->hexB})
        hex->setMinimumWidth(hex->minimumWidth() / 2);
    connect(m_ui->hexA, &HexView::byteClicked, this, [this](quint64 at) { onByteClicked(Side::A, at); });
    connect(m_ui->hexB, &HexView::byteClicked, this, [this](quint64 at) { onByteClicked(Side::B, at); });
    for (Side side : {Side::A, Side::B})
        connect(hexView(side), &HexView::cursorMoved, this, [this, side] {
            if (side == m_focus) announceFocus();
        });
    // The panes under the trees keep the same height on both sides.
    connect(m_ui->sideASplitter, &QSplitter::splitterMoved, this,
            [this] { m_ui->sideBSplitter->setSizes(m_ui->sideASplitter->sizes()); });
    connect(m_ui->sideBSplitter, &QSplitter::splitterMoved, this,
            [this] { m_ui->sideASplitter->setSizes(m_ui->sideBSplitter->sizes()); });
    for (QSplitter* s : {m_ui->sideASplitter, m_ui->sideBSplitter})
        s->setSizes({420, 200});
    m_ui->comparisonSplitter->setSizes({620, 150});
}

void ComparisonView::setUpDifferenceList() {
    m_differenceModel = new DifferenceListModel(m_diff.changes, this);
    m_ui->differenceList->setModel(m_differenceModel);
    QHeaderView* list = m_ui->differenceList->header();
    const int x = fontMetrics().horizontalAdvance(QLatin1Char('x'));
    list->resizeSection(DifferenceListModel::NumberColumn, x * 6);
    list->resizeSection(DifferenceListModel::KindColumn, x * 12);
    list->resizeSection(DifferenceListModel::PathColumn, x * 44);
    list->resizeSection(DifferenceListModel::AColumn, x * 24);
    connect(m_ui->differenceList->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& current) {
                if (!m_syncing && current.isValid()) goToDifference(current.row());
            });
}

void ComparisonView::setUpDifferenceActions() {
    // Shortcuts that work wherever the focus is inside this tab, and nowhere else.
    m_next = new QAction(themed("go-down", QStyle::SP_ArrowDown), tr("&Next Difference"), this);
    m_next->setShortcut(Qt::Key_F7);
    m_previous = new QAction(themed("go-up", QStyle::SP_ArrowUp), tr("&Previous Difference"), this);
    m_previous->setShortcut(Qt::SHIFT | Qt::Key_F7);
    for (QAction* action : {m_next, m_previous}) {
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        action->setToolTip(QStringLiteral("%1 (%2)").arg(
            action->text().remove(QLatin1Char('&')), action->shortcut().toString(QKeySequence::NativeText)));
        addAction(action);
    }
    connect(m_next, &QAction::triggered, this, &ComparisonView::nextDifference);
    connect(m_previous, &QAction::triggered, this, &ComparisonView::previousDifference);
    m_ui->nextButton->setDefaultAction(m_next);
    m_ui->previousButton->setDefaultAction(m_previous);
}

ComparisonView::~ComparisonView() = default;

bool ComparisonView::layoutsAgree() const {
    if (!m_a->bytes || !m_b->bytes || m_a->bytes->size() != m_b->bytes->size()) return false;
    for (const TreeChange& c : m_diff.changes)
        if (c.kind == DiffKind::Added || c.kind == DiffKind::Removed ||
            (c.a && c.b && c.a->offset != c.b->offset))
            return false;
    return !m_diff.truncated();
}

QString ComparisonView::title() const {
    return QStringLiteral("%1 ↔ %2").arg(m_a->displayName, m_b->displayName);
}

QString ComparisonView::sideTitle(const QString& letter, const Document& document) const {
    return QStringLiteral("<b>%1</b>&nbsp; %2 &nbsp;<span style=\"color:gray\">%3, %4 bytes</span>")
        .arg(letter, document.displayName.toHtmlEscaped(), QString::fromUtf8(document.parsed->format()),
             QLocale().toString(static_cast<qulonglong>(document.bytes ? document.bytes->size() : 0)));
}

ComparisonModel* ComparisonView::model(Side side) const {
    return side == Side::A ? m_modelA : m_modelB;
}

QTreeView* ComparisonView::treeView(Side side) const {
    return side == Side::A ? m_ui->treeA : m_ui->treeB;
}

HexView* ComparisonView::hexView(Side side) const {
    return side == Side::A ? m_ui->hexA : m_ui->hexB;
}

QTreeView* ComparisonView::differenceList() const {
    return m_ui->differenceList;
}

QLabel* ComparisonView::positionLabel() const {
    return m_ui->positionLabel;
}

PairedTree::RowId ComparisonView::differenceRow(int i) const {
    return i >= 0 && static_cast<std::size_t>(i) < m_differenceRows.size() ? m_differenceRows[std::size_t(i)]
                                                                           : PairedTree::kNoRow;
}

void ComparisonView::setUpTree(QTreeView* tree, ComparisonModel* model) {
    tree->setModel(model);
    // The marks stay in one column at the left edge; the branches start at the names.
    tree->setTreePosition(ComparisonModel::NameColumn);
    QHeaderView* header = tree->header();
    header->setStretchLastSection(true);
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setMinimumSectionSize(10);
    const int x = fontMetrics().horizontalAdvance(QLatin1Char('x'));
    header->resizeSection(ComparisonModel::MarkColumn, x * 4);
    header->resizeSection(ComparisonModel::NameColumn, x * 32);
    header->resizeSection(ComparisonModel::ValueColumn, x * 12);
    header->resizeSection(ComparisonModel::OffsetColumn, x * 9);
    header->resizeSection(ComparisonModel::SizeColumn, x * 6);
}

// `to` follows `from`: its expansion and its vertical scrolling (the rows are the same on both
// sides, so the same scroll value shows the same rows).
void ComparisonView::linkTrees(QTreeView* from, QTreeView* to) {
    auto* toModel = static_cast<ComparisonModel*>(to->model());
    auto* fromModel = static_cast<ComparisonModel*>(from->model());
    connect(from, &QTreeView::expanded, this, [this, to, toModel, fromModel](const QModelIndex& index) {
        if (m_syncing) return;
        Syncing syncing(m_syncing);
        to->expand(toModel->indexOfRow(fromModel->rowAt(index)));
    });
    connect(from, &QTreeView::collapsed, this, [this, to, toModel, fromModel](const QModelIndex& index) {
        if (m_syncing) return;
        Syncing syncing(m_syncing);
        to->collapse(toModel->indexOfRow(fromModel->rowAt(index)));
    });
    connect(from->verticalScrollBar(), &QScrollBar::valueChanged, this, [this, to](int value) {
        if (m_syncing) return;
        Syncing syncing(m_syncing);
        m_scrollValue = value;
        to->verticalScrollBar()->setValue(value);
    });
    // Each side lays out its rows in its own time: a side whose rows grew (expanded) takes the
    // position the other was scrolled to, which its shorter range may have cut before.
    connect(from->verticalScrollBar(), &QScrollBar::rangeChanged, this, [this, from](int, int maximum) {
        if (m_syncing || m_scrollValue > maximum) return;
        Syncing syncing(m_syncing);
        from->verticalScrollBar()->setValue(m_scrollValue);
    });
}

void ComparisonView::onCurrentChanged(Side side, const QModelIndex& current) {
    if (m_syncing || !current.isValid()) return;
    // F7 and hex clicks select through tree A; only a click in a tree moves the focus.
    if (treeView(side)->hasFocus()) m_focus = side;
    const PairedTree::RowId row = model(side)->rowAt(current);
    {
        Syncing syncing(m_syncing);
        const Side other = side == Side::A ? Side::B : Side::A;
        treeView(other)->setCurrentIndex(model(other)->indexOfRow(row, current.column()));
        m_scrollValue = treeView(side)->verticalScrollBar()->value();
        treeView(other)->verticalScrollBar()->setValue(m_scrollValue);
    }
    const bool moved = differenceRow(m_current) != row;
    if (moved) {
        const auto it = std::find(m_differenceRows.begin(), m_differenceRows.end(), row);
        m_current = it == m_differenceRows.end() ? -1 : static_cast<int>(it - m_differenceRows.begin());
        Syncing syncing(m_syncing);
        if (m_current >= 0)
            m_ui->differenceList->setCurrentIndex(m_differenceModel->index(m_current, 0));
        else
            m_ui->differenceList->selectionModel()->clearCurrentIndex();
    }
    showRanges(row);
    updatePosition();
    if (moved) emit currentDifferenceChanged(m_current);
    announceFocus();
}

void ComparisonView::onByteClicked(Side side, quint64 offset) {
    m_focus = side;
    selectRow(m_rows->rowAt(side == Side::A, offset));
}

void ComparisonView::announceFocus() {
    const Document& document = m_focus == Side::A ? *m_a : *m_b;
    const PairedTree::RowId row = model(m_focus)->rowAt(treeView(m_focus)->currentIndex());
    NodeId node = kNoNode;
    if (row != PairedTree::kNoRow) node = m_focus == Side::A ? m_rows->row(row).a : m_rows->row(row).b;
    emit focusChanged(&document, node, hexView(m_focus)->cursorOffset());
}

void ComparisonView::selectRow(PairedTree::RowId row) {
    if (row == PairedTree::kNoRow) return;
    {
        Syncing syncing(m_syncing);
        for (PairedTree::RowId up = m_rows->row(row).parent; up != PairedTree::kNoRow;
             up = m_rows->row(up).parent)
            for (Side side : {Side::A, Side::B})
                treeView(side)->expand(model(side)->indexOfRow(up));
    }
    const QModelIndex index = m_modelA->indexOfRow(row);
    if (m_ui->treeA->currentIndex() == index)
        onCurrentChanged(Side::A, index); // already current: still bring both panes to it
    else
        m_ui->treeA->setCurrentIndex(index);
    m_ui->treeA->scrollTo(index);
}

void ComparisonView::showRanges(PairedTree::RowId row) {
    for (Side side : {Side::A, Side::B}) {
        const ComparisonModel* m = model(side);
        HexView* hex = hexView(side);
        const auto has = [&](PairedTree::RowId r) {
            return (side == Side::A ? m_rows->row(r).a : m_rows->row(r).b) != kNoNode;
        };
        // A node only the other side has: this side marks where it would be, in its nearest
        // ancestor that this side has.
        PairedTree::RowId present = row;
        while (present != PairedTree::kNoRow && !has(present))
            present = m_rows->row(present).parent;
        std::pair<std::uint64_t, std::uint64_t> field{0, 0};
        std::pair<std::uint64_t, std::uint64_t> parent{0, 0};
        if (present == row) {
            field = m->rangeOf(row);
            parent = m->rangeOf(m_rows->row(row).parent);
        } else {
            parent = m->rangeOf(present);
        }
        hex->setFieldRange({field.first, field.second});
        hex->setParentRange({parent.first, parent.second});
        const std::uint64_t at = field.second > field.first ? field.first : parent.first;
        if (at < hex->size()) hex->setCursorOffset(at);
        hex->scrollToOffset(at);
    }
}

void ComparisonView::showByteRange(const TreeChange& change) {
    for (Side side : {Side::A, Side::B}) {
        const std::optional<DiffSide>& where = side == Side::A ? change.a : change.b;
        if (!where) continue;
        HexView* hex = hexView(side);
        hex->setFieldRange({where->offset, where->offset + where->size});
        if (where->offset < hex->size()) hex->setCursorOffset(where->offset);
        hex->scrollToOffset(where->offset);
    }
}

bool ComparisonView::goToDifference(int i) {
    if (i < 0 || static_cast<std::size_t>(i) >= m_diff.changes.size()) return false;
    m_current = i;
    {
        Syncing syncing(m_syncing);
        m_ui->differenceList->setCurrentIndex(m_differenceModel->index(i, 0));
        m_ui->differenceList->scrollTo(m_differenceModel->index(i, 0));
    }
    const PairedTree::RowId row = differenceRow(i);
    if (row != PairedTree::kNoRow) selectRow(row);
    const TreeChange& change = m_diff.changes[std::size_t(i)];
    if (change.kind == DiffKind::Bytes) showByteRange(change);
    updatePosition();
    emit currentDifferenceChanged(m_current);
    return true;
}

std::vector<std::uint32_t> ComparisonView::treeOrderOf(PairedTree::RowId row) const {
    std::vector<std::uint32_t> order;
    for (; row != PairedTree::kNoRow; row = m_rows->row(row).parent)
        order.push_back(m_rows->row(row).indexInParent);
    std::reverse(order.begin(), order.end());
    return order;
}

int ComparisonView::differenceBeside(bool after) const {
    // On a difference: its neighbour in the list.
    if (m_current >= 0) return after ? m_current + 1 : m_current - 1;
    const int count = static_cast<int>(m_differenceRows.size());
    const PairedTree::RowId here = m_modelA->rowAt(m_ui->treeA->currentIndex());
    if (here == PairedTree::kNoRow) return after ? 0 : -1;
    // Elsewhere: the nearest difference below the selected row in the trees, or above it (a row
    // comes after its ancestors). The list has the byte ranges last, so each one is looked at.
    const std::vector<std::uint32_t> at = treeOrderOf(here);
    int best = after ? count : -1;
    std::vector<std::uint32_t> bestOrder;
    for (int i = 0; i < count; ++i) {
        if (m_differenceRows[std::size_t(i)] == PairedTree::kNoRow) continue;
        std::vector<std::uint32_t> order = treeOrderOf(m_differenceRows[std::size_t(i)]);
        const bool beside = after ? order > at : order < at;
        const bool nearer = bestOrder.empty() || (after ? order < bestOrder : order > bestOrder);
        if (beside && nearer) {
            best = i;
            bestOrder = std::move(order);
        }
    }
    return best;
}

bool ComparisonView::nextDifference() {
    return jumpToDifference(differenceBeside(true));
}

bool ComparisonView::previousDifference() {
    return jumpToDifference(differenceBeside(false));
}

void ComparisonView::updatePosition() {
    const int count = static_cast<int>(m_diff.changes.size());
    QString text;
    if (m_diff.same())
        text = tr("The two are the same");
    else if (m_current >= 0)
        text = tr("Difference %1 of %2").arg(m_current + 1).arg(count);
    else
        text = count == 1 ? tr("1 difference") : tr("%1 differences").arg(count);
    if (m_diff.truncated())
        text += tr(" (the first %1 of %2)")
                    .arg(QLocale().toString(count))
                    .arg(QLocale().toString(static_cast<qulonglong>(m_diff.total)));
    m_ui->positionLabel->setText(text);
    m_next->setEnabled(differenceBeside(true) < count);
    m_previous->setEnabled(differenceBeside(false) >= 0);
}

} // namespace assetscope::app
