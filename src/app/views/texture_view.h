#pragma once

#include <QImage>
#include <QPoint>
#include <QPointF>
#include <QRect>
#include <QWidget>

#include <optional>

namespace assetscope::app {

// A picture of one texture level, drawn with QPainter (no OpenGL: it works on every platform):
// fitted or at any zoom, the wheel zooming about the cursor and a drag panning; alpha over a
// checkerboard; one texel block outlined. It reports the texel under the mouse and the texel
// clicked (a press and release without a drag).
class TextureView : public QWidget {
    Q_OBJECT
public:
    explicit TextureView(QWidget* parent = nullptr);

    // The picture of a level, one pixel a texel. A picture of another size is fitted; one of the
    // same size (another channel choice, the same level) keeps the zoom and the pan.
    void setPicture(const QImage& picture);
    // Shows `text` instead of a picture (nothing to show, not decodable, still decoding).
    void setMessage(const QString& text);
    const QImage& picture() const { return m_picture; }
    QString message() const { return m_message; }

    // Zoom: display pixels per texel. Fitting follows the widget's size until the user zooms or pans.
    void fit();
    void actualSize(); // one texel a pixel, centred
    void zoomAbout(const QPointF& point, double factor);
    void panBy(const QPointF& delta);
    double zoom() const { return m_zoom; }
    QPointF origin() const { return m_origin; } // where the picture's top-left corner is drawn
    bool fitting() const { return m_fitting; }

    // The texel under a widget point; nullopt outside the picture.
    std::optional<QPoint> texelAt(const QPointF& point) const;
    // The widget point at the centre of a texel.
    QPointF pointOf(const QPoint& texel) const;
    // Outlines texels (the clicked texel's block); an empty rectangle: none.
    void setMarkedTexels(const QRect& texels);
    QRect markedTexels() const { return m_marked; }

    static constexpr double kMinZoom = 1.0 / 64;
    static constexpr double kMaxZoom = 256;

signals:
    void texelHovered(const QPoint& texel);
    void hoverLeft();
    void texelClicked(const QPoint& texel);
    void zoomChanged(double zoom);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    void setView(double zoom, const QPointF& origin, bool fitting);
    QRectF pictureRect() const;

    QImage m_picture;
    QString m_message;
    double m_zoom = 1;
    QPointF m_origin;
    bool m_fitting = true;
    QRect m_marked;
    QPointF m_pressAt;
    QPointF m_pressOrigin;
    bool m_pressed = false;
    bool m_panning = false;
};

} // namespace assetscope::app
