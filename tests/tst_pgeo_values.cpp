// .pgeo values worked out by hand from pgeo.txt: the sign-magnitude fixed point, rotation rows
// and their cross product, world matrices, curve records, the fixed records' bytes, seasons and the
// file name grammar.
#include "formats/pgeo/file_name.h"
#include "formats/pgeo/instance_record.h"
#include "formats/pgeo/pgeo_file.h"
#include "formats/pgeo/season_layout.h"

#include <QtTest>

#include <cmath>

using namespace assetscope;
using namespace assetscope::pgeo;

namespace {

struct NameRow {
    const char* file;
    const char* route;
    const char* tag;
    unsigned mask;
};

// The document's gating table, row for row, plus the other name forms it describes.
const NameRow kGatingRows[] = {
    {"c50_buildings_do.pgeo", "", "", 0},
    {"c200_props_do_rt_0.pgeo", "0", "", 0},
    {"c50_buildings_do_rt_8003.pgeo", "8003", "", 0},
    {"c125_trees_rt_1_ulc.pgeo", "1", "", 0},
    {"c200_props_do__tag_drift_zone_17_.pgeo", "", "[DRIFT_ZONE_17]", 0},
    {"c200_props_do_rt_0_discount_board_xp_a_099.pgeo", "0", "DISCOUNT_BOARD_XP_A_099", 0},
    {"c50_buildings_do_barn_find_maz_55_787b_91_119.pgeo", "", "BARN_FIND_MAZ_55_787B_91", 0x77},
    {"c150_bridges_do__tag_bridge_pillars_.pgeo", "", "[BRIDGE_PILLARS]", 0},
    {"c300_signs_do_taxijob.pgeo", "", "TAXIJOB", 0},
    {"c50_buildings_do_119.pgeo", "", "", 0x77},
};

} // namespace

class TestPgeoValues : public QObject {
    Q_OBJECT

private slots:
    void fixedPointFromTheDocument() {
        // 0x96F33B00: sign set, whole 0x16F3 = 5875, fraction 0x3B00 = 15104 / 65535.
        const double v = math::fixedToDouble(0x96F33B00u);
        QVERIFY(std::fabs(v - (-(5875.0 + 15104.0 / 65535.0))) < 1e-12);
        QCOMPARE(QString::number(v, 'f', 2), QStringLiteral("-5875.23"));
        QVERIFY(std::fabs(v + 26893.0) > 1000); // not the two's complement reading
        QCOMPARE(math::doubleToFixed(v), 0x96F33B00u);
    }

    void fixedPointHandValues() {
        QCOMPARE(math::fixedToDouble(0), 0.0);
        const double negativeZero = math::fixedToDouble(0x80000000u);
        QCOMPARE(negativeZero, 0.0);
        QVERIFY(std::signbit(negativeZero));
        // 1 + 32768 / 65535 = 1.500007629...
        QVERIFY(std::fabs(math::fixedToDouble(0x00018000u) - 1.5000076295109483) < 1e-15);
        // The divisor is 65535: a full fraction is exactly one metre (65536 would give 0.99998).
        QCOMPARE(math::fixedToDouble(0x0000FFFFu), 1.0);
        QCOMPARE(math::fixedToDouble(0x00010000u), 1.0);
        QVERIFY(std::fabs(math::fixedToDouble(0x00000001u) - 1.0 / 65535.0) < 1e-18);
        QVERIFY(std::fabs(math::fixedToDouble(0x80000001u) + 1.0 / 65535.0) < 1e-18);
        // Largest magnitude: 32767 + 65535 / 65535.
        QCOMPARE(math::fixedToDouble(0x7FFFFFFFu), 32768.0);
        QCOMPARE(math::fixedToDouble(0xFFFFFFFFu), -32768.0);
        // 1234.5 m: 0x04D2 whole, 0.5 × 65535 = 32767.5 rounds to 0x8000.
        QCOMPARE(math::doubleToFixed(1234.5), 0x04D28000u);
        QCOMPARE(math::doubleToFixed(-1.0), 0x80010000u);
        QCOMPARE(math::doubleToFixed(0.0), 0u);
        QCOMPARE(math::doubleToFixed(1e9), 0x7FFFFFFFu);
        QCOMPARE(math::doubleToFixed(std::nan("")), 0u);
    }

    void rotationRowsAndCrossProduct() {
        InstanceRecord r;
        r.rotation = {0.6f, 0.f, 0.8f, 0.f, 1.f, 0.f};
        // cross((0.6, 0, 0.8), (0, 1, 0)) = (0·0 − 0.8·1, 0.8·0 − 0.6·0, 0.6·1 − 0·0) = (−0.8, 0, 0.6)
        const Vec3d r2 = r.row2();
        QVERIFY(std::fabs(r2.x + 0.8) < 1e-7 && std::fabs(r2.y) < 1e-7 && std::fabs(r2.z - 0.6) < 1e-7);
        const Vec3d c = math::cross({1, 0, 0}, {0, 1, 0});
        QCOMPARE(c.z, 1.0);
    }

    void worldMatrixIsRowVector() {
        // Yaw 90°: rows r0 = (0, 0, −1), r1 = (0, 1, 0), r2 = cross = (1, 0, 0); scale 2; at (10, 20, 30).
        InstanceRecord r;
        r.rotation = {0.f, 0.f, -1.f, 0.f, 1.f, 0.f};
        r.scale = {2.f, 2.f, 2.f};
        r.setPositionMetres({10, 20, 30});
        const math::Mat4 m = r.worldMatrix();
        auto apply = [&](double x, double y, double z) {
            // p' = p · M with p = (x, y, z, 1)
            return std::array<double, 3>{x * m[0] + y * m[4] + z * m[8] + m[12],
                                         x * m[1] + y * m[5] + z * m[9] + m[13],
                                         x * m[2] + y * m[6] + z * m[10] + m[14]};
        };
        const auto px = apply(1, 0, 0); // 2·r0 + t = (10, 20, 28)
        QVERIFY(std::fabs(px[0] - 10) < 1e-4 && std::fabs(px[1] - 20) < 1e-4 && std::fabs(px[2] - 28) < 1e-4);
        const auto pz = apply(0, 0, 1); // 2·r2 + t = (12, 20, 30)
        QVERIFY(std::fabs(pz[0] - 12) < 1e-4 && std::fabs(pz[1] - 20) < 1e-4 && std::fabs(pz[2] - 30) < 1e-4);
        QCOMPARE(m[3], 0.f);
        QCOMPARE(m[15], 1.f);
    }

    void recordBytesRoundTrip() {
        InstanceRecord r;
        r.position = {0x96F33B00u, 0x00018000u, 0x7FFFFFFFu};
        r.variation = {1, 2, 3, 4};
        r.materialVariant = 5;
        r.buildingId = 0x1234;
        r.unknown = 0xDEADBEEF;
        r.random = 0xCAFEBABE;
        r.tail = 0x100;
        std::uint8_t bytes[kInstanceRecordSize];
        r.encode(bytes);
        QCOMPARE(bytes[0], std::uint8_t{0x00});
        QCOMPARE(bytes[3], std::uint8_t{0x96});
        QCOMPARE(bytes[0x30], std::uint8_t{0x00});
        QCOMPARE(bytes[0x33], std::uint8_t{0x80}); // flags 0x80800000
        QCOMPARE(bytes[0x34], std::uint8_t{1});
        QCOMPARE(bytes[0x3C], std::uint8_t{5});
        QCOMPARE(bytes[0x3E], std::uint8_t{0x34});
        QCOMPARE(bytes[0x3F], std::uint8_t{0x12});
        QCOMPARE(bytes[0x4D], std::uint8_t{0x01});
        const InstanceRecord back = InstanceRecord::decode(bytes);
        QCOMPARE(back.position, r.position);
        QCOMPARE(back.buildingId, r.buildingId);
        QCOMPARE(back.random, r.random);
        QCOMPARE(back.tail, r.tail);
        QCOMPARE(back.positionMetres().z, 32768.0);
    }

    void curveRecord() {
        const CurveRecord s = CurveRecord::sentinel();
        QVERIFY(s.isSentinel());
        QCOMPARE(s.curve[0], -990.f);
        QCOMPARE(s.curve[3], -991.f);
        QCOMPARE(s.upVector[0], -994.f);
        QCOMPARE(s.upVector[11], -997.f);
        CurveRecord c = s;
        c.upVector[11] = -996.f;
        QVERIFY(!c.isSentinel());
        // P(t) = (1,2,3) + (4,0,0) t + (0,0,1) t² − (0,0,1) t³: P(1) = (5, 2, 3), chord (1, 0, 0), P(0.5) z
        // = 3.125.
        CurveRecord d;
        d.setCoefficient(0, {1, 2, 3});
        d.setCoefficient(1, {4, 0, 0});
        d.setCoefficient(2, {0, 0, 1});
        d.setCoefficient(3, {0, 0, -1});
        d.setCoefficient(4, {0, 3, 0});
        QCOMPARE(d.p0().x, 1.0);
        QCOMPARE(d.p1().x, 5.0);
        QCOMPARE(d.p1().z, 3.0);
        QCOMPARE(d.at(0.5).z, 3.125);
        QCOMPARE(d.chord().x, 1.0);
        QCOMPARE(d.up().y, 1.0);
        QCOMPARE(length(d.coefficient(4)), 3.0);
    }

    // The curve record, table entry, crowd point and season bytes at the offsets pgeo.txt gives.
    void fixedRecordBytes() {
        // -990.f is 0xC4778000 and -994.f 0xC4788000 (990 = 1.93359375 × 2^9, 994 = 1.94140625 × 2^9).
        std::uint8_t curve[kCurveRecordSize];
        CurveRecord::sentinel().encode(curve);
        QCOMPARE(curve[0x00], std::uint8_t{0x00});
        QCOMPARE(curve[0x01], std::uint8_t{0x80});
        QCOMPARE(curve[0x02], std::uint8_t{0x77});
        QCOMPARE(curve[0x03], std::uint8_t{0xC4});
        QCOMPARE(curve[0x32], std::uint8_t{0x78}); // c4 starts the up vector at 0x30
        QCOMPARE(curve[0x33], std::uint8_t{0xC4});
        CurveRecord d;
        d.setCoefficient(4, {0, 2, 0}); // 2.0f = 0x40000000, the y of c4 at 0x34
        d.encode(curve);
        QCOMPARE(curve[0x37], std::uint8_t{0x40});
        QCOMPARE(CurveRecord::decode(curve).coefficient(4).y, 2.0);
        QCOMPARE(CurveRecord::decode(curve).upVector[1], 2.f);

        TableEntry e;
        e.hash = 0x12345678;
        e.b = {-1, 0, 0};
        e.a = {2, 5, 7};
        std::uint8_t entry[kTableEntrySize];
        e.encode(entry);
        QCOMPARE(entry[0x04], std::uint8_t{0x78});
        QCOMPARE(entry[0x07], std::uint8_t{0x12});
        QCOMPARE(entry[0x08], std::uint8_t{0xFF}); // B block -1
        QCOMPARE(entry[0x0B], std::uint8_t{0xFF});
        QCOMPARE(entry[0x14], std::uint8_t{2}); // A block, first, count
        QCOMPARE(entry[0x18], std::uint8_t{5});
        QCOMPARE(entry[0x1C], std::uint8_t{7});
        const TableEntry back = TableEntry::decode(entry);
        QCOMPARE(back.hash, 0x12345678u);
        QCOMPARE(back.b.block, -1);
        QCOMPARE(back.a.block, 2);
        QCOMPARE(back.a.first, 5u);
        QCOMPARE(back.a.count, 7u);

        CrowdPoint p;
        p.vectors[3] = 1.f;    // 0x3F800000, the first vec4's w at 0x0C
        p.distances[0] = 2.5f; // 0x40200000 at 0x30
        std::uint8_t point[kCrowdPointSize];
        p.encode(point);
        QCOMPARE(point[0x0F], std::uint8_t{0x3F});
        QCOMPARE(point[0x0E], std::uint8_t{0x80});
        QCOMPARE(point[0x32], std::uint8_t{0x20});
        QCOMPARE(point[0x33], std::uint8_t{0x40});
        QCOMPARE(CrowdPoint::decode(point).distances[0], 2.5f);

        const auto season = season_layout::kLayout.encode({0xDD, {0, 0, 0}});
        QCOMPARE(season.size(), std::size_t{4});
        QCOMPARE(season[0], std::uint8_t{0xDD});
        QCOMPARE(season_layout::kLayout.offsetOf<&SeasonExclusion::zero>(), std::size_t{1});
    }

    void seasons() {
        QCOMPARE(seasonsShown(0x00), std::string("all"));
        QCOMPARE(seasonsShown(0xDD), std::string("summer"));
        QCOMPARE(seasonsShown(0xBB), std::string("autumn"));
        QCOMPARE(seasonsShown(0xEE), std::string("spring"));
        QCOMPARE(seasonsShown(0x77), std::string("winter"));
        QCOMPARE(seasonsShown(0x88), std::string("spring, summer, autumn"));
        QCOMPARE(seasonsShown(0x11), std::string("summer, autumn, winter"));
        QCOMPARE(seasonMask(0x7), std::uint8_t{0x77});
        QVERIFY(shownIn(0xDD, 1) && !shownIn(0xDD, 0));
    }

    void gatingTableRoundTrips() {
        for (const NameRow& row : kGatingRows) {
            std::string error;
            const auto n = parseFileName(row.file, &error);
            QVERIFY2(n, qPrintable(QString(row.file) + ": " + QString::fromStdString(error)));
            QCOMPARE(n->route, std::string(row.route));
            QCOMPARE(n->tag, std::string(row.tag));
            QCOMPARE(unsigned{n->mask}, row.mask);
            QCOMPARE(buildFileName(*n), std::string(row.file));
        }
        const auto trees = parseFileName("c125_trees_rt_1_ulc.pgeo");
        QCOMPARE(trees->cellSize, 125);
        QCOMPARE(trees->category, std::string("trees"));
        QCOMPARE(trees->lod, std::string("ulc"));
        QVERIFY(trees->lodAfterRoute);
        const auto barn = parseFileName("c50_buildings_do_barn_find_maz_55_787b_91_119.pgeo");
        QCOMPARE(barn->cellSize, 50);
        QCOMPARE(barn->lod, std::string("do"));
    }

    void otherNameForms() {
        // Crowd routes: ~ written x, ; written _.
        FileName crowd;
        crowd.cellSize = 150;
        crowd.category = "crowdtemplate";
        crowd.lod = "cwd";
        crowd.route = "~351;~8008";
        QCOMPARE(buildFileName(crowd), std::string("c150_crowdtemplate_cwd_rt_x351_x8008.pgeo"));
        const auto back = parseFileName("c150_crowdtemplate_cwd_rt_x351_x8008.pgeo");
        QVERIFY(back);
        QCOMPARE(back->route, std::string("~351;~8008"));
        const auto grass = parseFileName("c75_grasstemplate_do_221.pgeo");
        QCOMPARE(unsigned{grass->mask}, 221u);
        QCOMPARE(grass->category, std::string("grasstemplate"));
        const auto world = parseFileName("c10000_evolving_world_do.pgeo");
        QCOMPARE(world->category, std::string("evolving_world"));
        QCOMPARE(world->cellSize, 10000);
        const auto spline = parseFileName("c300_cwdspline_3_-1_7.pgeo");
        QVERIFY(spline && spline->cwdSpline);
        QCOMPARE(spline->splineCx, 3);
        QCOMPARE(spline->splineCz, -1);
        QCOMPARE(spline->splineIndex, 7);
        QCOMPARE(buildFileName(*spline), std::string("c300_cwdspline_3_-1_7.pgeo"));
        // Not masks: 99 and 91 are not both-nibbles-equal numbers, so they stay in the tag.
        QVERIFY(!isNameMask(99) && !isNameMask(91) && isNameMask(119) && isNameMask(17) && !isNameMask(0));
        for (const char* bad : {"", "x50_props_do.pgeo", "c_props_do.pgeo", "c50_props.pgeo",
                                "c50_props_do_rt_.pgeo", "c300_cwdspline_1_2.pgeo", "c50_props_do___.pgeo"})
            QVERIFY2(!parseFileName(bad), bad);
    }

    void cellFolders() {
        const auto cell = parseCellFolder("12_-3");
        QVERIFY(cell);
        QCOMPARE(cell->cx, 12);
        QCOMPARE(cell->cz, -3);
        const Vec3d o = cellOrigin(*cell, 50);
        QCOMPARE(o.x, 600.0);
        QCOMPARE(o.y, 0.0);
        QCOMPARE(o.z, -150.0);
        const auto negative = parseCellFolder("-7_0");
        QVERIFY(negative && negative->cx == -7 && negative->cz == 0);
        QVERIFY(!parseCellFolder("12"));
        QVERIFY(!parseCellFolder("a_b"));
        QVERIFY(!parseCellFolder("_3"));
    }
};

QTEST_APPLESS_MAIN(TestPgeoValues)
#include "tst_pgeo_values.moc"
