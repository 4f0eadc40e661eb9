#pragma once

#include "bytes/byte_view.h"
#include "math/fixed_point.h"
#include "math/mat4.h"
#include "math/vec3d.h"

#include <array>
#include <cstdint>
#include <vector>

namespace assetscope::pgeo {

inline constexpr std::size_t kInstanceRecordSize = 80;
inline constexpr std::size_t kCurveRecordSize = 96;
inline constexpr std::uint32_t kUsualFlags = 0x80800000u;
inline constexpr std::uint32_t kUsualTail = 0x200u;

// Positions are metres in the sign-magnitude fixed point (math/fixed_point.h); placement
// arithmetic is in double (math/vec3d.h).
using math::Vec3d;
// A vector as a node's list of three numbers.
inline std::vector<double> valueList(const Vec3d& v) {
    return {v.x, v.y, v.z};
}

// The 80-byte placement record, every field as stored (also the ones that should be zero) so
// that writing it back gives the same bytes.
struct InstanceRecord {
    std::array<std::uint32_t, 3> position{};         // math::fixedToDouble gives metres
    std::array<float, 6> rotation{1, 0, 0, 0, 1, 0}; // rows 0 and 1 of the 3x3 transform
    std::array<float, 3> scale{1, 1, 1};
    std::uint32_t flags = kUsualFlags;
    std::array<std::uint8_t, 4> variation{}; // instance variation x, y, z, w
    std::array<std::uint8_t, 4> zeroBytes{};
    std::uint8_t materialVariant = 0;
    std::uint8_t zeroByte = 0;
    std::uint16_t buildingId = 0;
    std::uint32_t unknown = 0;
    std::uint32_t random = 0;
    std::uint32_t zeroDword = 0;
    std::uint32_t tail = kUsualTail;

    Vec3d positionMetres() const;
    void setPositionMetres(const Vec3d& p);
    Vec3d row0() const { return {rotation[0], rotation[1], rotation[2]}; }
    Vec3d row1() const { return {rotation[3], rotation[4], rotation[5]}; }
    Vec3d row2() const { return cross(row0(), row1()); }
    // Row-vector world matrix (p' = p · M): rows r0·sx, r1·sy, cross(r0, r1)·sz, then the position.
    math::Mat4 worldMatrix() const;

    // `bytes` must hold kInstanceRecordSize bytes.
    static InstanceRecord decode(const std::uint8_t* bytes);
    void encode(std::uint8_t* out) const;
};

// The 96-byte curve record: P(t) = c0 + c1 t + c2 t² + c3 t³ and Up(t) = c4 + c5 t + c6 t² + c7 t³,
// stored as eight consecutive vec3 coefficients: the curve's four, then the up vector's.
struct CurveRecord {
    std::array<float, 12> curve{};    // c0..c3
    std::array<float, 12> upVector{}; // c4..c7

    Vec3d coefficient(int k) const {
        const std::array<float, 12>& c = k < 4 ? curve : upVector;
        const int i = 3 * (k % 4);
        return {c[i], c[i + 1], c[i + 2]};
    }
    void setCoefficient(int k, const Vec3d& v);
    // The "no curve" sentinel: every coefficient k is (-990 - k) on all three axes.
    bool isSentinel() const;
    Vec3d at(double t) const;   // P(t)
    Vec3d upAt(double t) const; // Up(t)
    Vec3d p0() const { return coefficient(0); }
    Vec3d p1() const { return at(1.0); }
    Vec3d chord() const { return normalized(p1() - p0()); }
    Vec3d up() const { return normalized(coefficient(4)); }

    static CurveRecord sentinel();
    static CurveRecord decode(const std::uint8_t* bytes);
    void encode(std::uint8_t* out) const;
};

} // namespace assetscope::pgeo
