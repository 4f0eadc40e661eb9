#include "views/document_view.h"

#include "models/structure_model.h"
#include "views/hex_view.h"

#include <QMouseEvent>
#include <QTreeView>

namespace assetscope::app {

Place DocumentView::currentPlace() const {
    return {currentNode(), hexView()->cursorOffset()};
}

void DocumentView::recordJump(const Place& from) {
    const Place to = currentPlace();
    if (to == from) return;
    m_history.recordJump(from, to);
    emit historyChanged();
}

void DocumentView::jumpToNode(NodeId id) {
    const Place from = currentPlace();
    if (selectNode(id)) recordJump(from);
}

void DocumentView::jumpToOffset(std::uint64_t offset) {
    const Place from = currentPlace();
    selectOffset(offset);
    recordJump(from);
}

void DocumentView::jumpToRange(ByteRange range) {
    const Place from = currentPlace();
    selectRange(range);
    recordJump(from);
}

void DocumentView::showPlace(const Place& place) {
    if (place.node == kNoNode || !selectNode(place.node)) treeView()->setCurrentIndex({});
    if (place.cursor < hexView()->size()) hexView()->setCursorOffset(place.cursor);
    emit historyChanged();
}

bool DocumentView::goBack() {
    const auto place = m_history.back();
    if (place) showPlace(*place);
    return place.has_value();
}

bool DocumentView::goForward() {
    const auto place = m_history.forward();
    if (place) showPlace(*place);
    return place.has_value();
}

bool DocumentView::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::MouseButtonPress) {
        const auto button = static_cast<QMouseEvent*>(event)->button();
        // Taken whether or not there is a place to go: the tree must not treat it as a click.
        if (button == Qt::BackButton) {
            goBack();
            return true;
        }
        if (button == Qt::ForwardButton) {
            goForward();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace assetscope::app
