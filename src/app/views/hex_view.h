#pragma once

#include "bytes/byte_view.h"
#include "tree/coverage.h"

#include <QAbstractScrollArea>
#include <QColor>

#include <vector>

namespace assetscope::app {

// Offset, hex and text columns over a byte buffer; paints only the rows in view, so a file of
// hundreds of MB scrolls like a small one. Marks: the selected field, its parent's range, the
// range under the mouse, and shading on bytes no parser accounted for.
class HexView : public QAbstractScrollArea {
    Q_OBJECT
public:
    static constexpr int kBytesPerRow = 16;

    explicit HexView(QWidget* parent = nullptr);

    void setBytes(SharedBytes bytes);
    std::uint64_t size() const { return m_bytes ? m_bytes->size() : 0; }
    // Not owned; must outlive the view (the document's list).
    void setUnaccounted(const std::vector<ByteRange>* ranges);
    // Bytes that differ from `other` at the same offset are drawn in red (the comparison view's
    // two panes, each against the other file); none by default.
    void setComparedBytes(SharedBytes other);

    // Bookmarked ranges, each tinted with its colour under the field marks.
    struct Mark {
        ByteRange range;
        QColor colour;
    };
    void setMarks(std::vector<Mark> marks);
    const std::vector<Mark>& marks() const { return m_marks; }
    // Whether bytes were dragged over (copyRange is then that selection).
    bool hasSelection() const { return m_hasSelection; }

    void setFieldRange(ByteRange range);
    void setParentRange(ByteRange range);
    void setHoverRange(ByteRange range);
    // The matches of a find, drawn in a colour of their own under the selection; overlapping
    // ones are joined. Empty: none.
    void setFindMarks(const std::vector<ByteRange>& marks);
    // The same with `joined` already joinedRanges()'s result (a find's worker joins its 100,000
    // matches so that the UI thread does not): taken as it is.
    void setJoinedFindMarks(std::vector<ByteRange> joined);
    // `ranges` sorted, empty ones dropped and overlapping or touching ones joined into one run,
    // so that a binary search finds a byte's. Safe on any thread.
    static std::vector<ByteRange> joinedRanges(std::vector<ByteRange> ranges);
    const std::vector<ByteRange>& findMarks() const { return m_findMarks; }
    static QColor findMarkColor();
    ByteRange fieldRange() const { return m_field; }
    ByteRange parentRange() const { return m_parent; }
    ByteRange hoverRange() const { return m_hover; }

    std::uint64_t cursorOffset() const { return m_cursor; }
    void setCursorOffset(std::uint64_t offset);
    // What the copy actions take: the dragged selection, else the marked field, else the byte at the cursor.
    ByteRange copyRange() const;
    QString copyAsHex() const;
    QString copyAsCArray() const;

    // The byte under a viewport point; false outside the hex and text columns.
    bool offsetAt(const QPoint& point, std::uint64_t& offset) const;
    // The viewport rectangle of a byte's hex cell (for tests and tooltips).
    QRect hexCellRect(std::uint64_t offset) const;
    void scrollToOffset(std::uint64_t offset); // brings the row into view, centred if far away
    std::uint64_t firstVisibleRow() const;
    int visibleRowCount() const;
    int lastPaintedRows() const { return m_lastPaintedRows; }

    bool goToNextUnaccounted();
    bool goToPreviousUnaccounted();

signals:
    void byteClicked(quint64 offset);
    void hoverChanged(qint64 offset); // -1 when the mouse leaves the bytes
    void cursorMoved(quint64 offset);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void updateMetrics();
    void updateScrollBar();
    std::uint64_t rowCount() const;
    int hexX(int column) const;
    int textX(int column) const;
    void moveCursor(std::uint64_t offset, bool extend);

    SharedBytes m_bytes;
    SharedBytes m_compared;
    const std::vector<ByteRange>* m_unaccounted = nullptr;
    std::vector<ByteRange> m_findMarks; // sorted, disjoint
    ByteRange m_field, m_parent, m_hover;
    std::vector<Mark> m_marks;
    std::uint64_t m_cursor = 0;
    std::uint64_t m_anchor = 0;
    bool m_dragging = false;
    bool m_hasSelection = false;
    qint64 m_lastHover = -1;
    int m_charWidth = 8;
    int m_lineHeight = 16;
    int m_addressChars = 8;
    int m_lastPaintedRows = 0;
};

} // namespace assetscope::app
