#include "formats/pgeo/record_checks.h"
#include "bytes/number_text.h"

#include "formats/pgeo/instance_layout.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <limits>

namespace assetscope::pgeo {

namespace {

std::string vec(const Vec3d& v) {
    std::string out(1, '(');
    out += numberText(v.x) + ", " + numberText(v.y) + ", " + numberText(v.z);
    out += ')';
    return out;
}

double floatUlp(float bound) {
    const float a = std::fabs(bound);
    if (!std::isfinite(a)) return 0;
    return static_cast<double>(std::nextafter(a, std::numeric_limits<float>::infinity())) - a;
}

bool near(double a, double b, double tolerance) {
    return std::fabs(a - b) <= tolerance;
}

} // namespace

WidenedBox widenBox(const std::array<float, 8>& box) {
    WidenedBox w;
    for (int k = 0; k < 3; ++k) {
        w.lo[k] = static_cast<double>(box[k]) - math::kFixedStep - floatUlp(box[k]);
        w.hi[k] = static_cast<double>(box[4 + k]) + math::kFixedStep + floatUlp(box[4 + k]);
    }
    return w;
}

namespace {

std::uint32_t load32(const std::uint8_t* p) {
    return std::uint32_t{p[0]} | std::uint32_t{p[1]} << 8 | std::uint32_t{p[2]} << 16 |
           std::uint32_t{p[3]} << 24;
}

float loadFloat(const std::uint8_t* p) {
    return std::bit_cast<float>(load32(p));
}

// Where the fields the fast test below reads start.
constexpr std::size_t kPositionAt = instance_layout::kLayout.offsetOf<&InstanceRecord::position>();
constexpr std::size_t kRow0At = instance_layout::kLayout.offsetOf<&InstanceRecord::rotation>();
constexpr std::size_t kRow1At = kRow0At + 3 * sizeof(float);
constexpr std::size_t kFlagsAt = instance_layout::kLayout.offsetOf<&InstanceRecord::flags>();
constexpr std::size_t kZeroBytesAt = instance_layout::kLayout.offsetOf<&InstanceRecord::zeroBytes>();
constexpr std::size_t kZeroByteAt = instance_layout::kLayout.offsetOf<&InstanceRecord::zeroByte>();
constexpr std::size_t kZeroDwordAt = instance_layout::kLayout.offsetOf<&InstanceRecord::zeroDword>();

// Unit length within 1e-3, compared squared to keep the square root out of the loop.
bool unitRow(const std::uint8_t* p) {
    const double x = loadFloat(p), y = loadFloat(p + 4), z = loadFloat(p + 8);
    const double l2 = x * x + y * y + z * z;
    return l2 >= 0.999 * 0.999 && l2 <= 1.001 * 1.001;
}

// Names what broke in one record; only reached when the fast test below fails.
void tallyInstance(std::uint64_t i, const std::uint8_t* bytes, const WidenedBox& box, bool mustSitAtOrigin,
                   InstanceChecks& out) {
    const InstanceRecord r = InstanceRecord::decode(bytes);
    if (r.zeroBytes[0] | r.zeroBytes[1] | r.zeroBytes[2] | r.zeroBytes[3])
        out.zeroBytes.hit(i, [&] {
            return "bytes at +" + hexDigits(kZeroBytesAt, 2) + " are " + std::to_string(r.zeroBytes[0]) +
                   " " + std::to_string(r.zeroBytes[1]) + " " + std::to_string(r.zeroBytes[2]) + " " +
                   std::to_string(r.zeroBytes[3]) + ", not zero";
        });
    if (r.zeroByte)
        out.zeroByte.hit(i, [&] {
            return "byte at +" + hexDigits(kZeroByteAt, 2) + " is " + std::to_string(r.zeroByte) +
                   ", not zero";
        });
    if (r.zeroDword)
        out.zeroDword.hit(i, [&] {
            return "u32 at +" + hexDigits(kZeroDwordAt, 2) + " is " + hexDigits(r.zeroDword, 8) +
                   ", not zero";
        });
    if (r.flags != kUsualFlags)
        out.flags.hit(i, [&] { return "flags " + hexDigits(r.flags, 8) + ", not 0x80800000"; });
    const Vec3d p = r.positionMetres();
    if (!box.holds(p.x, p.y, p.z))
        out.outsideBox.hit(i, [&] { return "position " + vec(p) + " lies outside the header box"; });
    if (mustSitAtOrigin && (p.x != 0 || p.y != 0 || p.z != 0))
        out.notAtOrigin.hit(i, [&] { return "position " + vec(p) + ", not (0, 0, 0)"; });
    if (!unitRow(bytes + kRow0At) || !unitRow(bytes + kRow1At))
        out.rotation.hit(i, [&] {
            return "rotation rows of length " + numberText(length(r.row0())) + " and " +
                   numberText(length(r.row1()));
        });
}

} // namespace

void checkInstances(const RecordRun& records, const WidenedBox& box, bool mustSitAtOrigin,
                    InstanceChecks& out) {
    const std::uint8_t* base = records.bytes().data();
    for (std::uint64_t i = 0; i < records.count(); ++i) {
        const std::uint8_t* q = base + i * kInstanceRecordSize;
        const std::uint8_t* p = q + kPositionAt;
        const double x = math::fixedToDouble(load32(p)), y = math::fixedToDouble(load32(p + 4)),
                     z = math::fixedToDouble(load32(p + 8));
        const bool clean = (load32(q + kZeroBytesAt) | q[kZeroByteAt] | load32(q + kZeroDwordAt)) == 0 &&
                           load32(q + kFlagsAt) == kUsualFlags && box.holds(x, y, z) &&
                           (!mustSitAtOrigin || (x == 0 && y == 0 && z == 0)) && unitRow(q + kRow0At) &&
                           unitRow(q + kRow1At);
        if (!clean) tallyInstance(i, q, box, mustSitAtOrigin, out);
    }
}

void checkCurves(const RecordRun& instances, const RecordRun& curves, CurveChecks& out) {
    const std::uint64_t n = std::min(instances.count(), curves.count());
    for (std::uint64_t i = 0; i < n; ++i) {
        const CurveRecord c = CurveRecord::decode(curves.record(i));
        if (c.isSentinel()) {
            ++out.sentinels;
            continue;
        }
        ++out.withData;
        const InstanceRecord r = InstanceRecord::decode(instances.record(i));
        const Vec3d p = r.positionMetres(), c0 = c.p0();
        // The fixed point is coarser than the curve's f32: half a step plus the f32's own rounding.
        if (!near(p.x, c0.x, 0.000122 + 1e-6 * std::fabs(c0.x)) ||
            !near(p.y, c0.y, 0.000122 + 1e-6 * std::fabs(c0.y)) ||
            !near(p.z, c0.z, 0.000122 + 1e-6 * std::fabs(c0.z)))
            out.position.hit(i, [&] { return "curve c0 " + vec(c0) + " but the record sits at " + vec(p); });
        const double upLength = length(c.coefficient(4));
        if (!near(upLength, r.scale[1], 3e-6 * std::max(1.0, std::fabs(upLength)) + 1e-6))
            out.upScale.hit(
                i, [&] { return "|c4| is " + numberText(upLength) + ", y scale " + numberText(r.scale[1]); });
        const Vec3d up = c.up(), r1 = r.row1();
        if (!near(up.x, r1.x, 1e-5) || !near(up.y, r1.y, 1e-5) || !near(up.z, r1.z, 1e-5))
            out.upRow.hit(i, [&] { return "c4 / |c4| is " + vec(up) + ", second rotation row " + vec(r1); });
    }
}

void checkPoints(const RecordRun& points, PointChecks& out) {
    for (std::uint64_t i = 0; i < points.count(); ++i) {
        const CrowdPoint p = CrowdPoint::decode(points.record(i));
        const auto& v = p.vectors;
        if (v[3] != 0 || v[7] != 0 || v[11] != 0)
            out.w.hit(i, [&] {
                return "w of the three vectors is " + numberText(v[3]) + ", " + numberText(v[7]) + ", " +
                       numberText(v[11]);
            });
        const auto& d = p.distances;
        for (std::size_t k = 1; k < d.size(); ++k)
            if (!(d[k] >= d[k - 1])) {
                out.distances.hit(i, [&] { return "distance sample " + std::to_string(k) + " decreases"; });
                break;
            }
    }
}

} // namespace assetscope::pgeo
