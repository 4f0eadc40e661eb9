#include "formats/pgeo/record_nodes.h"
#include "bytes/number_text.h"

#include "formats/pgeo/instance_layout.h"

#include <cstdio>

namespace assetscope::pgeo {

namespace {

std::vector<double> list(const Vec3d& v) {
    return {v.x, v.y, v.z};
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
    instance_layout::kLayout.record(r);
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
