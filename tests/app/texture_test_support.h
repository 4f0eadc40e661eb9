#pragma once

// Small helpers of the texture window tests: pixels as colours, mouse events sent to a widget,
// and waiting for a texture pane's decoding.
#include "views/texture_pane.h"

#include <QColor>
#include <QCoreApplication>
#include <QImage>
#include <QMouseEvent>
#include <QTest>
#include <QWidget>

namespace assetscope::apptest {

// A picture's pixel, unpremultiplied.
inline QColor pixel(const QImage& image, int x, int y) {
    return QColor::fromRgba(qUnpremultiply(image.pixel(x, y)));
}

inline void sendMouse(QWidget* w, QEvent::Type type, QPointF at, Qt::MouseButton button,
                      Qt::MouseButtons buttons) {
    QMouseEvent event(type, at, w->mapToGlobal(at), button, buttons, Qt::NoModifier);
    QCoreApplication::sendEvent(w, &event);
}

// A press and a release at the same point: a click, not a drag.
inline void click(QWidget* w, QPointF at) {
    sendMouse(w, QEvent::MouseButtonPress, at, Qt::LeftButton, Qt::LeftButton);
    sendMouse(w, QEvent::MouseButtonRelease, at, Qt::LeftButton, Qt::NoButton);
}

// Waits until the pane has no decode or picture in flight.
inline bool settle(app::TexturePane& pane) {
    return QTest::qWaitFor([&] { return !pane.busy(); }, 20000);
}

} // namespace assetscope::apptest
