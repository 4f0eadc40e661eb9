// .pgeo parsing: the sample cells read clean, each Proven constant of pgeo.txt has a failing
// case (an error), Observed statements only warn, write-back is byte for byte, and truncation
// or corruption anywhere ends in diagnostics, never a crash.
#include "docs/doc_table.h"
#include "formats/pgeo/pgeo_handler.h"
#include "formats/pgeo/pgeo_samples.h"
#include "formats/pgeo/pgeo_writer.h"
#include "formats/pgeo/placements.h"
#include "test_support.h"

#include <QtTest>

#include <cmath>
#include <set>

using namespace assetscope;
using namespace assetscope::pgeo;
using test::hasRule;

namespace {

std::unique_ptr<ParsedPgeo> parse(Bytes bytes, std::string fileName = "c50_props_do.pgeo",
                                  std::string folder = {}) {
    ParseSettings settings;
    settings.fileName = std::move(fileName);
    settings.folderName = std::move(folder);
    auto parsed = pgeoHandler().parse(shareBytes(std::move(bytes)), settings);
    return std::unique_ptr<ParsedPgeo>(static_cast<ParsedPgeo*>(parsed.release()));
}

// A small ordinary file: one block of three props with two sources and a table entry.
PgeoFile smallFile() {
    PgeoFile f;
    f.sectionName = "c50_props_do_cellx1z2_section0";
    f.category = "PROPS";
    f.unknown = 2.5f;
    std::vector<InstanceRecord> records{placeAt({60.25, 1.0, 110.5}, 0), placeAt({70.0, 1.5, 120.0}, 90),
                                        placeAt({-5875.23, 2.0, 130.0}, 180)};
    Block b;
    b.name = "prp_test_bin_a_3D";
    b.setInstances(records);
    b.sources = {{"PRP_TEST_BIN_A", 0, 2}, {"PRP_TEST_BIN_B", 2, 1}};
    f.listB.push_back(b);
    TableEntry e;
    e.hash = 0x12345678;
    e.b = {0, 0, 2};
    f.setTable({e});
    f.fitBox();
    return f;
}

Block withRecord(Block b, std::uint64_t index, const std::function<void(InstanceRecord&)>& change) {
    std::vector<InstanceRecord> records;
    for (std::uint64_t i = 0; i < b.instances.count(); ++i)
        records.push_back(b.instance(i));
    change(records[index]);
    b.setInstances(records);
    return b;
}

bool hasError(const ParsedPgeo& p) {
    return p.tree().errorCount() > 0;
}

} // namespace

class TestPgeoParse : public QObject {
    Q_OBJECT

private slots:
    void samplesReadCleanAndRoundTrip() {
        const auto files = samples::pgeoSamples();
        QVERIFY(files.size() >= 8);
        for (const auto& f : files) {
            const std::string name = f.name.substr(f.name.rfind('/') + 1);
            const std::string dir = f.name.substr(0, f.name.rfind('/'));
            const std::string folder = dir.substr(dir.rfind('/') + 1);
            QVERIFY2(pgeoHandler().sniff(f.data, name) >= 60, f.name.c_str());
            QVERIFY2(pgeoHandler().sniff(f.data, "") >= 60, f.name.c_str());
            auto p = parse(f.data, name, folder);
            QVERIFY2(
                p->tree().errorCount() == 0 && p->tree().warningCount() == 0,
                qPrintable(QString::fromStdString(f.name) + "\n" + test::describeDiagnostics(p->tree())));
            QVERIFY(p->parse().complete);
            QVERIFY(p->parse().name);
            QVERIFY(p->parse().cell);
            const auto back = p->writeBack();
            QVERIFY(back);
            QVERIFY2(*back == f.data, f.name.c_str());
            test::materialiseAll(p->tree(), 1000);
            QCOMPARE(test::hasRule(p->tree(), "doc.missing-row"), false);
        }
    }

    // Every pgeo row of the documented-field table is attached to a node of some sample, and
    // rows with a fixed offset are read there from their structure's start.
    void everyDocRowUsedAtItsOffset() {
        std::set<const DocField*> used;
        int fixed = 0;
        for (const auto& f : samples::pgeoSamples()) {
            auto p = parse(f.data, f.name.substr(f.name.rfind('/') + 1));
            test::materialiseAll(p->tree(), 2);
            const StructureTree& tree = p->tree();
            for (NodeId id = 0; id < tree.nodeCount(); ++id) {
                const Node& n = tree.node(id);
                if (!n.doc) continue;
                used.insert(n.doc);
                if (n.doc->offset && n.parent != kNoNode) {
                    QVERIFY2(n.offset - tree.node(n.parent).offset == *n.doc->offset, n.doc->key.c_str());
                    ++fixed;
                }
            }
        }
        QStringList unused;
        for (const DocField* d : DocTable::instance().fieldsOf("pgeo"))
            if (!used.contains(d)) unused << QString::fromStdString(d->key);
        QVERIFY2(unused.isEmpty(), qPrintable(unused.join(", ")));
        QVERIFY(fixed > 50);
    }

    void sampleContents() {
        const auto files = samples::pgeoSamples();
        auto find = [&](std::string_view tail) {
            for (const auto& f : files)
                if (f.name.ends_with(tail)) return parse(f.data, f.name.substr(f.name.rfind('/') + 1));
            return std::unique_ptr<ParsedPgeo>();
        };
        const auto buildings = find("12_-3/c50_buildings_do.pgeo");
        QVERIFY(buildings);
        const Block& house = buildings->file().listB.at(0);
        QCOMPARE(house.name, std::string("bld_sample_house_a_3D"));
        QCOMPARE(house.instance(0).materialVariant, std::uint8_t{0});
        QCOMPARE(house.instance(1).materialVariant, std::uint8_t{1});

        const auto trees = find("c125_trees_ulc.pgeo");
        const PgeoFile& t = trees->file();
        QCOMPARE(t.listA.size(), t.listB.size());
        QVERIFY(t.listA[0].name.ends_with("_impostor") && t.listB[0].name.ends_with("_3D"));
        QVERIFY(std::equal(t.listA[0].instances.bytes().begin(), t.listA[0].instances.bytes().end(),
                           t.listB[0].instances.bytes().begin(), t.listB[0].instances.bytes().end()));
        QCOMPARE(t.tableEntry(0).a.count, t.tableEntry(0).b.count);

        for (const char* mask : {"_221", "_187", "_238", "_119"}) {
            const auto grass = find(std::string("c75_grasstemplate_do") + mask + ".pgeo");
            QVERIFY2(grass, mask);
            QCOMPARE(unsigned{grass->file().season.mask}, unsigned(std::atoi(mask + 1)));
            QCOMPARE(grass->file().listB[0].instance(0).variation,
                     (std::array<std::uint8_t, 4>{255, 255, 255, 255}));
        }

        const auto barriers = find("c50_barriers_do.pgeo");
        const Block& rail = barriers->file().listB.at(0);
        QCOMPARE(rail.curves.count(), rail.instances.count());
        for (std::uint64_t i = 0; i + 1 < rail.curves.count(); ++i) {
            const Vec3d end = rail.curve(i).p1(), next = rail.curve(i + 1).p0();
            QVERIFY(std::fabs(end.x - next.x) < 0.01 && std::fabs(end.y - next.y) < 0.01 &&
                    std::fabs(end.z - next.z) < 0.01);
            QVERIFY(rail.hasCurve(i));
            // The record's first row is the chord, its second c4 / |c4|.
            const Vec3d chord = rail.curve(i).chord();
            QVERIFY(std::fabs(chord.x - rail.instance(i).row0().x) < 1e-5);
        }
        const Block& post = barriers->file().listB.at(1);
        QVERIFY(post.curve(0).isSentinel());
        QVERIFY(!post.hasCurve(0));
        QCOMPARE(barriers->parse().sentinelCurves, std::uint64_t{3});
        QCOMPARE(barriers->parse().curvesWithData, std::uint64_t{4});

        const auto spline = find("c300_cwdspline_3_-1_0.pgeo");
        QVERIFY(spline->file().isCwdSpline());
        QCOMPARE(spline->file().splines.size(), std::size_t{1});
        QCOMPARE(spline->file().splines[0].points.count(), std::uint64_t{3});
        QCOMPARE(spline->file().splines[0].listB.values.size(), std::size_t{2});
        QCOMPARE(spline->file().listB[0].instance(0).positionMetres().x, 0.0);
    }

    void infoAndCount() {
        auto p = parse(writePgeo(smallFile()), "c50_props_do.pgeo", "1_2");
        const auto lines = p->info();
        std::map<std::string, std::string> info(lines.begin(), lines.end());
        QCOMPARE(info["kind"], std::string("0 (ordinary category file)"));
        QCOMPARE(info["category"], std::string("PROPS"));
        QCOMPARE(info["seasons shown"], std::string("all"));
        QCOMPARE(info["placements"], std::string("3"));
        QCOMPARE(info["list B"], std::string("1 blocks, 3 records"));
        QCOMPARE(info["cell"], std::string("1_2, world origin (50, 0, 100)"));
        CensusCounts counts;
        p->count(counts);
        QCOMPARE(counts.total("placements"), std::uint64_t{3});
    }

    // Every Proven constant, broken once: an error with its rule.
    void provenConstantsRefuse_data() {
        QTest::addColumn<QString>("rule");
        QTest::addColumn<int>("which");
        const char* rules[] = {"pgeo.header.kind",
                               "pgeo.header.constants",
                               "pgeo.header.three",
                               "pgeo.header.season-nibbles",
                               "pgeo.header.season-zero",
                               "pgeo.header.zero",
                               "pgeo.end.zero",
                               "pgeo.block.curve-count",
                               "pgeo.block.sources",
                               "pgeo.block.sources",
                               "pgeo.block.sources",
                               "pgeo.record.outside-box",
                               "pgeo.record.zero-bytes",
                               "pgeo.record.zero-byte",
                               "pgeo.record.zero-dword",
                               "pgeo.walk.trailing-bytes",
                               "pgeo.header.box-w",
                               "pgeo.string.printable",
                               "pgeo.cwdspline.position",
                               "pgeo.crowd-spline.box",
                               "pgeo.header.category",
                               "pgeo.header.season-mask",
                               "pgeo.name.kind",
                               "pgeo.block.no-sources",
                               "pgeo.crowd-splines.count",
                               "pgeo.crowd-point.w",
                               "pgeo.name.cell-size"};
        for (int i = 0; i < int(std::size(rules)); ++i)
            QTest::newRow(qPrintable(QString::number(i) + " " + rules[i])) << QString(rules[i]) << i;
    }

    void provenConstantsRefuse() {
        QFETCH(QString, rule);
        QFETCH(int, which);
        PgeoFile f = smallFile();
        bool appendByte = false;
        std::string name; // the file's name; empty: the sample's own
        switch (which) {
        case 0:
            f.kind = 3;
            break;
        case 1:
            f.constants = {13, 16};
            break;
        case 2:
            f = parse(samples::pgeoSamples().back().data, "c300_cwdspline_3_-1_0.pgeo")->file();
            f.three = 4;
            break;
        case 3:
            f.season.mask = 0x7D;
            break;
        case 4:
            f.season.zero = {0, 1, 0};
            break;
        case 5:
            f.zero = 1;
            break;
        case 6:
            f.endZero = 7;
            break;
        case 7:
            f.listB[0].setCurves({CurveRecord::sentinel()});
            break; // m = 1, n = 3
        case 8:
            f.listB[0].sources[1].first = 3;
            break; // a gap
        case 9:
            f.listB[0].sources[1].count = 2;
            break; // sums to 4
        case 10:
            f.listB[0].sources[0].first = 1;
            break; // not from record 0
        case 11:
            f.listB[0] = withRecord(f.listB[0], 1, [](InstanceRecord& r) {
                r.setPositionMetres({70.0, 1.5, 200.0});
            });
            break;
        case 12:
            f.listB[0] = withRecord(f.listB[0], 2, [](InstanceRecord& r) { r.zeroBytes[3] = 1; });
            break;
        case 13:
            f.listB[0] = withRecord(f.listB[0], 0, [](InstanceRecord& r) { r.zeroByte = 9; });
            break;
        case 14:
            f.listB[0] = withRecord(f.listB[0], 0, [](InstanceRecord& r) { r.zeroDword = 1; });
            break;
        case 15:
            appendByte = true;
            break;
        case 16:
            f.box[7] = 0;
            break;
        case 17:
            f.category = "PRO\x01PS";
            break;
        case 18: {
            f = parse(samples::pgeoSamples().back().data, "c300_cwdspline_3_-1_0.pgeo")->file();
            f.listB[0] = withRecord(f.listB[0], 1, [](InstanceRecord& r) { r.setPositionMetres({1, 0, 0}); });
            break;
        }
        case 19: {
            f = parse(samples::pgeoSamples().back().data, "c300_cwdspline_3_-1_0.pgeo")->file();
            f.splines[0].box[4] = 5000.f;
            break;
        }
        // The Proven lists: 13 library categories, ten season masks, kind 2 and 5 for their names,
        // sourceless blocks only for crowds and gardens, one crowd spline, w = 0 in its points,
        // the map's ten cell sizes.
        case 20:
            f.category = "PARKS";
            break;
        case 21:
            f.season.mask = 0x22; // equal nibbles, but not one of the ten
            break;
        case 22:
            f.kind = 2; // a c50_props_do file
            break;
        case 23:
            f.listB[0].sources.clear();
            break;
        case 24: {
            f = parse(samples::pgeoSamples().back().data, "c300_cwdspline_3_-1_0.pgeo")->file();
            f.splines.push_back(f.splines[0]);
            break;
        }
        case 25: {
            f = parse(samples::pgeoSamples().back().data, "c300_cwdspline_3_-1_0.pgeo")->file();
            const ByteView points = f.splines[0].points.bytes();
            Bytes edited(points.begin(), points.end());
            edited[14] = 0x80; // point 0, first vec4's w (bytes 12 to 15) set to 1.0f: 00 00 80 3F
            edited[15] = 0x3F;
            f.splines[0].points = RecordRun::own(std::move(edited), f.splines[0].points.stride());
            break;
        }
        case 26:
            name = "c60_props_do.pgeo";
            break;
        }
        Bytes bytes = writePgeo(f);
        if (appendByte) bytes.push_back(0);
        if (name.empty()) name = f.isCwdSpline() ? "c300_cwdspline_3_-1_0.pgeo" : "c50_props_do.pgeo";
        auto p = parse(bytes, name);
        QVERIFY2(hasRule(p->tree(), rule.toStdString(), Severity::Error),
                 qPrintable(test::describeDiagnostics(p->tree())));
        // The unbroken file carries none of it.
        const bool spline = which == 2 || which == 18 || which == 19 || which == 24 || which == 25;
        const std::string cleanName = spline ? "c300_cwdspline_3_-1_0.pgeo" : "c50_props_do.pgeo";
        const PgeoFile clean =
            spline ? parse(samples::pgeoSamples().back().data, cleanName)->file() : smallFile();
        QVERIFY(!hasError(*parse(writePgeo(clean), cleanName)));
    }

    void positionToleranceIsOneStepAndOneRounding() {
        PgeoFile f = smallFile();
        // A record exactly one fixed-point step beyond the box max x is still inside the tolerance.
        const double maxX = f.box[4];
        f.listB[0] = withRecord(f.listB[0], 0, [&](InstanceRecord& r) {
            r.position[0] = math::doubleToFixed(maxX);
            r.position[0] += 1;
        });
        auto p = parse(writePgeo(f));
        QVERIFY2(!hasRule(p->tree(), "pgeo.record.outside-box"),
                 qPrintable(test::describeDiagnostics(p->tree())));
        f.listB[0] = withRecord(f.listB[0], 0, [&](InstanceRecord& r) { r.position[0] += 3; });
        QVERIFY(hasRule(parse(writePgeo(f))->tree(), "pgeo.record.outside-box", Severity::Error));
    }

    void observedStatementsOnlyWarn() {
        PgeoFile f = smallFile();
        f.listB[0] = withRecord(f.listB[0], 0, [](InstanceRecord& r) {
            r.flags = 0x1;                               // Unknown row
            r.rotation = {2.f, 0.f, 0.f, 0.f, 1.f, 0.f}; // not a unit row (Observed)
        });
        TableEntry e = f.tableEntry(0);
        e.zero = 5;
        e.b = {4, 0, 1}; // no block 4 in list B
        f.setTable({e});
        auto p = parse(writePgeo(f), "c50_props_do_rt_9.pgeo"); // the header has no route
        QVERIFY(hasRule(p->tree(), "pgeo.record.flags", Severity::Warning));
        QVERIFY(hasRule(p->tree(), "pgeo.record.rotation", Severity::Warning));
        QVERIFY(hasRule(p->tree(), "pgeo.table.zero", Severity::Warning));
        QVERIFY(hasRule(p->tree(), "pgeo.table.range", Severity::Warning));
        QVERIFY(hasRule(p->tree(), "pgeo.name.rebuild", Severity::Warning));
        QCOMPARE(p->tree().errorCount(), std::size_t{0});
        QVERIFY(hasRule(parse(writePgeo(smallFile()), "notes.pgeo")->tree(), "pgeo.name.grammar",
                        Severity::Warning));
    }

    void nameRebuiltFromTheHeader() {
        struct Row {
            const char* file;
            const char* category;
            const char* route;
            const char* tag;
            std::uint8_t mask;
        };
        const Row rows[] = {
            {"c50_buildings_do.pgeo", "BUILDINGS", "", "", 0},
            {"c200_props_do_rt_0.pgeo", "PROPS", "0", "", 0},
            {"c50_buildings_do_rt_8003.pgeo", "BUILDINGS", "8003", "", 0},
            {"c125_trees_rt_1_ulc.pgeo", "TREES", "1", "", 0},
            {"c200_props_do__tag_drift_zone_17_.pgeo", "PROPS", "", "[DRIFT_ZONE_17]", 0},
            {"c200_props_do_rt_0_discount_board_xp_a_099.pgeo", "PROPS", "0", "DISCOUNT_BOARD_XP_A_099", 0},
            {"c50_buildings_do_barn_find_maz_55_787b_91_119.pgeo", "BUILDINGS", "",
             "BARN_FIND_MAZ_55_787B_91", 0x77},
            {"c150_bridges_do__tag_bridge_pillars_.pgeo", "BRIDGES", "", "[BRIDGE_PILLARS]", 0},
            {"c300_signs_do_taxijob.pgeo", "SIGNS", "", "TAXIJOB", 0},
            {"c50_buildings_do_119.pgeo", "BUILDINGS", "", "", 0x77},
            {"c150_crowdtemplate_cwd_rt_x351_x8008.pgeo", "CROWDTEMPLATE", "~351;~8008", "", 0},
        };
        for (const Row& row : rows) {
            PgeoFile f = smallFile();
            f.category = row.category;
            f.route = row.route;
            f.tag = row.tag;
            f.season.mask = row.mask;
            // Kind 2 is exactly the crowdtemplate_cwd files (Proven).
            if (std::string_view(row.file).find("_crowdtemplate_cwd") != std::string_view::npos) f.kind = 2;
            auto p = parse(writePgeo(f), row.file);
            QVERIFY2(p->tree().warningCount() == 0 && p->tree().errorCount() == 0,
                     qPrintable(QString(row.file) + "\n" + test::describeDiagnostics(p->tree())));
            f.season.mask = row.mask ? 0 : 0xDD;
            QVERIFY2(hasRule(parse(writePgeo(f), row.file)->tree(), "pgeo.name.rebuild", Severity::Warning),
                     row.file);
        }
    }

    void writeBackIsByteForByte() {
        const Bytes bytes = writePgeo(smallFile());
        auto p = parse(bytes);
        QCOMPARE(*p->writeBack(), bytes);
        // Also what breaks the rules is kept as read.
        PgeoFile f = smallFile();
        f.zero = 77;
        f.constants = {1, 2};
        f.listB[0] = withRecord(f.listB[0], 1, [](InstanceRecord& r) { r.zeroDword = 0xFFFFFFFF; });
        const Bytes odd = writePgeo(f);
        QCOMPARE(*parse(odd)->writeBack(), odd);
    }

    void recordsStayLazy() {
        const Bytes big = makeLargeFile(250000);
        auto p = parse(big, kLargeFileName, kLargeFileFolder);
        QCOMPARE(p->tree().errorCount(), std::size_t{0});
        QCOMPARE(p->tree().warningCount(), std::size_t{0});
        QCOMPARE(p->file().instanceCount(), std::uint64_t{250000});
        QVERIFY2(p->tree().nodeCount() < 400, qPrintable(QString::number(p->tree().nodeCount())));
        // An element is built when asked, and only it.
        NodeId records = kNoNode;
        for (NodeId id = 0; id < p->tree().nodeCount(); ++id)
            if (p->tree().node(id).name == "instance_records") {
                records = id;
                break;
            }
        QVERIFY(records != kNoNode);
        QCOMPARE(p->tree().childCount(records), std::uint64_t{100000});
        const std::size_t before = p->tree().nodeCount();
        const NodeId element = p->tree().child(records, 99999);
        QVERIFY(p->tree().nodeCount() > before && p->tree().nodeCount() < before + 40);
        QCOMPARE(p->tree().node(element).offset, p->file().listB[0].instances.offset() + 99999 * 80);
        // The typed records are views into the file's bytes, not copies.
        QCOMPARE(p->file().listB[0].instances.bytes().data(),
                 p->tree().bytes().data() + p->file().listB[0].instances.offset());
        QCOMPARE(worldMatrices(p->file()).size(), std::size_t{250000});
        QCOMPARE(*p->writeBack(), big);
    }

    // The four season bytes are one record, at 99 in smallFile (a 30-character section name, kind,
    // constants, box, "PROPS", the unknown float, empty route and tag): the mask's checks stand where
    // the mask ends, the zero bytes' where they end, and a file cut inside them is refused at 99.
    void seasonBytes() {
        PgeoFile f = smallFile();
        f.season.mask = 0x12; // not one of the ten, and two different nibbles
        f.season.zero = {0, 1, 0};
        const Bytes bytes = writePgeo(f);
        QCOMPARE(bytes[99], std::uint8_t{0x12});
        QCOMPARE(bytes[101], std::uint8_t{1});
        const auto offsetOf = [](const ParsedPgeo& parsed, std::string_view rule) {
            for (const LocatedDiagnostic& d : parsed.tree().diagnostics())
                if (d.diagnostic.rule == rule) return d.offset;
            return ~std::uint64_t{0};
        };
        auto p = parse(bytes);
        QCOMPARE(p->file().season.mask, std::uint8_t{0x12});
        QCOMPARE(offsetOf(*p, "pgeo.header.season-mask"), std::uint64_t{100});
        QCOMPARE(offsetOf(*p, "pgeo.header.season-nibbles"), std::uint64_t{100});
        QCOMPARE(offsetOf(*p, "pgeo.header.season-zero"), std::uint64_t{103});
        for (const std::ptrdiff_t cut : {100, 101, 102}) {
            auto q = parse(Bytes(bytes.begin(), bytes.begin() + cut));
            QCOMPARE(offsetOf(*q, "truncated"), std::uint64_t{99});
        }
    }

    void truncationAtEveryOffset() {
        for (const Bytes& full : {writePgeo(smallFile()), samples::pgeoSamples().back().data,
                                  samples::pgeoSamples().at(1).data}) {
            for (std::size_t n = 0; n < full.size(); ++n) {
                auto p = parse(Bytes(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n)));
                QVERIFY2(hasError(*p), qPrintable(QString("prefix %1 of %2").arg(n).arg(full.size())));
                QVERIFY(!p->parse().complete);
                (void)p->info();
                test::materialiseAll(p->tree(), 3);
            }
        }
    }

    void corruptionNeverCrashes() {
        for (const Bytes& full : {writePgeo(smallFile()), samples::pgeoSamples().back().data,
                                  samples::pgeoSamples().at(1).data}) {
            for (std::size_t at = 0; at < full.size(); ++at) {
                for (std::uint8_t value : {std::uint8_t{0xFF}, static_cast<std::uint8_t>(full[at] ^ 0x81)}) {
                    Bytes bad = full;
                    bad[at] = value;
                    auto p = parse(bad);
                    (void)p->info();
                    (void)p->writeBack();
                    test::materialiseAll(p->tree(), 3);
                    forEachPlacement(p->file(), [](const Placement&) {});
                }
            }
        }
        // Counts far beyond the bytes are refused before anything is allocated: the last 12 bytes
        // of a file without blocks are list A's count, list B's count and the end zero.
        PgeoFile empty = smallFile();
        empty.listB.clear();
        empty.setTable({});
        for (std::size_t from : {std::size_t{12}, std::size_t{8}}) {
            Bytes huge = writePgeo(empty);
            for (std::size_t i = 0; i < 4; ++i)
                huge[huge.size() - from + i] = 0xFF;
            auto p = parse(huge);
            QVERIFY2(hasRule(p->tree(), "pgeo.list.count", Severity::Error),
                     qPrintable(test::describeDiagnostics(p->tree())));
        }
    }

    void sniffing() {
        const Bytes good = writePgeo(smallFile());
        QCOMPARE(pgeoHandler().sniff(good, "x.bin"), 61);
        QCOMPARE(pgeoHandler().sniff(good, "c50_props_do.pgeo"), 71);
        QCOMPARE(pgeoHandler().sniff(test::hexBytes("62 75 72 47 01 01 00 00"), "x.bin"), 0);
        QCOMPARE(pgeoHandler().sniff(Bytes(good.begin(), good.begin() + 10), "x.bin"), 0);
        QVERIFY(pgeoHandler().sniff(Bytes(good.begin(), good.begin() + 10), "c.pgeo") > 0);
        Bytes wrongKind = good;
        wrongKind[4 + smallFile().sectionName.size()] = 3;
        QCOMPARE(pgeoHandler().sniff(wrongKind, "x.bin"), 0);
        QVERIFY(pgeoHandler().sniff(wrongKind, "x.pgeo") < 50);
        QCOMPARE(pgeoHandler().sniff({}, "x.bin"), 0);
    }
};

QTEST_APPLESS_MAIN(TestPgeoParse)
#include "tst_pgeo_parse.moc"
