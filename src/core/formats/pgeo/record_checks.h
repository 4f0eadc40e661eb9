#pragma once

#include "formats/pgeo/pgeo_file.h"

#include <array>
#include <cstdint>
#include <string>

namespace assetscope::pgeo {

// The header box widened, on each bound, by one fixed-point step and one f32 rounding of that
// bound: the documented tolerance for instance positions and crowd spline boxes.
struct WidenedBox {
    std::array<double, 3> lo{};
    std::array<double, 3> hi{};
    bool holds(double x, double y, double z) const {
        return x >= lo[0] && x <= hi[0] && y >= lo[1] && y <= hi[1] && z >= lo[2] && z <= hi[2];
    }
};
WidenedBox widenBox(const std::array<float, 8>& box);

// How often one rule broke within a run of records, and the first time it did.
struct Tally {
    std::uint64_t count = 0;
    std::uint64_t first = 0;
    std::string example;

    template <typename Describe> void hit(std::uint64_t index, Describe&& describe) {
        if (count++ == 0) {
            first = index;
            example = describe();
        }
    }
};

// Every strict statement about the 80-byte records, checked over the bytes without decoding
// anything into nodes (a million records take a few milliseconds).
struct InstanceChecks {
    Tally zeroBytes;   // +0x38 u8[4] = 0           Proven
    Tally zeroByte;    // +0x3D u8 = 0              Proven
    Tally zeroDword;   // +0x48 u32 = 0             Proven
    Tally outsideBox;  // position inside the box   Proven
    Tally notAtOrigin; // cwdspline PEDESTRIAN at 0 Proven
    Tally flags;       // 0x80800000                Unknown (warning)
    Tally rotation;    // unit rows                 Observed (warning)
};
void checkInstances(const RecordRun& records, const WidenedBox& box, bool mustSitAtOrigin,
                    InstanceChecks& out);

// The curve records of a block with one per instance.
struct CurveChecks {
    std::uint64_t sentinels = 0;
    std::uint64_t withData = 0;
    Tally position; // c0 within 0.000122 m of the record's position   Observed
    Tally upScale;  // |c4| is the y scale                                Observed
    Tally upRow;    // c4 / |c4| is the second rotation row               Observed
};
void checkCurves(const RecordRun& instances, const RecordRun& curves, CurveChecks& out);

// Crowd spline points: w = 0 on the three vectors, distances cumulative.
struct PointChecks {
    Tally w;
    Tally distances;
};
void checkPoints(const RecordRun& points, PointChecks& out);

} // namespace assetscope::pgeo
