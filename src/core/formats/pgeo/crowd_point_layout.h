#pragma once

#include "formats/pgeo/pgeo_file.h"
#include "tree/record_fields.h"

// The 80-byte crowd spline point described once (pgeo.txt, "Crowd spline"): CrowdPoint's decode
// and encode and the point's nodes all walk this list.
namespace assetscope::pgeo {

namespace crowd_point_layout {

using record_fields::Field;
inline constexpr auto kLayout =
    record_fields::layout(Field<&CrowdPoint::vectors>{"pgeo/crowd_point/vectors"},
                          Field<&CrowdPoint::distances>{"pgeo/crowd_point/distances"});
static_assert(kLayout.size == kCrowdPointSize);

} // namespace crowd_point_layout

} // namespace assetscope::pgeo
