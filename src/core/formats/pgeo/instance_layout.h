#pragma once

#include "bytes/number_text.h"
#include "formats/pgeo/instance_record.h"
#include "tree/record_fields.h"

// The 80-byte instance record described once (pgeo.txt, "Instance records"): InstanceRecord's
// decode and encode and the record's nodes all walk this list.
namespace assetscope::pgeo {

namespace instance_layout {

inline constexpr std::string_view kVariationKeys[] = {
    "pgeo/instance_record/instance_variation_x", "pgeo/instance_record/instance_variation_y",
    "pgeo/instance_record/instance_variation_z", "pgeo/instance_record/instance_variation_w"};

inline void position(Recorder& r, const InstanceRecord& rec, std::size_t) {
    const Vec3d p = rec.positionMetres();
    r.describe([&] { return numberTuple(std::array<double, 3>{p.x, p.y, p.z}) + " m"; });
    r.derived("position_metres", valueList(p));
}
inline void rotation(Recorder& r, const InstanceRecord& rec, std::size_t) {
    r.derived("rotation_row_2", valueList(rec.row2()));
}
inline void variation(Recorder& r, const InstanceRecord& rec, std::size_t element) {
    r.describe([&] { return numberText(rec.variation[element] / 255.0); });
}
// The words the documents give as hex.
template <auto Member> void hex(Recorder& r, const InstanceRecord& rec, std::size_t) {
    r.describe([&] { return hexDigits(rec.*Member, 8); });
}
inline void tail(Recorder& r, const InstanceRecord& rec, std::size_t element) {
    hex<&InstanceRecord::tail>(r, rec, element);
    const math::Mat4 m = rec.worldMatrix();
    r.derived("world_matrix", std::vector<double>(m.begin(), m.end()), "f32[16] row-vector");
}

using record_fields::Field;
inline constexpr auto kLayout = record_fields::layout(
    Field<&InstanceRecord::position>{"pgeo/instance_record/position", {}, {}, position},
    Field<&InstanceRecord::rotation>{"pgeo/instance_record/rotation_rows", {}, {}, rotation},
    Field<&InstanceRecord::scale>{"pgeo/instance_record/scale"},
    Field<&InstanceRecord::flags>{"pgeo/instance_record/flags", {}, {}, hex<&InstanceRecord::flags>},
    Field<&InstanceRecord::variation>{{}, {}, kVariationKeys, variation},
    Field<&InstanceRecord::zeroBytes>{"pgeo/instance_record/zero_bytes", record_fields::Shown::AsBytes},
    Field<&InstanceRecord::materialVariant>{"pgeo/instance_record/material_variant"},
    Field<&InstanceRecord::zeroByte>{"pgeo/instance_record/zero_byte"},
    Field<&InstanceRecord::buildingId>{"pgeo/instance_record/building_id"},
    Field<&InstanceRecord::unknown>{"pgeo/instance_record/unknown", {}, {}, hex<&InstanceRecord::unknown>},
    Field<&InstanceRecord::random>{"pgeo/instance_record/random_value", {}, {}, hex<&InstanceRecord::random>},
    Field<&InstanceRecord::zeroDword>{"pgeo/instance_record/zero_dword"},
    Field<&InstanceRecord::tail>{"pgeo/instance_record/record_tail", {}, {}, tail});
static_assert(kLayout.size == kInstanceRecordSize);

} // namespace instance_layout

} // namespace assetscope::pgeo
