// Field statistics (`runFieldStats`, `assetscope-cli stats`) over a folder made here with the
// project's writers, whose histogram is worked out by hand from the documents:
// grub-bundles.txt puts the header's blob count at 0x10, a bundle's header and records (20 +
// 24 bytes per blob) before its first blob's data, and a nested bundle at its blob's data;
// pgeo.txt puts an instance record's building id at 0x3E of its 80 bytes.
#include "archive/zip_archive.h"
#include "census/census.h"
#include "census/field_stats.h"
#include "census/field_tally.h"
#include "docs/doc_table.h"
#include "formats/grub/bundle_writer.h"
#include "formats/pgeo/pgeo_file.h"
#include "formats/pgeo/pgeo_writer.h"
#include "open/open_input.h"
#include "test_support.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>

using namespace assetscope;

namespace {

// grub-bundles.txt: the header is 20 bytes with the blob count at 0x10, then 24 bytes per blob
// record; with no metadata the header ends there, rounded up to 4, and the first blob's data
// starts at that header size.
constexpr std::uint64_t kBlobCountAt = 0x10;
constexpr std::uint64_t headerSize(std::uint64_t blobs) {
    return (20 + 24 * blobs + 3) / 4 * 4;
}

// A bundle of `blobs` MTUD 1.0 blobs (a version the install lists), no metadata.
grub::Bundle bundleOf(std::size_t blobs) {
    grub::Bundle b;
    for (std::size_t i = 0; i < blobs; ++i) {
        grub::Blob blob;
        blob.tag = tagFromText("MTUD");
        blob.versionMajor = 1;
        blob.data = Bytes(8, static_cast<std::uint8_t>(i));
        blob.dataSizeAgain = 8;
        b.blobs.push_back(std::move(blob));
    }
    return b;
}

// A crowd: one ClsL blob (a bundle, Proven) holding a bundle of 3 blobs.
Bytes crowdBytes() {
    grub::Bundle outer;
    outer.blobs.push_back(grub::nestedBlob(tagFromText("ClsL"), 1, 0, bundleOf(3)));
    return grub::writeBundle(outer);
}

// A .pgeo as tst_pgeo_cli makes it: list A's one hand-placed record (building id 0), and list B
// with one block of records whose building ids (0x3E, u16) are `ids`.
pgeo::PgeoFile pgeoWithBuildingIds(const std::vector<std::uint16_t>& ids) {
    pgeo::PgeoFile f;
    f.sectionName = "c50_props_do_cellx3z-1_section0";
    f.category = "PROPS";
    pgeo::Block a;
    a.name = "imp_a";
    a.setInstances({pgeo::InstanceRecord{}});
    a.sources = {{"IMP_A", 0, 1}};
    f.listA.push_back(a);
    std::vector<pgeo::InstanceRecord> records;
    for (std::uint16_t id : ids) {
        pgeo::InstanceRecord r;
        r.buildingId = id;
        records.push_back(r);
    }
    pgeo::Block b;
    b.name = "blk_b";
    b.setInstances(records);
    b.sources = {{"BLK_B", 0, static_cast<std::uint32_t>(ids.size())}};
    f.listB.push_back(b);
    f.fitBox();
    return f;
}

// The absolute offsets of a .pgeo's instance record arrays (list A's block, then list B's), as
// the tree gives them: pgeo.txt fixes where a field sits within its record, not where a block starts.
std::vector<std::uint64_t> instanceArrays(const std::string& input) {
    std::vector<std::uint64_t> out;
    const OpenedInput opened = openInput(input);
    if (!opened.parsed) return out;
    const StructureTree& tree = opened.parsed->tree();
    for (NodeId id = 0; id < tree.nodeCount(); ++id)
        if (tree.node(id).doc && tree.node(id).doc->key == "pgeo/block/instance_records")
            out.push_back(tree.node(id).offset);
    return out;
}

std::string at(const std::string& input, std::uint64_t offset) {
    char hex[32];
    std::snprintf(hex, sizeof hex, "@0x%llx", static_cast<unsigned long long>(offset));
    return input + hex;
}

QJsonObject jsonOf(const QByteArray& out) {
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(out, &error);
    if (error.error != QJsonParseError::NoError) qWarning("%s", qPrintable(error.errorString()));
    return doc.object();
}

const FieldStats& statsOf(const FieldStatsResult& r, const std::string& key) {
    for (const auto& f : r.fields)
        if (f.key == key) return f;
    static const FieldStats none;
    return none;
}

} // namespace

class TestStats : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string m_root;
    std::string m_zip;

    std::string path(const std::string& relative) const { return m_root + "/" + relative; }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_root = m_dir.path().toStdString() + "/folder";
        // Walk order is sorted: the pgeo cell folder 3_-1, a, b, c, crowd, media.zip.
        test::writeFile(path("a.materialbin"), grub::writeBundle(bundleOf(2)));
        test::writeFile(path("b.materialbin"), grub::writeBundle(bundleOf(2)));
        test::writeFile(path("c.materialbin"), grub::writeBundle(bundleOf(5)));
        test::writeFile(path("crowd.crowdbin"), crowdBytes());
        test::writeFile(path("media.zip"),
                        archive::writeZip({{"d.materialbin", grub::writeBundle(bundleOf(2))}}));
        test::writeFile(path("3_-1/c50_props_do.pgeo"), pgeo::writePgeo(pgeoWithBuildingIds({7, 9, 7})));
        m_zip = path("media.zip");
    }

    // Six bundles in five files: 2, 2, 5, the crowd's 1 with its nested 3, and the zip's 2.
    void blobCountsByHand() {
        const FieldStatsResult r = runFieldStats({"grub/header/blob_count"}, {m_root}, {});
        QCOMPARE(r.files, std::uint64_t{6}); // five bundles' files and the .pgeo
        QVERIFY2(r.counts.refusals.empty(), r.counts.refusals.begin()->first.c_str());
        QVERIFY(!r.cancelled);
        const FieldStats& s = statsOf(r, "grub/header/blob_count");
        QCOMPARE(s.files, std::uint64_t{5});
        QCOMPARE(s.occurrences, std::uint64_t{6});
        QCOMPARE(s.distinct, std::uint64_t{4});
        QCOMPARE(s.min, std::string("1"));
        QCOMPARE(s.max, std::string("5"));
        QCOMPARE(s.values.size(), std::size_t{4});
        QCOMPARE(s.values[0].value, std::string("2"));
        QCOMPARE(s.values[0].count, std::uint64_t{3});
        QCOMPARE(s.values[0].files, std::uint64_t{3});
        const std::vector<std::string> twos{path("a.materialbin") + "@0x10", path("b.materialbin") + "@0x10",
                                            m_zip + "::d.materialbin@0x10"};
        QCOMPARE(s.values[0].examples, twos);
        // Ties (one each) in numeric order: the crowd's 1, its nested bundle's 3, c's 5.
        QCOMPARE(s.values[1].value, std::string("1"));
        QCOMPARE(s.values[2].value, std::string("3"));
        QCOMPARE(s.values[3].value, std::string("5"));
        QCOMPARE(s.values[1].examples, std::vector<std::string>{path("crowd.crowdbin") + "@0x10"});
        // The nested bundle is the ClsL blob's data, at the crowd's header size (one blob record).
        char nested[32];
        std::snprintf(nested, sizeof nested, "@0x%llx",
                      static_cast<unsigned long long>(headerSize(1) + kBlobCountAt));
        QCOMPARE(s.values[2].examples, std::vector<std::string>{path("crowd.crowdbin") + nested});
        QCOMPARE(std::string(nested), std::string("@0x3c"));
        QCOMPARE(s.other, std::uint64_t{0});
    }

    // Lazy array elements: building id (0x3E of each 80-byte record) is 0 in list A's one
    // record, then 7, 9, 7 in list B's block.
    void pgeoInstanceRecordField() {
        const std::string pgeo = path("3_-1/c50_props_do.pgeo");
        const FieldStatsResult r = runFieldStats({"pgeo/instance_record/building_id"}, {m_root}, {});
        const FieldStats& s = statsOf(r, "pgeo/instance_record/building_id");
        QCOMPARE(s.files, std::uint64_t{1});
        QCOMPARE(s.occurrences, std::uint64_t{4});
        QCOMPARE(s.distinct, std::uint64_t{3});
        QCOMPARE(s.min, std::string("0"));
        QCOMPARE(s.max, std::string("9"));
        QCOMPARE(s.values.size(), std::size_t{3});
        QCOMPARE(s.values[0].value, std::string("7"));
        QCOMPARE(s.values[0].count, std::uint64_t{2});
        QCOMPARE(s.values[0].files, std::uint64_t{1});
        QCOMPARE(s.values[1].value, std::string("0"));
        QCOMPARE(s.values[2].value, std::string("9"));
        const std::vector<std::uint64_t> arrays = instanceArrays(pgeo);
        QCOMPARE(arrays.size(), std::size_t{2});
        constexpr std::uint64_t kBuildingId = 0x3E, kRecord = 80;
        // One example per file: the first record holding the value.
        QCOMPARE(s.values[0].examples, std::vector<std::string>{at(pgeo, arrays[1] + kBuildingId)});
        QCOMPARE(s.values[1].examples, std::vector<std::string>{at(pgeo, arrays[0] + kBuildingId)});
        QCOMPARE(s.values[2].examples, std::vector<std::string>{at(pgeo, arrays[1] + kRecord + kBuildingId)});
    }

    // Elements of one array that hold different fields: a blob's metadata records are a Name
    // then an Id (grub-bundles.txt; the Id payload is one u32, public-reader-notes), so the Id is
    // only in element 1. Its payload follows the two 8-byte records and the 4 name bytes (at
    // 20 + 24 + 16 + 4 = 0x40).
    void fieldsOfLaterElements() {
        grub::Bundle b = bundleOf(1);
        b.blobs[0].metadata = {grub::nameMetadata("tile"), grub::idMetadata(42)};
        QTemporaryDir dir;
        const std::string file = dir.path().toStdString() + "/named.materialbin";
        test::writeFile(file, grub::writeBundle(b));
        const FieldStatsResult r = runFieldStats({"grub/metadata_payload/id"}, {file}, {});
        const FieldStats& id = statsOf(r, "grub/metadata_payload/id");
        QCOMPARE(id.occurrences, std::uint64_t{1});
        QCOMPARE(id.values.at(0).value, std::string("42"));
        QCOMPARE(id.values.at(0).examples, std::vector<std::string>{file + "@0x40"});
        const FieldStatsResult names = runFieldStats({"grub/metadata_payload/name"}, {file}, {});
        QCOMPARE(statsOf(names, "grub/metadata_payload/name").values.at(0).value, std::string("\"tile\""));
    }

    // A rule's value is whether its statement held: the cell size 50 of c50_… is one of the map's.
    void ruleKey() {
        const FieldStatsResult r = runFieldStats({"pgeo/rules/cell_sizes"}, {m_root}, {});
        const FieldStats& s = statsOf(r, "pgeo/rules/cell_sizes");
        QCOMPARE(s.occurrences, std::uint64_t{1});
        QCOMPARE(s.values.size(), std::size_t{1});
        QCOMPARE(s.values[0].value, std::string("true"));
        QVERIFY(s.min.empty()); // a flag is not a number
    }

    // Values the tool derives from a documented row: pgeo.txt's name grammar gives c50_… a cell
    // size of 50, and the cell folder 3_-1 the cell (3, -1).
    void derivedDocumentedValues() {
        const FieldStatsResult r =
            runFieldStats({"pgeo/file_name/cell_size", "pgeo/file_name/cell"}, {m_root}, {});
        const FieldStats& size = statsOf(r, "pgeo/file_name/cell_size");
        QCOMPARE(size.occurrences, std::uint64_t{1});
        QCOMPARE(size.values.at(0).value, std::string("50"));
        const FieldStats& cell = statsOf(r, "pgeo/file_name/cell");
        QCOMPARE(cell.occurrences, std::uint64_t{1});
        QCOMPARE(cell.values.at(0).value, std::string("[3, -1]"));
        QVERIFY(cell.min.empty()); // a list is not a number
    }

    // --top 1: the most frequent value, the three single ones as `other`; several keys at once,
    // in the order asked; the same whatever the number of workers.
    void topAndJobs() {
        FieldStatsOptions options;
        options.top = 1;
        const std::vector<std::string> keys{"pgeo/instance_record/building_id", "grub/header/blob_count"};
        const FieldStatsResult one = runFieldStats(keys, {m_root}, options);
        QCOMPARE(one.fields.size(), std::size_t{2});
        QCOMPARE(one.fields[0].key, keys[0]);
        const FieldStats& s = one.fields[1];
        QCOMPARE(s.values.size(), std::size_t{1});
        QCOMPARE(s.values[0].value, std::string("2"));
        QCOMPARE(s.other, std::uint64_t{3});
        QCOMPARE(s.distinct, std::uint64_t{4});
        options.jobs = 2;
        const FieldStatsResult two = runFieldStats(keys, {m_root}, options);
        for (std::size_t k = 0; k < keys.size(); ++k) {
            QCOMPARE(two.fields[k].occurrences, one.fields[k].occurrences);
            QCOMPARE(two.fields[k].values[0].examples, one.fields[k].values[0].examples);
            QCOMPARE(two.fields[k].other, one.fields[k].other);
        }
    }

    // The census inside is the census: same files, bundles and refusals as runCensus.
    void countsAreTheCensus() {
        const FieldStatsResult r = runFieldStats({"grub/header/blob_count"}, {m_root}, {});
        const CensusCounts c = runCensus({m_root}, {});
        QCOMPARE(r.counts.files, c.files);
        QCOMPARE(r.counts.total("bundles"), c.total("bundles"));
        QCOMPARE(r.counts.total("nested_bundles"), c.total("nested_bundles"));
        QCOMPARE(r.counts.total("placements"), c.total("placements"));
        QCOMPARE(r.counts.byFormat, c.byFormat);
        QCOMPARE(r.counts.refusals.size(), c.refusals.size());
        // Six bundles: five files and the crowd's nested one.
        QCOMPARE(c.total("bundles"), std::uint64_t{6});
        QCOMPARE(c.total("nested_bundles"), std::uint64_t{1});
    }

    // Kinds are listed in name order whatever order they came in, and a merge adds kind to kind.
    void kindCountsKeepNameOrderAndMerge() {
        CensusCounts a;
        a.addKind("blobs", "Skel 1.0");
        a.addKind("blobs", "Mesh 1.13", 3);
        a.addKind("blobs", "Modl 1.5");
        CensusCounts b;
        b.addKind("blobs", "Mesh 1.13", 2);
        b.addKind("blobs", "IndB 1.0");
        a.merge(b);
        std::vector<std::pair<std::string, std::uint64_t>> listed(a.kinds("blobs").begin(),
                                                                  a.kinds("blobs").end());
        const std::vector<std::pair<std::string, std::uint64_t>> expected = {
            {"IndB 1.0", 1}, {"Mesh 1.13", 5}, {"Modl 1.5", 1}, {"Skel 1.0", 1}};
        QCOMPARE(listed, expected);
        QCOMPARE(a.kinds("blobs").at("Mesh 1.13"), std::uint64_t{5});
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, a.kinds("blobs").at("VerB 1.0"));
        QVERIFY(a.kinds("textures").empty());
    }

    void cancelStopsTheWalk() {
        const std::atomic<bool> cancel{true};
        FieldStatsOptions options;
        options.cancel = &cancel;
        const FieldStatsResult r = runFieldStats({"grub/header/blob_count"}, {m_root}, options);
        QVERIFY(r.cancelled);
        QCOMPARE(r.files, std::uint64_t{0});
    }

    // More distinct values than are kept: occurrences, min, max and other stay exact, distinct
    // becomes a lower bound at the cap, and the kept values keep their counts.
    void distinctValuesAreBounded() {
        FieldTally tally;
        const auto input = std::make_shared<const std::string>("big.pgeo");
        const std::uint64_t n = FieldStats::kMaxDistinct + 5;
        for (std::uint64_t i = 0; i < n; ++i)
            tally.add(Value(i), 8 * i, 0, input);
        tally.add(Value(std::uint64_t{0}), 0, 1, input); // 0 again, in a second file
        const FieldStats s = tally.finish("pgeo/instance_record/random_value", 2);
        QCOMPARE(s.occurrences, n + 1);
        QCOMPARE(s.files, std::uint64_t{2});
        QCOMPARE(s.distinct, std::uint64_t{FieldStats::kMaxDistinct});
        QVERIFY(s.distinctIsLowerBound);
        QCOMPARE(s.min, std::string("0"));
        QCOMPARE(s.max, std::to_string(n - 1)); // met after the table was full
        QCOMPARE(s.values[0].value, std::string("0"));
        QCOMPARE(s.values[0].count, std::uint64_t{2});
        QCOMPARE(s.values[0].files, std::uint64_t{2});
        QCOMPARE(s.values[1].value, std::string("1"));
        QCOMPARE(s.values[1].examples, std::vector<std::string>{"big.pgeo@0x8"});
        QCOMPARE(s.other, n + 1 - 3);
    }

    void closestKeysNameTheRow() {
        QCOMPARE(closestKeys("grub/header/blob_cont").front(), std::string("grub/header/blob_count"));
        QCOMPARE(closestKeys("grub/header/blobcount").front(), std::string("grub/header/blob_count"));
        QCOMPARE(closestKeys("pgeo/instance_record/buildingid").front(),
                 std::string("pgeo/instance_record/building_id"));
    }

    // The command line: text that reads like the documents, the contract's JSON, exit codes.
    void cliText() {
        const auto r = test::runCli(
            {"stats", "--top", "1", "--field", "grub/header/blob_count", QString::fromStdString(m_root)});
        QCOMPARE(r.exitCode, 0);
        const QString expected = QString::fromStdString(
            "grub/header/blob_count: 6 in 5 of 6 files, 4 distinct, min 1, max 5\n"
            "  2: 3 in 3 files (" +
            path("a.materialbin") + "@0x10, " + path("b.materialbin") + "@0x10, " + m_zip +
            "::d.materialbin@0x10)\n"
            "  \u2026 3 more occurrences of 3 other values\n"
            "refusals: 0 rule(s)\n");
        QCOMPARE(QString::fromUtf8(r.out), expected);
        QVERIFY2(r.err.isEmpty(), r.err.constData());
    }

    void cliJson() {
        const auto r = test::runCli({"stats", "--json", "--jobs", "2", "--field", "grub/header/blob_count",
                                     "--field", "pgeo/rules/cell_sizes", QString::fromStdString(m_root)});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = jsonOf(r.out);
        QCOMPARE(o.keys(), (QStringList{"fields", "files"}));
        QCOMPARE(o["files"].toInt(), 6);
        const QJsonObject fields = o["fields"].toObject();
        QCOMPARE(fields.keys(), (QStringList{"grub/header/blob_count", "pgeo/rules/cell_sizes"}));
        const QJsonObject counts = fields["grub/header/blob_count"].toObject();
        QCOMPARE(counts.keys(),
                 (QStringList{"distinct", "files", "max", "min", "occurrences", "other", "values"}));
        QCOMPARE(counts["files"].toInt(), 5);
        QCOMPARE(counts["occurrences"].toInt(), 6);
        QCOMPARE(counts["distinct"].toInt(), 4);
        QCOMPARE(counts["min"].toInt(), 1);
        QCOMPARE(counts["max"].toInt(), 5);
        QCOMPARE(counts["other"].toInt(), 0);
        const QJsonArray values = counts["values"].toArray();
        QCOMPARE(values.size(), 4);
        const QJsonObject two = values[0].toObject();
        QCOMPARE(two.keys(), (QStringList{"count", "examples", "files", "value"}));
        QCOMPARE(two["value"].toInt(), 2);
        QCOMPARE(two["count"].toInt(), 3);
        QCOMPARE(two["files"].toInt(), 3);
        QCOMPARE(two["examples"].toArray().size(), 3);
        QCOMPARE(two["examples"].toArray()[2].toString(),
                 QString::fromStdString(m_zip + "::d.materialbin@0x10"));
        const QJsonObject rule = fields["pgeo/rules/cell_sizes"].toObject();
        QVERIFY(rule["min"].isNull());
        QVERIFY(rule["max"].isNull());
        QCOMPARE(rule["values"].toArray()[0].toObject()["value"], QJsonValue(true));
    }

    void cliUnknownKeyNamesTheClosest() {
        const auto r =
            test::runCli({"stats", "--field", "grub/header/blob_cont", QString::fromStdString(m_root)});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(
            r.err.startsWith("assetscope-cli: stats: unknown field key 'grub/header/blob_cont' (closest: "
                             "grub/header/blob_count"),
            r.err.constData());
        QCOMPARE(test::runCli({"stats", QString::fromStdString(m_root)}).exitCode, 2); // --field is required
        QCOMPARE(test::runCli({"stats", "--field", "grub/header/blob_count", "/no/such/folder"}).exitCode, 2);
    }

    // A bundle whose total size (0xC) is not its length is refused (grub.header.total-size,
    // Proven): exit 1, counted as census counts it; the other files still counted.
    void cliRefusedFileIsExitOne() {
        QTemporaryDir dir;
        const std::string root = dir.path().toStdString();
        test::writeFile(root + "/good.materialbin", grub::writeBundle(bundleOf(2)));
        Bytes bad = grub::writeBundle(bundleOf(5));
        bad[0xC] ^= 0x40; // total size
        test::writeFile(root + "/bad.materialbin", bad);
        const auto r = test::runCli({"stats", "--json", "--field", "grub/header/blob_count", dir.path()});
        QCOMPARE(r.exitCode, 1);
        const auto census = test::runCli({"census", "--json", dir.path()});
        QCOMPARE(census.exitCode, 1);
        const QJsonArray refusals = jsonOf(census.out)["refusals"].toArray();
        QVERIFY(!refusals.isEmpty());
        // The same refusals, by rule and count, on stderr beside the JSON.
        for (const auto refusal : refusals) {
            const QJsonObject o = refusal.toObject();
            const QByteArray line =
                "  " + o["rule"].toString().toUtf8() + ": " + QByteArray::number(o["count"].toInt());
            QVERIFY2(r.err.contains(line + "\n"), r.err.constData());
        }
        QVERIFY(r.err.contains("grub.header.total-size"));
        const QJsonObject blobCount = jsonOf(r.out)["fields"].toObject()["grub/header/blob_count"].toObject();
        QCOMPARE(blobCount["files"].toInt(), 2); // the header is read before the size is judged
        // In text the refusals follow the statistics, as census prints them.
        const auto text = test::runCli({"stats", "--field", "grub/header/blob_count", dir.path()});
        QCOMPARE(text.exitCode, 1);
        QVERIFY2(text.out.contains("\nrefusals: " + QByteArray::number(refusals.size()) + " rule(s)\n"),
                 text.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestStats)
#include "tst_stats.moc"
