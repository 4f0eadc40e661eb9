#include "formats/meshset/tangent_space.h"

#include "math/vector_ops.h"

#include <algorithm>
#include <cmath>

namespace assetscope::meshset {

namespace {

using Vector3d = std::array<double, 3>;

constexpr double kPi = 3.14159265358979323846;
const double kMinorScale = 255.0 * std::sqrt(2.0); // a 9-bit q decodes as (q - 256) / (255 sqrt 2)

using math::cross;
using math::dot;

// A zero vector stays as it is.
Vector3d normalised(const Vector3d& v) {
    return math::normalised(v).value_or(v);
}

// The reference axis the tangent angle is measured from, per axis code.
Vector3d referenceAxis(int code) {
    switch (code) {
    case 0:
        return {0, 0, 1};
    case 1:
        return {0, 0, -1};
    case 2:
        return {1, 0, 0};
    case 3:
        return {-1, 0, 0};
    case 4:
        return {-1, 0, 0};
    default:
        return {1, 0, 0};
    }
}

Vector3d decodeNormal(int code, int q0, int q1) {
    Vector3d n{};
    const auto axes = minorAxes(code);
    n[axes[0]] = (q0 - 256) / kMinorScale;
    n[axes[1]] = (q1 - 256) / kMinorScale;
    const int major = code / 2;
    const double rest = 1.0 - n[axes[0]] * n[axes[0]] - n[axes[1]] * n[axes[1]];
    n[major] = (code % 2 ? -1.0 : 1.0) * std::sqrt(std::max(rest, 0.0));
    return n;
}

Vector3d baseTangent(const Vector3d& n, int code) {
    const Vector3d ref = referenceAxis(code);
    const double d = dot(ref, n);
    return normalised({ref[0] - n[0] * d, ref[1] - n[1] * d, ref[2] - n[2] * d});
}

std::array<float, 3> toFloat(const Vector3d& v) {
    return {static_cast<float>(v[0]), static_cast<float>(v[1]), static_cast<float>(v[2])};
}

} // namespace

std::array<int, 2> minorAxes(int code) {
    switch (code / 2) {
    case 0:
        return {2, 1};
    case 1:
        return {0, 2};
    default:
        return {0, 1};
    }
}

TangentFrame decodeTangentSpace(const PackedTangentSpace& p) {
    const std::uint8_t b3 = p[3];
    // Codes 6 and 7 are not documented; reading them as the z axis keeps the result a unit frame.
    const int code = std::min(b3 & 7, 5);
    const int q0 = p[0] | (((b3 >> 4) & 1) << 8);
    const int q1 = p[1] | (((b3 >> 5) & 1) << 8);
    const int quadrant = b3 >> 6;
    const Vector3d n = decodeNormal(code, q0, q1);
    const Vector3d t0 = baseTangent(n, code);
    const double angle = (quadrant + p[2] / 255.0) * (kPi / 2.0);
    const Vector3d nt = cross(n, t0);
    const double c = std::cos(angle), s = std::sin(angle);
    const Vector3d t{t0[0] * c + nt[0] * s, t0[1] * c + nt[1] * s, t0[2] * c + nt[2] * s};
    const double sign = (b3 & 8) ? -1.0 : 1.0;
    const Vector3d b0 = cross(n, t);
    TangentFrame f;
    f.normal = toFloat(n);
    f.tangent = toFloat(t);
    f.bitangent = toFloat({b0[0] * sign, b0[1] * sign, b0[2] * sign});
    f.bitangentSign = static_cast<float>(sign);
    return f;
}

void readTangentFrame(const std::uint8_t* element, float* normal, float* tangent) {
    const TangentFrame f = decodeTangentSpace({element[0], element[1], element[2], element[3]});
    std::copy(f.normal.begin(), f.normal.end(), normal);
    std::copy(f.tangent.begin(), f.tangent.end(), tangent);
    tangent[3] = f.bitangentSign;
}

PackedTangentSpace encodeTangentSpace(const std::array<float, 3>& normal, const std::array<float, 3>& tangent,
                                      float bitangentSign) {
    const Vector3d n0 = normalised({normal[0], normal[1], normal[2]});
    int major = 0;
    for (int i = 1; i < 3; ++i)
        if (std::fabs(n0[i]) > std::fabs(n0[major])) major = i;
    const int code = major * 2 + (n0[major] < 0 ? 1 : 0);
    const auto axes = minorAxes(code);
    auto quantise = [](double v) {
        return std::clamp(static_cast<int>(std::lround(v * kMinorScale)) + 256, 0, 511);
    };
    const int q0 = quantise(n0[axes[0]]);
    const int q1 = quantise(n0[axes[1]]);
    // Measure the angle against the frame the decoder will rebuild from the quantised normal.
    const Vector3d n = decodeNormal(code, q0, q1);
    const Vector3d t0 = baseTangent(n, code);
    const Vector3d nt = cross(n, t0);
    const Vector3d t{tangent[0], tangent[1], tangent[2]};
    double angle = std::atan2(dot(t, nt), dot(t, t0));
    if (angle < 0) angle += 2 * kPi;
    const double units = angle / (kPi / 2.0) * 255.0; // 255 per quadrant
    int quadrant = std::min(3, static_cast<int>(units / 255.0));
    long within = std::lround(units - 255.0 * quadrant);
    if (within > 255) { // only reachable through rounding at the top of quadrant 3
        within = 255;
    }
    PackedTangentSpace out{};
    out[0] = static_cast<std::uint8_t>(q0 & 0xFF);
    out[1] = static_cast<std::uint8_t>(q1 & 0xFF);
    out[2] = static_cast<std::uint8_t>(within);
    out[3] = static_cast<std::uint8_t>(code | (bitangentSign < 0 ? 8 : 0) | ((q0 >> 8) << 4) |
                                       ((q1 >> 8) << 5) | (quadrant << 6));
    return out;
}

} // namespace assetscope::meshset
