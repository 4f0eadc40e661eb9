#include "math/vec3d.h"

#include <cmath>

namespace assetscope::math {

Vec3d operator-(const Vec3d& a, const Vec3d& b) {
    return {a.x - b.x, a.y - b.y, a.z - b.z};
}

Vec3d cross(const Vec3d& a, const Vec3d& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

double length(const Vec3d& v) {
    return std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
}

Vec3d normalized(const Vec3d& v) {
    const double l = length(v);
    if (!(l > 0) || !std::isfinite(l)) return {};
    // Divides rather than multiplying by 1/l: the placements' printed directions depend on it.
    return {v.x / l, v.y / l, v.z / l};
}

} // namespace assetscope::math
