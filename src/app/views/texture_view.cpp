#include "views/texture_view.h"

#include <QApplication>
#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace assetscope::app {

namespace {
constexpr int kChecker = 8; // checkerboard square, in display pixels

QBrush checkerboard() {
    QPixmap tile(2 * kChecker, 2 * kChecker);
    tile.fill(QColor(204, 204, 204));
    QPainter p(&tile);
    p.fillRect(0, 0, kChecker, kChecker, QColor(153, 153, 153));
    p.fillRect(kChecker, kChecker, kChecker, kChecker, QColor(153, 153, 153));
    return QBrush(tile);
}
} // namespace

TextureView::TextureView(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setMinimumSize(64, 64);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setCursor(Qt::CrossCursor);
    setAutoFillBackground(false);
}

void TextureView::setPicture(const QImage& picture) {
    const bool sameSize = !m_picture.isNull() && picture.size() == m_picture.size();
    m_picture = picture;
    m_message.clear();
    if (!sameSize || m_fitting) fit();
    update();
}

void TextureView::setMessage(const QString& text) {
    m_message = text;
    m_picture = QImage();
    m_marked = QRect();
    update();
}

void TextureView::setView(double zoom, const QPointF& origin, bool fitting) {
    const bool changed = zoom != m_zoom;
    m_zoom = zoom;
    m_origin = origin;
    m_fitting = fitting;
    update();
    if (changed) emit zoomChanged(m_zoom);
}

void TextureView::fit() {
    if (m_picture.isNull()) {
        m_fitting = true;
        return;
    }
    const double zoom =
        std::clamp(std::min(width() / double(m_picture.width()), height() / double(m_picture.height())),
                   kMinZoom, kMaxZoom);
    const QPointF origin((width() - m_picture.width() * zoom) / 2,
                         (height() - m_picture.height() * zoom) / 2);
    setView(zoom, origin, true);
}

void TextureView::actualSize() {
    if (m_picture.isNull()) return;
    setView(1,
            QPointF(std::floor((width() - m_picture.width()) / 2.0),
                    std::floor((height() - m_picture.height()) / 2.0)),
            false);
}

void TextureView::zoomAbout(const QPointF& point, double factor) {
    if (m_picture.isNull() || !(factor > 0)) return;
    const double zoom = std::clamp(m_zoom * factor, kMinZoom, kMaxZoom);
    // The picture point under `point` stays under it.
    const QPointF origin = point - (point - m_origin) * (zoom / m_zoom);
    setView(zoom, origin, false);
}

void TextureView::panBy(const QPointF& delta) {
    if (m_picture.isNull()) return;
    setView(m_zoom, m_origin + delta, false);
}

QRectF TextureView::pictureRect() const {
    return QRectF(m_origin, QSizeF(m_picture.width() * m_zoom, m_picture.height() * m_zoom));
}

std::optional<QPoint> TextureView::texelAt(const QPointF& point) const {
    if (m_picture.isNull()) return std::nullopt;
    const double x = std::floor((point.x() - m_origin.x()) / m_zoom);
    const double y = std::floor((point.y() - m_origin.y()) / m_zoom);
    if (x < 0 || y < 0 || x >= m_picture.width() || y >= m_picture.height()) return std::nullopt;
    return QPoint(static_cast<int>(x), static_cast<int>(y));
}

QPointF TextureView::pointOf(const QPoint& texel) const {
    return m_origin + QPointF((texel.x() + 0.5) * m_zoom, (texel.y() + 0.5) * m_zoom);
}

void TextureView::setMarkedTexels(const QRect& texels) {
    m_marked = texels;
    update();
}

void TextureView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Base).darker(115));
    if (m_picture.isNull()) {
        p.setPen(palette().color(QPalette::Text));
        p.drawText(rect().adjusted(12, 12, -12, -12), Qt::AlignCenter | Qt::TextWordWrap, m_message);
        return;
    }
    const QRectF target = pictureRect();
    const QRectF visible = target.intersected(QRectF(rect()));
    if (visible.isEmpty()) return;
    QBrush checker = checkerboard();
    checker.setTransform(QTransform::fromTranslate(m_origin.x(), m_origin.y()));
    p.fillRect(visible, checker);
    // Only the part on screen: at high zoom the whole picture would be a huge scaled copy.
    const QRectF source((visible.left() - m_origin.x()) / m_zoom, (visible.top() - m_origin.y()) / m_zoom,
                        visible.width() / m_zoom, visible.height() / m_zoom);
    // Magnified texels stay crisp squares; a reduced picture is filtered.
    p.setRenderHint(QPainter::SmoothPixmapTransform, m_zoom < 1);
    p.drawImage(visible, m_picture, source);
    if (!m_marked.isEmpty()) {
        const QRectF box(pointOf(m_marked.topLeft()) - QPointF(m_zoom / 2, m_zoom / 2),
                         QSizeF(m_marked.width() * m_zoom, m_marked.height() * m_zoom));
        p.setRenderHint(QPainter::Antialiasing, false);
        p.setPen(QPen(Qt::black, 3));
        p.drawRect(box.adjusted(-1, -1, 1, 1));
        p.setPen(QPen(QColor(255, 200, 0), 1));
        p.drawRect(box.adjusted(-1, -1, 1, 1));
    }
}

void TextureView::resizeEvent(QResizeEvent*) {
    if (m_fitting) fit();
}

void TextureView::wheelEvent(QWheelEvent* event) {
    // One notch (120) zooms by a factor of √2, about the point under the cursor.
    const double steps = event->angleDelta().y() / 120.0;
    if (steps != 0) zoomAbout(event->position(), std::pow(std::sqrt(2.0), steps));
    event->accept();
}

void TextureView::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton && event->button() != Qt::MiddleButton) return;
    m_pressed = true;
    m_panning = event->button() == Qt::MiddleButton;
    m_pressAt = event->position();
    m_pressOrigin = m_origin;
    if (m_panning) setCursor(Qt::ClosedHandCursor);
}

void TextureView::mouseMoveEvent(QMouseEvent* event) {
    if (m_pressed) {
        const QPointF delta = event->position() - m_pressAt;
        if (!m_panning && delta.manhattanLength() >= QApplication::startDragDistance()) {
            m_panning = true;
            setCursor(Qt::ClosedHandCursor);
        }
        if (m_panning) setView(m_zoom, m_pressOrigin + delta, false);
    }
    if (const std::optional<QPoint> texel = texelAt(event->position()))
        emit texelHovered(*texel);
    else
        emit hoverLeft();
}

void TextureView::mouseReleaseEvent(QMouseEvent* event) {
    if (!m_pressed) return;
    const bool click = !m_panning && event->button() == Qt::LeftButton;
    m_pressed = m_panning = false;
    setCursor(Qt::CrossCursor);
    if (!click) return;
    if (const std::optional<QPoint> texel = texelAt(event->position())) emit texelClicked(*texel);
}

void TextureView::leaveEvent(QEvent*) {
    emit hoverLeft();
}

} // namespace assetscope::app
