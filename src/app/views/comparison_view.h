#pragma once

#include "compare/paired_tree.h"
#include "compare/tree_diff.h"
#include "document.h"
#include "jump_history.h"
#include "models/comparison_model.h"

#include <QWidget>

#include <memory>

class QAction;
class QLabel;
class QTreeView;

namespace Ui {
class ComparisonView;
}

namespace assetscope::app {

class DifferenceListModel;
class HexView;

// Two open inputs compared (as `diff` compares them): their structure trees side by side with
// every row aligned, the differences marked and listed, and a hex pane under each tree. The
// two trees move as one: expanding, collapsing, selecting or scrolling one does the same to
// the other; F7 / Shift+F7 step through the differences and both hex panes select each one.
class ComparisonView : public QWidget {
    Q_OBJECT
public:
    // Differences kept for marking and listing; past it they are only counted.
    static constexpr std::uint64_t kMaxListed = 10000;

    ComparisonView(std::shared_ptr<Document> a, std::shared_ptr<Document> b, QWidget* parent = nullptr);
    ~ComparisonView() override;

    // "a.grub ↔ b.grub"
    QString title() const;
    const std::shared_ptr<Document>& documentA() const { return m_a; }
    const std::shared_ptr<Document>& documentB() const { return m_b; }
    const TreeDiff& diff() const { return m_diff; }
    PairedTree& rows() const { return *m_rows; }
    ComparisonModel* model(ComparisonModel::Side side) const;
    QTreeView* treeView(ComparisonModel::Side side) const;
    HexView* hexView(ComparisonModel::Side side) const;
    DifferenceListModel* differenceModel() const { return m_differenceModel; }
    QTreeView* differenceList() const;
    QLabel* positionLabel() const;
    QAction* nextAction() const { return m_next; }
    QAction* previousAction() const { return m_previous; }

    int currentDifference() const { return m_current; }
    // The row difference `i` is marked on (kNoRow when it could not be placed).
    PairedTree::RowId differenceRow(int i) const;
    bool goToDifference(int i);
    // F7 / Shift+F7: the tab's history records each as a jump (back and forward walk it).
    bool nextDifference();
    bool previousDifference();
    // The selected row (in JumpHistory's Place::node) and tree A's hex cursor.
    Place currentPlace() const;
    bool goBack();
    bool goForward();
    const JumpHistory& history() const { return m_history; }
    // Selects a row in both trees (opening the way to it) and its bytes in both hex panes.
    void selectRow(PairedTree::RowId row);
    // The side the window's docks follow: the one last clicked (A at first).
    ComparisonModel::Side focusSide() const { return m_focus; }
    // Emits focusChanged for the present state (the window does when the tab comes to the front).
    void announceFocus();

signals:
    void currentDifferenceChanged(int index);
    void historyChanged();
    // What the window's docks should show: the focused side's document, its node in the current
    // row (kNoNode where that side has none) and its hex cursor.
    void focusChanged(const assetscope::app::Document* document, assetscope::NodeId node, quint64 offset);

private:
    // The constructor's parts: the hex panes under the trees, the list of differences, F7 and
    // Shift+F7.
    void setUpHexPanes();
    void setUpDifferenceList();
    void setUpDifferenceActions();
    void setUpTree(QTreeView* tree, ComparisonModel* model);
    void linkTrees(QTreeView* from, QTreeView* to);
    void onCurrentChanged(ComparisonModel::Side side, const QModelIndex& current);
    void onByteClicked(ComparisonModel::Side side, quint64 offset);
    void showRanges(PairedTree::RowId row);
    void showByteRange(const TreeChange& change);
    void updatePosition();
    QString sideTitle(const QString& letter, const Document& document) const;
    // The indices from the root down to the row: rows compare in the trees' order.
    std::vector<std::uint32_t> treeOrderOf(PairedTree::RowId row) const;
    // The difference F7 (after) or Shift+F7 goes to from the selection; out of range for none.
    int differenceBeside(bool after) const;
    bool jumpToDifference(int i);
    void showPlace(const Place& place);
    // Nothing added, removed or moved and the inputs the same size: byte i of one is byte i of the other.
    bool layoutsAgree() const;

    std::unique_ptr<Ui::ComparisonView> m_ui; // ui/comparison_view.ui
    std::shared_ptr<Document> m_a;
    std::shared_ptr<Document> m_b;
    TreeDiff m_diff;
    std::unique_ptr<PairedTree> m_rows;
    std::vector<PairedTree::RowId> m_differenceRows;
    ComparisonModel* m_modelA = nullptr;
    ComparisonModel* m_modelB = nullptr;
    DifferenceListModel* m_differenceModel = nullptr;
    QAction* m_next = nullptr;
    QAction* m_previous = nullptr;
    int m_current = -1;
    ComparisonModel::Side m_focus = ComparisonModel::Side::A;
    bool m_syncing = false; // one side is following the other: do not echo back
    int m_scrollValue = 0;  // where both trees are scrolled to (the rows are the same)
    JumpHistory m_history;  // rows, not nodes: a row stands for both sides
};

} // namespace assetscope::app
