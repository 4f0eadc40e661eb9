// A comparison tab's way back and forward through its F7 steps.
#include "views/comparison_view.h"

#include "ui_comparison_view.h"

#include "views/hex_view.h"

#include <QTreeView>

namespace assetscope::app {

using Side = ComparisonModel::Side;

Place ComparisonView::currentPlace() const {
    return {m_modelA->rowAt(m_ui->treeA->currentIndex()), hexView(Side::A)->cursorOffset()};
}

bool ComparisonView::jumpToDifference(int i) {
    const Place from = currentPlace();
    if (!goToDifference(i)) return false;
    const Place to = currentPlace();
    if (to != from) {
        m_history.recordJump(from, to);
        emit historyChanged();
    }
    return true;
}

void ComparisonView::showPlace(const Place& place) {
    if (place.node != PairedTree::kNoRow) selectRow(place.node);
    emit historyChanged();
}

bool ComparisonView::goBack() {
    const auto place = m_history.back();
    if (place) showPlace(*place);
    return place.has_value();
}

bool ComparisonView::goForward() {
    const auto place = m_history.forward();
    if (place) showPlace(*place);
    return place.has_value();
}

} // namespace assetscope::app
