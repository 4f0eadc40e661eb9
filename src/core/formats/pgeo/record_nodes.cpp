#include "formats/pgeo/record_nodes.h"
#include "bytes/number_text.h"

#include "formats/pgeo/instance_record.h"

#include <cstdio>

namespace assetscope::pgeo {

namespace {

std::vector<double> list(const Vec3d& v) {
    return {v.x, v.y, v.z};
}

void variation(Recorder& r, std::string_view key) {
    const std::uint8_t v = r.u8(key);
    r.describe([&] { return numberText(v / 255.0); });
}

void range(Recorder& r, std::string_view key) {
    auto s = r.scope(key);
    const std::int32_t block = r.i32("pgeo/range/block_index");
    const std::uint32_t first = r.u32("pgeo/range/first_record");
    const std::uint32_t count = r.u32("pgeo/range/record_count");
    r.tree().edit(s.id(), [&](Node& n) {
        n.display = block < 0 ? "none"
                              : "block " + std::to_string(block) + ", records " + std::to_string(first) +
                                    " + " + std::to_string(count);
    });
}

} // namespace

void decodeInstanceNodes(Recorder& r, std::uint64_t) {
    const std::uint64_t start = r.pos();
    r.require(kInstanceRecordSize);
    const InstanceRecord rec = InstanceRecord::decode(r.view().data() + start);
    const Vec3d p = rec.positionMetres();
    r.u32s("pgeo/instance_record/position", 3);
    std::string text(1, '(');
    text += numberText(p.x) + ", " + numberText(p.y) + ", " + numberText(p.z) + ") m";
    r.describe([&] { return std::move(text); });
    r.derived("position_metres", list(p));
    r.f32Array<6>("pgeo/instance_record/rotation_rows");
    r.derived("rotation_row_2", list(rec.row2()));
    r.f32Array<3>("pgeo/instance_record/scale");
    r.u32("pgeo/instance_record/flags");
    r.describe([&] { return hexDigits(rec.flags, 8); });
    variation(r, "pgeo/instance_record/instance_variation_x");
    variation(r, "pgeo/instance_record/instance_variation_y");
    variation(r, "pgeo/instance_record/instance_variation_z");
    variation(r, "pgeo/instance_record/instance_variation_w");
    r.bytes("pgeo/instance_record/zero_bytes", 4, NodeKind::Field);
    r.u8("pgeo/instance_record/material_variant");
    r.u8("pgeo/instance_record/zero_byte");
    r.u16("pgeo/instance_record/building_id");
    r.u32("pgeo/instance_record/unknown");
    r.describe([&] { return hexDigits(rec.unknown, 8); });
    r.u32("pgeo/instance_record/random_value");
    r.describe([&] { return hexDigits(rec.random, 8); });
    r.u32("pgeo/instance_record/zero_dword");
    r.u32("pgeo/instance_record/record_tail");
    r.describe([&] { return hexDigits(rec.tail, 8); });
    const math::Mat4 m = rec.worldMatrix();
    r.derived("world_matrix", std::vector<double>(m.begin(), m.end()), "f32[16] row-vector");
}

void decodeCurveNodes(Recorder& r, std::uint64_t) {
    const std::uint64_t start = r.pos();
    r.require(kCurveRecordSize);
    const CurveRecord c = CurveRecord::decode(r.view().data() + start);
    r.f32Array<12>("pgeo/curve_record/curve");
    r.f32Array<12>("pgeo/curve_record/up_vector");
    if (c.isSentinel()) {
        r.derived("no_curve", true, "bool");
        return;
    }
    r.derived("no_curve", false, "bool");
    r.derived("p0", list(c.p0()));
    r.derived("p1", list(c.p1()));
    r.derived("chord", list(c.chord()));
    r.derived("chord_length", length(c.p1() - c.p0()));
    r.derived("up", list(c.up()));
    r.derived("up_length", length(c.coefficient(4)));
}

void decodeTableEntryNodes(Recorder& r, std::uint64_t) {
    r.u32("pgeo/table_entry/zero");
    const std::uint32_t hash = r.u32("pgeo/table_entry/hash");
    r.describe([&] { return hexDigits(hash, 8); });
    range(r, "pgeo/table_entry/b_range");
    range(r, "pgeo/table_entry/a_range");
}

void decodeCrowdPointNodes(Recorder& r, std::uint64_t) {
    r.f32Array<12>("pgeo/crowd_point/vectors");
    r.f32Array<8>("pgeo/crowd_point/distances");
}

} // namespace assetscope::pgeo
