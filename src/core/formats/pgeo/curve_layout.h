#pragma once

#include "formats/pgeo/instance_record.h"
#include "tree/record_fields.h"

// The 96-byte curve record described once (pgeo.txt, "Curve records"): CurveRecord's decode and
// encode and the record's nodes all walk this list.
namespace assetscope::pgeo {

namespace curve_layout {

// After the up vector: whether the record is the "no curve" sentinel and, where it is not, the
// curve's ends, chord and up vector.
inline void shape(Recorder& r, const CurveRecord& c, std::size_t) {
    if (c.isSentinel()) {
        r.derived("no_curve", true, "bool");
        return;
    }
    r.derived("no_curve", false, "bool");
    r.derived("p0", valueList(c.p0()));
    r.derived("p1", valueList(c.p1()));
    r.derived("chord", valueList(c.chord()));
    r.derived("chord_length", length(c.p1() - c.p0()));
    r.derived("up", valueList(c.up()));
    r.derived("up_length", length(c.coefficient(4)));
}

using record_fields::Field;
inline constexpr auto kLayout =
    record_fields::layout(Field<&CurveRecord::curve>{"pgeo/curve_record/curve"},
                          Field<&CurveRecord::upVector>{"pgeo/curve_record/up_vector", {}, {}, shape});
static_assert(kLayout.size == kCurveRecordSize);

} // namespace curve_layout

} // namespace assetscope::pgeo
