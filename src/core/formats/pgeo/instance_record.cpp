#include "formats/pgeo/instance_record.h"

#include "formats/pgeo/curve_layout.h"
#include "formats/pgeo/instance_layout.h"

namespace assetscope::pgeo {

Vec3d InstanceRecord::positionMetres() const {
    return {math::fixedToDouble(position[0]), math::fixedToDouble(position[1]),
            math::fixedToDouble(position[2])};
}

void InstanceRecord::setPositionMetres(const Vec3d& p) {
    position = {math::doubleToFixed(p.x), math::doubleToFixed(p.y), math::doubleToFixed(p.z)};
}

math::Mat4 InstanceRecord::worldMatrix() const {
    const Vec3d r0 = row0(), r1 = row1(), r2 = row2(), t = positionMetres();
    return {static_cast<float>(r0.x * scale[0]),
            static_cast<float>(r0.y * scale[0]),
            static_cast<float>(r0.z * scale[0]),
            0.f,
            static_cast<float>(r1.x * scale[1]),
            static_cast<float>(r1.y * scale[1]),
            static_cast<float>(r1.z * scale[1]),
            0.f,
            static_cast<float>(r2.x * scale[2]),
            static_cast<float>(r2.y * scale[2]),
            static_cast<float>(r2.z * scale[2]),
            0.f,
            static_cast<float>(t.x),
            static_cast<float>(t.y),
            static_cast<float>(t.z),
            1.f};
}

InstanceRecord InstanceRecord::decode(const std::uint8_t* p) {
    return instance_layout::kLayout.decode(p);
}

void InstanceRecord::encode(std::uint8_t* p) const {
    instance_layout::kLayout.encode(*this, p);
}

void CurveRecord::setCoefficient(int k, const Vec3d& v) {
    std::array<float, 12>& c = k < 4 ? curve : upVector;
    const int i = 3 * (k % 4);
    c[i] = static_cast<float>(v.x);
    c[i + 1] = static_cast<float>(v.y);
    c[i + 2] = static_cast<float>(v.z);
}

// Coefficient k is (-990 - k) on all three axes.
bool CurveRecord::isSentinel() const {
    for (int i = 0; i < 12; ++i)
        if (curve[i] != static_cast<float>(-990 - i / 3) || upVector[i] != static_cast<float>(-994 - i / 3))
            return false;
    return true;
}

Vec3d CurveRecord::at(double t) const {
    const Vec3d c0 = coefficient(0), c1 = coefficient(1), c2 = coefficient(2), c3 = coefficient(3);
    const double t2 = t * t, t3 = t2 * t;
    return {c0.x + c1.x * t + c2.x * t2 + c3.x * t3, c0.y + c1.y * t + c2.y * t2 + c3.y * t3,
            c0.z + c1.z * t + c2.z * t2 + c3.z * t3};
}

Vec3d CurveRecord::upAt(double t) const {
    const Vec3d c4 = coefficient(4), c5 = coefficient(5), c6 = coefficient(6), c7 = coefficient(7);
    const double t2 = t * t, t3 = t2 * t;
    return {c4.x + c5.x * t + c6.x * t2 + c7.x * t3, c4.y + c5.y * t + c6.y * t2 + c7.y * t3,
            c4.z + c5.z * t + c6.z * t2 + c7.z * t3};
}

CurveRecord CurveRecord::sentinel() {
    CurveRecord c;
    for (int i = 0; i < 12; ++i) {
        c.curve[i] = static_cast<float>(-990 - i / 3);
        c.upVector[i] = static_cast<float>(-994 - i / 3);
    }
    return c;
}

CurveRecord CurveRecord::decode(const std::uint8_t* p) {
    return curve_layout::kLayout.decode(p);
}

void CurveRecord::encode(std::uint8_t* p) const {
    curve_layout::kLayout.encode(*this, p);
}

} // namespace assetscope::pgeo
