#include "views/hex_view.h"

#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QFontDatabase>
#include <QMenu>
#include <QPainter>
#include <QScrollBar>

#include <algorithm>

namespace assetscope::app {

namespace {
constexpr int kMargin = 6;

bool inRange(const ByteRange& r, std::uint64_t o) {
    return o >= r.begin && o < r.end;
}

QColor withAlpha(QColor c, int alpha) {
    c.setAlpha(alpha);
    return c;
}
} // namespace

HexView::HexView(QWidget* parent) : QAbstractScrollArea(parent) {
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setFocusPolicy(Qt::StrongFocus);
    viewport()->setMouseTracking(true);
    viewport()->setCursor(Qt::IBeamCursor);
    updateMetrics();
}

void HexView::setBytes(SharedBytes bytes) {
    m_bytes = std::move(bytes);
    m_field = m_parent = m_hover = {};
    m_findMarks.clear();
    m_cursor = m_anchor = 0;
    m_hasSelection = false;
    updateMetrics();
    verticalScrollBar()->setValue(0);
    viewport()->update();
}

void HexView::setUnaccounted(const std::vector<ByteRange>* ranges) {
    m_unaccounted = ranges;
    viewport()->update();
}

void HexView::setMarks(std::vector<Mark> marks) {
    m_marks = std::move(marks);
    viewport()->update();
}

void HexView::setFieldRange(ByteRange range) {
    m_field = range;
    m_hasSelection = false;
    viewport()->update();
}

void HexView::setParentRange(ByteRange range) {
    m_parent = range;
    viewport()->update();
}

void HexView::setComparedBytes(SharedBytes other) {
    m_compared = std::move(other);
    viewport()->update();
}

void HexView::setHoverRange(ByteRange range) {
    if (range == m_hover) return;
    m_hover = range;
    viewport()->update();
}

void HexView::setFindMarks(const std::vector<ByteRange>& marks) {
    setJoinedFindMarks(joinedRanges(marks));
}

void HexView::setJoinedFindMarks(std::vector<ByteRange> joined) {
    m_findMarks = std::move(joined);
    viewport()->update();
}

std::vector<ByteRange> HexView::joinedRanges(std::vector<ByteRange> ranges) {
    std::erase_if(ranges, [](const ByteRange& r) { return r.end <= r.begin; });
    std::sort(ranges.begin(), ranges.end(),
              [](const ByteRange& a, const ByteRange& b) { return a.begin < b.begin; });
    std::vector<ByteRange> joined;
    joined.reserve(ranges.size());
    for (const ByteRange& r : ranges) {
        // Overlapping matches ("aa" in "aaa") become one run.
        if (!joined.empty() && r.begin <= joined.back().end)
            joined.back().end = std::max(joined.back().end, r.end);
        else
            joined.push_back(r);
    }
    return joined;
}

QColor HexView::findMarkColor() {
    // Amber: apart from the palette's highlight (selection) and from the red of differing bytes.
    return QColor(0xF0, 0xA8, 0x20);
}

void HexView::updateMetrics() {
    const QFontMetrics fm(font());
    m_charWidth = std::max(1, fm.horizontalAdvance(QLatin1Char('0')));
    m_lineHeight = fm.height() + 2;
    int digits = 8;
    while (digits < 16 && (size() >> (4 * digits)) != 0)
        ++digits;
    m_addressChars = digits;
    const int width = textX(kBytesPerRow) + kMargin;
    setMinimumWidth(std::min(width + verticalScrollBar()->sizeHint().width() + 4, 900));
    updateScrollBar();
}

std::uint64_t HexView::rowCount() const {
    return (size() + kBytesPerRow - 1) / kBytesPerRow;
}

int HexView::visibleRowCount() const {
    return std::max(1, viewport()->height() / m_lineHeight);
}

std::uint64_t HexView::firstVisibleRow() const {
    return static_cast<std::uint64_t>(verticalScrollBar()->value());
}

void HexView::updateScrollBar() {
    const std::uint64_t rows = rowCount();
    const int visible = visibleRowCount();
    const std::uint64_t maximum = rows > static_cast<std::uint64_t>(visible) ? rows - visible : 0;
    verticalScrollBar()->setRange(0, static_cast<int>(std::min<std::uint64_t>(maximum, INT_MAX)));
    verticalScrollBar()->setPageStep(visible);
    verticalScrollBar()->setSingleStep(1);
}

int HexView::hexX(int column) const {
    const int start = kMargin + (m_addressChars + 2) * m_charWidth;
    return start + column * 3 * m_charWidth + (column >= 8 ? m_charWidth : 0);
}

int HexView::textX(int column) const {
    return hexX(kBytesPerRow) + 2 * m_charWidth + column * m_charWidth;
}

QRect HexView::hexCellRect(std::uint64_t offset) const {
    const std::int64_t row =
        static_cast<std::int64_t>(offset / kBytesPerRow) - static_cast<std::int64_t>(firstVisibleRow());
    const int column = static_cast<int>(offset % kBytesPerRow);
    return QRect(hexX(column), static_cast<int>(row * m_lineHeight), 2 * m_charWidth, m_lineHeight);
}

bool HexView::offsetAt(const QPoint& point, std::uint64_t& offset) const {
    if (point.y() < 0 || !m_bytes) return false;
    const std::uint64_t row = firstVisibleRow() + static_cast<std::uint64_t>(point.y() / m_lineHeight);
    int column = -1;
    if (point.x() >= hexX(0) && point.x() < hexX(kBytesPerRow)) {
        for (int c = kBytesPerRow - 1; c >= 0; --c)
            if (point.x() >= hexX(c)) {
                column = c;
                break;
            }
    } else if (point.x() >= textX(0) && point.x() < textX(kBytesPerRow)) {
        column = (point.x() - textX(0)) / m_charWidth;
    }
    if (column < 0) return false;
    const std::uint64_t o = row * kBytesPerRow + static_cast<std::uint64_t>(column);
    if (o >= size()) return false;
    offset = o;
    return true;
}

void HexView::paintEvent(QPaintEvent*) {
    QPainter p(viewport());
    const QPalette& pal = palette();
    p.fillRect(viewport()->rect(), pal.color(QPalette::Base));
    const int gutter = hexX(0) - m_charWidth;
    p.fillRect(QRect(0, 0, gutter, viewport()->height()), pal.color(QPalette::AlternateBase));
    if (!m_bytes) {
        m_lastPaintedRows = 0;
        return;
    }
    const ByteView bytes(*m_bytes);
    const QFontMetrics fm(font());
    const int ascent = fm.ascent() + 1;
    const QColor text = pal.color(QPalette::Text);
    const QColor dim = pal.color(QPalette::PlaceholderText);
    const QColor highlight = pal.color(QPalette::Highlight);
    const QBrush unaccounted(withAlpha(text, 70), Qt::BDiagPattern);
    const QColor unaccountedFill = withAlpha(text, 18);
    const ByteRange selection = m_hasSelection ? copyRange() : ByteRange{};
    const QColor differing(0xD9, 0x3F, 0x3F);
    const ByteView compared = m_compared ? ByteView(*m_compared) : ByteView();

    const std::uint64_t first = firstVisibleRow();
    const int rows = visibleRowCount() + 1;
    int painted = 0;
    for (int i = 0; i < rows; ++i) {
        const std::uint64_t row = first + static_cast<std::uint64_t>(i);
        if (row >= rowCount()) break;
        ++painted;
        const int y = i * m_lineHeight;
        const std::uint64_t base = row * kBytesPerRow;
        p.setPen(dim);
        p.drawText(kMargin, y + ascent,
                   QStringLiteral("%1").arg(base, m_addressChars, 16, QLatin1Char('0')).toUpper());
        for (int c = 0; c < kBytesPerRow; ++c) {
            const std::uint64_t o = base + static_cast<std::uint64_t>(c);
            if (o >= bytes.size()) break;
            // The hex cell reaches into the following gap so marked runs join up.
            const int cellWidth = (c == kBytesPerRow - 1) ? 2 * m_charWidth : hexX(c + 1) - hexX(c);
            const QRect hexCell(hexX(c) - m_charWidth / 2, y, cellWidth, m_lineHeight);
            const QRect textCell(textX(c), y, m_charWidth, m_lineHeight);
            auto fill = [&](const QBrush& brush) {
                p.fillRect(hexCell, brush);
                p.fillRect(textCell, brush);
            };
            if (m_unaccounted && inRanges(*m_unaccounted, o)) {
                fill(unaccountedFill);
                fill(unaccounted);
            }
            for (const Mark& mark : m_marks)
                if (inRange(mark.range, o)) fill(withAlpha(mark.colour, 110));
            if (!m_findMarks.empty() && inRanges(m_findMarks, o)) fill(withAlpha(findMarkColor(), 150));
            if (inRange(m_parent, o)) fill(withAlpha(highlight, 45));
            if (inRange(m_field, o)) fill(withAlpha(highlight, 120));
            if (inRange(m_hover, o)) fill(withAlpha(text, 40));
            const bool selected = inRange(selection, o);
            if (selected) fill(highlight);
            const std::uint8_t b = bytes[o];
            const bool differs = m_compared && (o >= compared.size() || compared[o] != b);
            p.setPen(selected  ? pal.color(QPalette::HighlightedText)
                     : differs ? differing
                               : (b == 0 ? dim : text));
            p.drawText(hexX(c), y + ascent, QStringLiteral("%1").arg(b, 2, 16, QLatin1Char('0')).toUpper());
            p.drawText(textX(c), y + ascent,
                       b >= 0x20 && b < 0x7F ? QString(QLatin1Char(static_cast<char>(b)))
                                             : QStringLiteral("·"));
            if (o == m_cursor) {
                p.setPen(QPen(text, 1));
                p.drawRect(QRect(hexX(c) - 1, y, 2 * m_charWidth + 1, m_lineHeight - 1));
                p.drawRect(QRect(textX(c), y, m_charWidth, m_lineHeight - 1));
            }
        }
    }
    m_lastPaintedRows = painted;
}

void HexView::resizeEvent(QResizeEvent* event) {
    QAbstractScrollArea::resizeEvent(event);
    updateScrollBar();
}

void HexView::changeEvent(QEvent* event) {
    QAbstractScrollArea::changeEvent(event);
    if (event->type() == QEvent::FontChange) updateMetrics();
}

void HexView::scrollToOffset(std::uint64_t offset) {
    const std::uint64_t row = offset / kBytesPerRow;
    const std::uint64_t first = firstVisibleRow();
    const int visible = visibleRowCount();
    if (row >= first && row < first + static_cast<std::uint64_t>(visible)) return;
    const std::uint64_t target = row > static_cast<std::uint64_t>(visible / 3) ? row - visible / 3 : 0;
    verticalScrollBar()->setValue(static_cast<int>(std::min<std::uint64_t>(target, INT_MAX)));
}

void HexView::setCursorOffset(std::uint64_t offset) {
    if (size() == 0) return;
    m_cursor = std::min(offset, size() - 1);
    m_anchor = m_cursor;
    m_hasSelection = false;
    scrollToOffset(m_cursor);
    viewport()->update();
    emit cursorMoved(m_cursor);
}

void HexView::moveCursor(std::uint64_t offset, bool extend) {
    if (size() == 0) return;
    m_cursor = std::min(offset, size() - 1);
    if (!extend) m_anchor = m_cursor;
    m_hasSelection = extend && m_anchor != m_cursor;
    scrollToOffset(m_cursor);
    viewport()->update();
    emit cursorMoved(m_cursor);
}

ByteRange HexView::copyRange() const {
    if (m_hasSelection) return {std::min(m_anchor, m_cursor), std::max(m_anchor, m_cursor) + 1};
    if (m_field.end > m_field.begin) return m_field;
    return size() ? ByteRange{m_cursor, m_cursor + 1} : ByteRange{};
}

QString HexView::copyAsHex() const {
    const ByteRange r = copyRange();
    QString out;
    for (std::uint64_t o = r.begin; o < r.end && o < size(); ++o) {
        if (o != r.begin) out += QLatin1Char(' ');
        out += QStringLiteral("%1").arg((*m_bytes)[o], 2, 16, QLatin1Char('0')).toUpper();
    }
    return out;
}

QString HexView::copyAsCArray() const {
    const ByteRange r = copyRange();
    QString out = QStringLiteral("const unsigned char data[%1] = {").arg(r.end - r.begin);
    for (std::uint64_t o = r.begin; o < r.end && o < size(); ++o) {
        if ((o - r.begin) % 12 == 0) out += QStringLiteral("\n    ");
        out += QStringLiteral("0x") +
               QStringLiteral("%1").arg((*m_bytes)[o], 2, 16, QLatin1Char('0')).toUpper() + QLatin1Char(',');
        if ((o - r.begin) % 12 != 11) out += QLatin1Char(' ');
    }
    out = out.trimmed();
    out += QStringLiteral("\n};\n");
    return out;
}

void HexView::mousePressEvent(QMouseEvent* event) {
    std::uint64_t o;
    if (event->button() != Qt::LeftButton || !offsetAt(event->position().toPoint(), o))
        return QAbstractScrollArea::mousePressEvent(event);
    moveCursor(o, event->modifiers() & Qt::ShiftModifier);
    m_dragging = true;
}

void HexView::mouseMoveEvent(QMouseEvent* event) {
    std::uint64_t o;
    const bool over = offsetAt(event->position().toPoint(), o);
    if (m_dragging && over && o != m_cursor) moveCursor(o, true);
    const qint64 hover = over ? static_cast<qint64>(o) : -1;
    if (hover != m_lastHover) {
        m_lastHover = hover;
        emit hoverChanged(hover);
    }
}

void HexView::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton && m_dragging) {
        m_dragging = false;
        if (!m_hasSelection) emit byteClicked(m_cursor);
    }
    QAbstractScrollArea::mouseReleaseEvent(event);
}

void HexView::leaveEvent(QEvent* event) {
    if (m_lastHover != -1) {
        m_lastHover = -1;
        emit hoverChanged(-1);
    }
    QAbstractScrollArea::leaveEvent(event);
}

void HexView::keyPressEvent(QKeyEvent* event) {
    const bool extend = event->modifiers() & Qt::ShiftModifier;
    const std::uint64_t page = static_cast<std::uint64_t>(visibleRowCount()) * kBytesPerRow;
    std::uint64_t to = m_cursor;
    switch (event->key()) {
    case Qt::Key_Left:
        to = m_cursor ? m_cursor - 1 : 0;
        break;
    case Qt::Key_Right:
        to = m_cursor + 1;
        break;
    case Qt::Key_Up:
        to = m_cursor >= kBytesPerRow ? m_cursor - kBytesPerRow : m_cursor;
        break;
    case Qt::Key_Down:
        to = m_cursor + kBytesPerRow < size() ? m_cursor + kBytesPerRow : m_cursor;
        break;
    case Qt::Key_PageUp:
        to = m_cursor >= page ? m_cursor - page : m_cursor % kBytesPerRow;
        break;
    case Qt::Key_PageDown:
        to = m_cursor + page < size() ? m_cursor + page : m_cursor;
        break;
    case Qt::Key_Home:
        to = (event->modifiers() & Qt::ControlModifier) ? 0 : m_cursor - m_cursor % kBytesPerRow;
        break;
    case Qt::Key_End:
        to = (event->modifiers() & Qt::ControlModifier)
                 ? size() - 1
                 : m_cursor - m_cursor % kBytesPerRow + kBytesPerRow - 1;
        break;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        emit byteClicked(m_cursor);
        return;
    default:
        return QAbstractScrollArea::keyPressEvent(event);
    }
    moveCursor(to, extend);
}

void HexView::contextMenuEvent(QContextMenuEvent* event) {
    QMenu menu(this);
    menu.addAction(tr("Copy as Hex"), this, [this] { QApplication::clipboard()->setText(copyAsHex()); });
    menu.addAction(tr("Copy as C Array"), this,
                   [this] { QApplication::clipboard()->setText(copyAsCArray()); });
    menu.addSeparator();
    menu.addAction(tr("Next Unaccounted Range"), this, [this] { goToNextUnaccounted(); });
    menu.addAction(tr("Previous Unaccounted Range"), this, [this] { goToPreviousUnaccounted(); });
    menu.exec(event->globalPos());
}

bool HexView::goToNextUnaccounted() {
    if (!m_unaccounted) return false;
    const ByteRange* r = nextRange(*m_unaccounted, m_cursor);
    if (!r) return false;
    setCursorOffset(r->begin);
    m_anchor = r->end - 1; // the whole range selected, the cursor at its start
    m_hasSelection = r->end - r->begin > 1;
    viewport()->update();
    return true;
}

bool HexView::goToPreviousUnaccounted() {
    if (!m_unaccounted) return false;
    const std::uint64_t from = m_hasSelection ? std::min(m_anchor, m_cursor) : m_cursor;
    const ByteRange* r = previousRange(*m_unaccounted, from);
    if (!r) return false;
    setCursorOffset(r->begin);
    m_anchor = r->end - 1; // the whole range selected, the cursor at its start
    m_hasSelection = r->end - r->begin > 1;
    viewport()->update();
    return true;
}

} // namespace assetscope::app
