#include "formats/pgeo/pgeo_samples.h"

#include "formats/pgeo/file_name.h"
#include "formats/pgeo/pgeo_writer.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace assetscope::pgeo {

namespace {

// Positions as the fixed point stores them, so that curve c0 and the record agree.
Vec3d snapped(const Vec3d& p) {
    return {math::fixedToDouble(math::doubleToFixed(p.x)), math::fixedToDouble(math::doubleToFixed(p.y)),
            math::fixedToDouble(math::doubleToFixed(p.z))};
}

Block block(std::string name, const std::vector<InstanceRecord>& records, std::vector<Source> sources) {
    Block b;
    b.name = std::move(name);
    b.setInstances(records);
    b.sources = std::move(sources);
    return b;
}

PgeoFile header(std::string section, std::string category, std::string route = {}, std::string tag = {},
                std::uint8_t mask = 0, float unknown = 4.5f) {
    PgeoFile f;
    f.sectionName = std::move(section);
    f.category = std::move(category);
    f.route = std::move(route);
    f.tag = std::move(tag);
    f.season.mask = mask;
    f.unknown = unknown;
    return f;
}

TableEntry entry(std::uint32_t hash, Range b, Range a = {}) {
    TableEntry e;
    e.hash = hash;
    e.b = b;
    e.a = a;
    return e;
}

samples::SampleFiles::value_type sample(std::string path, PgeoFile f) {
    f.fitBox();
    return {std::move(path), writePgeo(f)};
}

PgeoFile buildings() {
    PgeoFile f = header("c50_buildings_do_cellx12z-3_section0", "BUILDINGS", {}, {}, 0, 6.5f);
    InstanceRecord a = placeAt({612.5, 3.25, -140.75}, 0);
    a.variation = {64, 200, 128, 0};
    a.materialVariant = 0;
    a.buildingId = 1;
    a.random = 0x1234ABCD;
    InstanceRecord b = placeAt({631.0, 3.5, -121.25}, 90);
    b.variation = {191, 17, 90, 30};
    b.materialVariant = 1;
    b.buildingId = 2;
    b.random = 0x0BADF00D;
    f.listB.push_back(block("bld_sample_house_a_3D", {a, b}, {{"BLD_SAMPLE_HOUSE_A", 0, 2}}));
    f.setTable({entry(0x5A17C0DE, {0, 0, 2})});
    return f;
}

PgeoFile cones() {
    PgeoFile f = header("c200_props_do_rt_0_cellx3z-1_section0", "PROPS", "0", {}, 0, 1.25f);
    std::vector<InstanceRecord> records;
    for (int i = 0; i < 3; ++i) {
        InstanceRecord r = placeAt({610.0 + 1.5 * i, 0.5, -150.0 + 0.75 * i}, 15.0 * i);
        r.random = 0x9E3779B9u * static_cast<std::uint32_t>(i + 1);
        records.push_back(r);
    }
    f.listB.push_back(block("prp_sample_cone_a_3D", records, {{"PRP_SAMPLE_CONE_A", 0, 3}}));
    f.setTable({entry(0x00C0FFEE, {0, 0, 3})});
    return f;
}

PgeoFile trees() {
    PgeoFile f = header("c125_trees_ulc_cellx4z-2_section0", "TREES", {}, {}, 0, 11.0f);
    std::vector<InstanceRecord> records;
    for (int i = 0; i < 3; ++i) {
        InstanceRecord r =
            placeAt({510.0 + 20.0 * i, 2.0 + 0.5 * i, -240.0 + 35.0 * i}, 40.0 * i, 0.9f + 0.1f * i);
        r.variation = {static_cast<std::uint8_t>(100 + i), 0, 0, 0};
        r.random = 0x51ED270Bu + static_cast<std::uint32_t>(i);
        records.push_back(r);
    }
    const std::vector<Source> sources{{"TRE_SAMPLE_MAPLE_A", 0, 2}, {"TRE_SAMPLE_MAPLE_B", 2, 1}};
    // _ulc: list A the far impostors, list B the 3D models, record for record the same.
    f.listA.push_back(block("tre_sample_maple_a_impostor", records, sources));
    f.listB.push_back(block("tre_sample_maple_a_3D", records, sources));
    f.setTable({entry(0x7EE5A3D1, {0, 0, 2}, {0, 0, 2}), entry(0x7EE5A3D2, {0, 2, 1}, {0, 2, 1})});
    return f;
}

PgeoFile grass(std::uint8_t mask, const char* suffix, const char* blockName, const char* source) {
    PgeoFile f = header(std::string("c75_grasstemplate_do_") + suffix + "_cellx8z-2_section0",
                        "GRASSTEMPLATE", {}, {}, mask, 0.75f);
    std::vector<InstanceRecord> records;
    for (int i = 0; i < 6; ++i) {
        // The seasonal files place their grass at the same positions.
        InstanceRecord r =
            placeAt({605.0 + 9.0 * i, 0.25 * (i % 3), -148.0 + 11.5 * i}, 60.0 * i, 0.8f + 0.05f * i);
        r.variation = {0xFF, 0xFF, 0xFF, 0xFF};
        r.random = 0xA5A5A5A5u ^ static_cast<std::uint32_t>(i * 2654435761u);
        r.tail = mask == 0x77 ? 0x100 : 0x200;
        records.push_back(r);
    }
    f.listB.push_back(block(blockName, records, {{source, 0, 6}}));
    f.setTable({entry(0x6A55E5u + mask, {0, 0, 6})});
    return f;
}

// Guardrail pieces along a chain: each curve ends where the next one starts.
PgeoFile barriers() {
    PgeoFile f = header("c50_barriers_do_cellx12z-3_section0", "BARRIERS", {}, {}, 0, 2.0f);
    std::vector<Vec3d> joints;
    for (int k = 0; k < 5; ++k)
        joints.push_back(snapped({605.0 + 4.0 * k, 1.0, -145.0 + 0.3 * k * k}));
    std::vector<InstanceRecord> rails;
    std::vector<CurveRecord> curves;
    for (int k = 0; k < 4; ++k) {
        const Vec3d p0 = joints[k], p1 = joints[k + 1];
        const Vec3d chord = normalized(p1 - p0);
        InstanceRecord r;
        r.setPositionMetres(p0);
        r.rotation = {
            static_cast<float>(chord.x), static_cast<float>(chord.y), static_cast<float>(chord.z), 0, 1, 0};
        r.random = 0x3C6EF372u + static_cast<std::uint32_t>(k);
        r.buildingId = 0;
        rails.push_back(r);
        CurveRecord c;
        const Vec3d bend{0, 0, 0.2};
        c.setCoefficient(0, p0);
        c.setCoefficient(1, p1 - p0);
        c.setCoefficient(2, bend);
        c.setCoefficient(3, {-bend.x, -bend.y, -bend.z});
        c.setCoefficient(4, {0, 1, 0});
        curves.push_back(c);
    }
    Block rail = block("bar_sample_guardrail_a_3D", rails, {{"BAR_SAMPLE_GUARDRAIL_A", 0, 4}});
    rail.setCurves(curves);
    std::vector<InstanceRecord> posts;
    for (int k = 0; k < 3; ++k)
        posts.push_back(placeAt(joints[k], 0));
    Block post = block("bar_sample_post_a_3D", posts, {{"BAR_SAMPLE_POST_A", 0, 3}});
    post.setCurves(std::vector<CurveRecord>(3, CurveRecord::sentinel()));
    f.listB.push_back(std::move(rail));
    f.listB.push_back(std::move(post));
    f.setTable({entry(0xB4881E50, {0, 0, 4}), entry(0xB4881E51, {1, 0, 3})});
    return f;
}

PgeoFile crowdTemplate() {
    PgeoFile f = header("c150_crowdtemplate_cwd_cellx4z-1_section0", "CROWDTEMPLATE", {}, {}, 0, 3.0f);
    f.kind = static_cast<std::uint32_t>(Kind::CrowdTemplate);
    f.listA.push_back(block("ANIMATED_SPRITE", {placeAt({610.0, 0.0, -140.0}, 0)}, {}));
    f.listB.push_back(block("ANIMATED", {placeAt({612.0, 0.0, -141.0}, 30)}, {}));
    f.listB.push_back(
        block("PEDESTRIAN", {placeAt({614.0, 0.0, -142.0}, 60), placeAt({616.0, 0.0, -143.0}, 90)}, {}));
    return f;
}

PgeoFile cwdSpline() {
    PgeoFile f = header("c300_cwdspline_3_-1_0_cellx0z0_section0", "CROWDTEMPLATE", "~101", {}, 0, 1.5f);
    f.kind = static_cast<std::uint32_t>(Kind::CwdSpline);
    f.listB.push_back(block("PEDESTRIAN", {placeAt({0, 0, 0}, 0), placeAt({0, 0, 0}, 0)}, {}));
    CrowdSpline s;
    s.guid = "5f0c3a2e-9b1d-4c7e-8a41-2d6f0e9b7c13";
    s.box = {900.f, 0.f, -300.f, 0.f, 940.f, 2.f, -290.f, 1.f};
    s.length = 42.5f;
    s.value = 0.85f;
    std::vector<CrowdPoint> points(3);
    for (int k = 0; k < 3; ++k) {
        points[k].vectors = {
            900.f + 20.f * k, 1.f, -300.f + 5.f * k, 0.f, 1.f, 0.f, 0.25f, 0.f, 0.f, 1.f, 0.f, 0.f};
        for (int j = 0; j < 8; ++j)
            points[k].distances[j] = 20.f * k + 2.5f * j;
    }
    s.setPoints(points);
    s.listA.values = {0.25f, 0.5f, 0.75f};
    s.listB.values = {1.0f, 2.0f};
    f.splines.push_back(std::move(s));
    return f;
}

} // namespace

InstanceRecord placeAt(const Vec3d& position, double yawDegrees, float scale) {
    InstanceRecord r;
    r.setPositionMetres(position);
    const double a = yawDegrees * std::numbers::pi / 180.0;
    r.rotation = {static_cast<float>(std::cos(a)), 0.f, static_cast<float>(-std::sin(a)), 0.f, 1.f, 0.f};
    r.scale = {scale, scale, scale};
    return r;
}

Bytes makeLargeFile(std::uint64_t records) {
    PgeoFile f = header("c500_props_do_cellx2z-1_section0", "PROPS", {}, {}, 0, 5.0f);
    constexpr std::uint64_t kPerBlock = 100000;
    std::uint32_t state = 0x2545F491u;
    auto next = [&] {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        return state;
    };
    std::vector<TableEntry> table;
    for (std::uint64_t done = 0, k = 0; done < records; ++k) {
        const std::uint64_t n = std::min(kPerBlock, records - done);
        std::vector<InstanceRecord> batch;
        batch.reserve(n);
        for (std::uint64_t i = 0; i < n; ++i) {
            const Vec3d p{1000.0 + (next() % 500000) / 1000.0, (next() % 20000) / 1000.0,
                          -500.0 + (next() % 500000) / 1000.0};
            InstanceRecord r = placeAt(p, next() % 360, 0.75f + (next() % 500) / 1000.0f);
            r.variation = {static_cast<std::uint8_t>(next()), static_cast<std::uint8_t>(next()), 0, 0};
            r.random = next();
            batch.push_back(r);
        }
        const std::string name = "prp_bench_crate_" + std::to_string(k);
        const auto half = static_cast<std::uint32_t>(n / 2);
        f.listB.push_back(block(
            name + "_3D", batch,
            {{"PRP_BENCH_CRATE_" + std::to_string(k) + "_A", 0, half},
             {"PRP_BENCH_CRATE_" + std::to_string(k) + "_B", half, static_cast<std::uint32_t>(n) - half}}));
        table.push_back(
            entry(0x1000u + static_cast<std::uint32_t>(k), {static_cast<std::int32_t>(k), 0, half}));
        done += n;
    }
    f.setTable(table);
    f.fitBox();
    return writePgeo(f);
}

} // namespace assetscope::pgeo

namespace assetscope::samples {

SampleFiles pgeoSamples() {
    using namespace pgeo;
    SampleFiles out;
    out.push_back(sample("scene/proc/cellsize/50/12_-3/c50_buildings_do.pgeo", buildings()));
    out.push_back(sample("scene/proc/cellsize/50/12_-3/c50_barriers_do.pgeo", barriers()));
    out.push_back(sample("scene/proc/cellsize/200/3_-1/c200_props_do_rt_0.pgeo", cones()));
    out.push_back(sample("scene/proc/cellsize/125/4_-2/c125_trees_ulc.pgeo", trees()));
    out.push_back(
        sample("scene/proc/cellsize/75/8_-2/c75_grasstemplate_do_221.pgeo",
               grass(0xDD, "221", "grs_sample_susuki_sum_a_3D_HIGH", "GBL_SAMPLE_SUSUKI_SUM_A_HIGH")));
    out.push_back(
        sample("scene/proc/cellsize/75/8_-2/c75_grasstemplate_do_187.pgeo",
               grass(0xBB, "187", "grs_sample_susuki_atm_a_3D_HIGH", "GBL_SAMPLE_SUSUKI_ATM_A_HIGH")));
    out.push_back(
        sample("scene/proc/cellsize/75/8_-2/c75_grasstemplate_do_238.pgeo",
               grass(0xEE, "238", "grs_sample_avens_spring_a_3D_HIGH", "GBL_SAMPLE_AVENS_SPRING_A_HIGH")));
    out.push_back(
        sample("scene/proc/cellsize/75/8_-2/c75_grasstemplate_do_119.pgeo",
               grass(0x77, "119", "grs_sample_susuki_wnt_a_3D_HIGH", "GBL_SAMPLE_SUSUKI_WNT_A_HIGH")));
    out.push_back(sample("scene/proc/cellsize/150/4_-1/c150_crowdtemplate_cwd.pgeo", crowdTemplate()));
    out.push_back(sample("scene/proc/cellsize/300/0_0/c300_cwdspline_3_-1_0.pgeo", cwdSpline()));
    return out;
}

SampleFiles pgeoFuzzSeeds() {
    using namespace pgeo;
    // The cones file under names the sample set does not use, its header spelling the same: a
    // route of two parts with the lod after it, a bracketed tag, a gameplay object's tag, each
    // in a season. parseFileName and the name checks take their other branches on these.
    struct Spelling {
        const char* route;
        const char* tag;
        bool lodAfterRoute;
        std::uint8_t mask;
    };
    const Spelling spellings[] = {
        {"~351;~8008", "", true, 0x11}, {"", "[DRIFT_ZONE_17]", false, 0x33}, {"0", "TAXIJOB", false, 0}};
    const std::optional<FileName> cones200 = parseFileName("c200_props_do.pgeo");
    SampleFiles out;
    for (const Spelling& s : spellings) {
        if (!cones200) break;
        FileName name = *cones200;
        name.lodAfterRoute = s.lodAfterRoute;
        name.route = s.route;
        name.tag = s.tag;
        name.mask = s.mask;
        PgeoFile f = cones();
        f.route = s.route;
        f.tag = s.tag;
        f.season.mask = s.mask;
        out.push_back(sample("scene/proc/cellsize/200/3_-1/" + buildFileName(name), f));
    }
    return out;
}

} // namespace assetscope::samples
