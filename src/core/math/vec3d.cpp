#include "math/vec3d.h"

#include "math/vector_ops.h"

namespace assetscope::math {

namespace {

std::array<double, 3> asArray(const Vec3d& v) {
    return {v.x, v.y, v.z};
}
Vec3d fromArray(const std::array<double, 3>& a) {
    return {a[0], a[1], a[2]};
}

} // namespace

Vec3d operator-(const Vec3d& a, const Vec3d& b) {
    return fromArray(sub(asArray(a), asArray(b)));
}

Vec3d cross(const Vec3d& a, const Vec3d& b) {
    return fromArray(cross(asArray(a), asArray(b)));
}

double length(const Vec3d& v) {
    return length(asArray(v));
}

// Divides rather than multiplying by 1/l: the placements' printed directions depend on it.
Vec3d normalized(const Vec3d& v) {
    return fromArray(normalised(asArray(v)).value_or(std::array<double, 3>{0, 0, 0}));
}

} // namespace assetscope::math
