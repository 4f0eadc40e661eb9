#pragma once

#include "scene/export_scene.h"

#include <QMatrix4x4>
#include <QPointF>
#include <QSize>
#include <QVector3D>

#include <optional>

namespace assetscope::app {

// Ray casting for the 3D pane's picking, on the CPU over the same data the pane draws.
struct Ray {
    QVector3D origin;
    QVector3D direction; // not normalised: hits are compared by the ray parameter t
};

// The ray under a framebuffer pixel (device pixels: a widget position times devicePixelRatio),
// in the frame `mvp` maps from.
Ray rayThroughPixel(const QMatrix4x4& mvp, QPointF devicePixel, QSize framebufferSize);

// A file's row-vector matrix (p' = p · M, translation in the last row) as Qt's column-vector form.
QMatrix4x4 columnMatrix(const exporting::Mat4& m);

// The ray parameter where the ray enters the box [lo, hi], if it does (t >= 0).
std::optional<float> hitBox(const Ray& ray, const QVector3D& lo, const QVector3D& hi);

// The nearest triangle of the mesh the ray hits (both faces), numbered along its primitives in
// order, with the ray parameter.
struct TriangleHit {
    std::int64_t triangle = -1;
    float t = 0;
};
std::optional<TriangleHit> hitMesh(const exporting::ExportMesh& mesh, const Ray& ray);

// Corner c (0..2) of triangle t, numbered as hitMesh numbers them; false when out of range.
bool triangleCorners(const exporting::ExportMesh& mesh, std::int64_t triangle, QVector3D corners[3]);

} // namespace assetscope::app
