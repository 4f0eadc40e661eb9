#pragma once

// A 3-vector in double, for placement arithmetic: fixed-point positions carry 31 significant
// bits (±32768 m in steps of 1/65535 m), more than a float holds.
namespace assetscope::math {

struct Vec3d {
    double x = 0, y = 0, z = 0;
};

Vec3d operator-(const Vec3d& a, const Vec3d& b);
Vec3d cross(const Vec3d& a, const Vec3d& b);
double length(const Vec3d& v);
Vec3d normalized(const Vec3d& v); // (0, 0, 0) and non-finite lengths give (0, 0, 0)

} // namespace assetscope::math
