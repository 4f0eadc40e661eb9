#pragma once

#include <QVector3D>

#include <vector>

namespace assetscope::app {

// One line segment for the preview's line buffer: two vertices of position + colour (6 floats each).
inline void pushLine(std::vector<float>& out, QVector3D a, QVector3D b, QVector3D color) {
    for (const QVector3D& p : {a, b})
        out.insert(out.end(), {p.x(), p.y(), p.z(), color.x(), color.y(), color.z()});
}

} // namespace assetscope::app
