// The find engine (core/find): queries checked into patterns and typed values, one file searched
// by bytes, text, value and name, each match placed in the structure tree. Offsets are worked out
// by hand from the documents: grub-bundles.txt puts the header's blob count at 0x10, 20 header
// bytes and 24 per blob record before the first blob's data (rounded up to 4), and blobs one
// after another; pgeo.txt puts an instance record's scale at 0x24 and building id at 0x3E of its
// 80 bytes.
#include "find/find_in_file.h"
#include "find/find_query.h"
#include "find/node_location.h"
#include "find/where_used.h"
#include "formats/grub/bundle_writer.h"
#include "formats/meshset/meshset_samples.h"
#include "formats/pgeo/pgeo_file.h"
#include "formats/pgeo/pgeo_writer.h"
#include "open/open_input.h"
#include "samples/sample_set.h"
#include "test_support.h"
#include "tst_find_fixtures.h"

#include <QtTest>

#include <cmath>
#include <memory>
#include <set>

using namespace assetscope;

namespace {

using find_fixtures::ascii;
using find_fixtures::kBlob0;
using find_fixtures::kBlob1;

Bytes findBundle() {
    return grub::writeBundle(find_fixtures::findBundle());
}

// A .pgeo with one block of records in list B, each with the building id and scale given, its
// one source range from `source`.
Bytes pgeoBytes(const std::vector<std::uint16_t>& ids, float scale, const std::string& source = "BLK_B") {
    pgeo::PgeoFile f;
    f.sectionName = "c50_props_do_cellx3z-1_section0";
    f.category = "PROPS";
    std::vector<pgeo::InstanceRecord> records;
    for (std::uint16_t id : ids) {
        pgeo::InstanceRecord r;
        r.buildingId = id;
        r.scale = {scale, scale, scale};
        records.push_back(r);
    }
    pgeo::Block b;
    b.name = "blk_b";
    b.setInstances(records);
    b.sources = {{source, 0, static_cast<std::uint32_t>(ids.size())}};
    f.listB.push_back(b);
    f.fitBox();
    return pgeo::writePgeo(f);
}

FindQuery compiled(FindKind kind, const std::string& text, const std::string& key = {}) {
    const CompiledFind c = compileFind({kind, text, key});
    if (!c.ok()) qWarning("%s", c.error.c_str());
    return c.ok() ? *c.query : FindQuery{};
}

FindResult findIn(const Bytes& bytes, const std::string& name, const FindQuery& query,
                  FindControl control = {}) {
    return findInFile({name, name, shareBytes(bytes), nullptr, {}}, query, control);
}

std::vector<std::uint64_t> offsetsOf(const FindResult& r) {
    std::vector<std::uint64_t> out;
    for (const FindMatch& m : r.matches)
        out.push_back(m.offset);
    return out;
}

// The offset of the one instance record array of a .pgeo, as the tree gives it: pgeo.txt fixes
// where a field sits within its record, not where a block starts.
std::uint64_t recordsAt(const Bytes& bytes) {
    const OpenedInput opened = openLoaded("c50_props_do.pgeo", {shareBytes(bytes), "c50_props_do.pgeo", {}});
    if (!opened.parsed) return 0;
    const StructureTree& tree = opened.parsed->tree();
    for (NodeId id = 0; id < tree.nodeCount(); ++id)
        if (tree.node(id).doc && tree.node(id).doc->key == "pgeo/block/instance_records")
            return tree.node(id).offset;
    return 0;
}

FindQuery compiledRequest(const FindRequest& request) {
    const CompiledFind c = compileFind(request);
    if (!c.ok()) qWarning("%s", c.error.c_str());
    return c.ok() ? *c.query : FindQuery{};
}

// A sample file's bytes by its path in the sample set.
Bytes sampleBytes(const samples::SampleFiles& files, const std::string& path) {
    for (const auto& f : files)
        if (f.name == path) return f.data;
    return {};
}

} // namespace

class TestFind : public QObject {
    Q_OBJECT

private slots:
    void bytePatternsAreChecked() {
        const CompiledFind ok = compileFind({FindKind::Bytes, "62 75 ?? 47", {}});
        QVERIFY(ok.ok());
        QCOMPARE(ok.query->patterns.size(), std::size_t{1});
        QCOMPARE(ok.query->patterns[0].bytes, (std::vector<std::uint8_t>{0x62, 0x75, 0, 0x47}));
        QCOMPARE(ok.query->patterns[0].mask, (std::vector<std::uint8_t>{0xFF, 0xFF, 0, 0xFF}));
        QCOMPARE(compileFind({FindKind::Bytes, "6275??47", {}}).query->patterns[0].bytes,
                 ok.query->patterns[0].bytes);
        QCOMPARE(compileFind({FindKind::Bytes, "62 7z", {}}).error,
                 std::string("bytes: '7z' is not a hex byte or ??"));
        QCOMPARE(compileFind({FindKind::Bytes, "62 7", {}}).error,
                 std::string("bytes: '7' is half a byte: write bytes as two hex digits"));
        QCOMPARE(compileFind({FindKind::Bytes, "?? ??", {}}).error,
                 std::string("bytes: every byte is ??: give at least one byte to look for"));
        QCOMPARE(compileFind({FindKind::Bytes, "  ", {}}).error, std::string("bytes: no bytes given"));
    }

    void valuesAndTextsAreChecked() {
        const CompiledFind unknown = compileFind({FindKind::Value, "2", "grub/header/blob_cont"});
        QVERIFY(!unknown.ok());
        QVERIFY2(unknown.error.starts_with(
                     "unknown field key 'grub/header/blob_cont' (closest: grub/header/blob_count"),
                 unknown.error.c_str());
        QCOMPARE(compileFind({FindKind::Value, " ", "grub/header/blob_count"}).error,
                 std::string("value: no value given"));
        QCOMPARE(compileFind({FindKind::Text, "", {}}).error, std::string("text: no text given"));
        QVERIFY(compileFind({FindKind::Text, "caf\xc3\xa9", {}}).error.starts_with("text: only ASCII"));
        QCOMPARE(compileFind({FindKind::Names, "", {}}).error, std::string("names: no name given"));

        const FindQuery hex = compiled(FindKind::Value, "0x10");
        QVERIFY(hex.integral);
        QCOMPARE(*hex.unsignedValue, std::uint64_t{16});
        QCOMPARE(*hex.signedValue, std::int64_t{16});
        const FindQuery negative = compiled(FindKind::Value, "-3");
        QVERIFY(!negative.unsignedValue);
        QCOMPARE(*negative.signedValue, std::int64_t{-3});
        QVERIFY(!compiled(FindKind::Value, "1.5").integral);
        QCOMPARE(*compiled(FindKind::Value, "1.5").floatValue, 1.5);
        QVERIFY(!compiled(FindKind::Value, "Modl").floatValue); // a text, matched as a string
    }

    void typedValuesMatch() {
        QVERIFY(compiled(FindKind::Value, "16").matchesValue(Value(std::uint64_t{16})));
        QVERIFY(compiled(FindKind::Value, "0x10").matchesValue(Value(std::int64_t{16})));
        QVERIFY(compiled(FindKind::Value, "16.0").matchesValue(Value(std::uint64_t{16})));
        QVERIFY(!compiled(FindKind::Value, "16.5").matchesValue(Value(std::uint64_t{16})));
        QVERIFY(!compiled(FindKind::Value, "-16").matchesValue(Value(std::uint64_t{16})));
        QVERIFY(compiled(FindKind::Value, "-16").matchesValue(Value(std::int64_t{-16})));
        QVERIFY(!compiled(FindKind::Value, "16").matchesValue(Value(std::string("16x"))));
        // Strings exactly, with globs; tags are text.
        QVERIFY(compiled(FindKind::Value, "Modl").matchesValue(Value(std::string("Modl"))));
        QVERIFY(!compiled(FindKind::Value, "Mod").matchesValue(Value(std::string("Modl"))));
        QVERIFY(compiled(FindKind::Value, "M?dl").matchesValue(Value(std::string("Modl"))));
        QVERIFY(compiled(FindKind::Value, "bld_*_lod?")
                    .matchesValue(Value(std::string("bld_sample_house_a_lod0"))));
        QVERIFY(!compiled(FindKind::Value, "bld_*_lod?")
                     .matchesValue(Value(std::string("bld_sample_house_a_lod10"))));
        QVERIFY(compiled(FindKind::Value, "true").matchesValue(Value(true)));
        // A list holds a number when an element is it.
        QVERIFY(compiled(FindKind::Value, "-1").matchesValue(Value(std::vector<double>{3, -1})));
        QVERIFY(!compiled(FindKind::Value, "2").matchesValue(Value(std::vector<double>{3, -1})));
    }

    // float32 neighbours of 1.5 are 2^-23 apart: one step matches, two do not.
    void floatsWithinOneUlp() {
        const float one = std::nextafter(1.5f, 2.0f);
        const float two = std::nextafter(one, 2.0f);
        QCOMPARE(static_cast<double>(one), 1.5 + std::ldexp(1.0, -23));
        QVERIFY(withinFloatUlps(1.5, one));
        QVERIFY(!withinFloatUlps(1.5, two));
        QVERIFY(withinFloatUlps(0.0, -0.0));
        QVERIFY(withinFloatUlps(std::nextafter(0.0f, 1.0f), std::nextafter(0.0f, -1.0f), 2));
        QVERIFY(!withinFloatUlps(std::nextafter(0.0f, 1.0f), std::nextafter(0.0f, -1.0f), 1));
        const FindQuery q = compiled(FindKind::Value, "1.5");
        QVERIFY(q.matchesValue(Value(static_cast<double>(one))));
        QVERIFY(!q.matchesValue(Value(static_cast<double>(two))));
        QVERIFY(!q.matchesValue(Value(std::nan(""))));
    }

    void globs() {
        QVERIFY(globMatch("*", ""));
        QVERIFY(globMatch("a*b*c", "aXXbYYc"));
        QVERIFY(!globMatch("a*b*c", "aXXbYY"));
        QVERIFY(globMatch("??", "ab"));
        QVERIFY(!globMatch("??", "abc"));
        QVERIFY(globMatch("*_3D*", "tre_urb_ginkgo_d_3D_HIGH"));
    }

    // Hand-made bytes: every start, overlapping ones too, and wildcards.
    void patternsInBytes() {
        const Bytes bytes = test::hexBytes("00 62 75 72 47 62 75 00 47 00 00 00");
        const FindQuery q = compiled(FindKind::Bytes, "62 75 ?? 47");
        std::uint64_t total = 0;
        QCOMPARE(findPattern(bytes, q.patterns[0], 0, bytes.size(), 100, total),
                 (std::vector<std::uint64_t>{1, 5}));
        QCOMPARE(total, std::uint64_t{2});
        total = 0;
        const FindQuery zeros = compiled(FindKind::Bytes, "00 00");
        QCOMPARE(findPattern(bytes, zeros.patterns[0], 0, bytes.size(), 1, total),
                 (std::vector<std::uint64_t>{9}));
        QCOMPARE(total, std::uint64_t{2}); // 9 and 10; the last byte starts no whole pattern
        total = 0;
        // Starts limited to [2, 6): only 5; a wildcard first byte anchors on the next fixed one.
        QCOMPARE(findPattern(bytes, q.patterns[0], 2, 6, 100, total), (std::vector<std::uint64_t>{5}));
        total = 0;
        const FindQuery lead = compiled(FindKind::Bytes, "?? 75");
        QCOMPARE(findPattern(bytes, lead.patterns[0], 0, bytes.size(), 100, total),
                 (std::vector<std::uint64_t>{1, 5}));
    }

    // "FIND" as ASCII in blob 0 (2 bytes in) and as UTF-16LE filling blob 1.
    void textInBothEncodings() {
        const FindResult r = findIn(findBundle(), "find.materialbin", compiled(FindKind::Text, "FIND"));
        QVERIFY(r.supported);
        QCOMPARE(r.total, std::uint64_t{2});
        QCOMPARE(offsetsOf(r), (std::vector<std::uint64_t>{kBlob0 + 2, kBlob1}));
        QCOMPARE(r.matches[0].size, std::uint64_t{4});
        QCOMPARE(r.matches[0].encoding, std::string("ascii"));
        QCOMPARE(r.matches[0].path, std::string("bundle/MTUD"));
        QCOMPARE(r.matches[1].size, std::uint64_t{8});
        QCOMPARE(r.matches[1].encoding, std::string("utf-16le"));
        QCOMPARE(r.matches[1].path, std::string("bundle/MTUD#1"));
        QCOMPARE(std::get<std::string>(r.matches[1].value), std::string("FIND"));
    }

    void bytesInAFile() {
        const FindResult r = findIn(findBundle(), "find.materialbin", compiled(FindKind::Bytes, "49 ?? 44"));
        QCOMPARE(offsetsOf(r), (std::vector<std::uint64_t>{kBlob0 + 3}));
        QCOMPARE(std::get<std::string>(r.matches[0].value), std::string("49 4e 44"));
        // The header's tag, "Grub" written as the bytes burG (grub-bundles.txt), at 0.
        const FindResult tag =
            findIn(findBundle(), "find.materialbin", compiled(FindKind::Bytes, "62 75 72 47"));
        QCOMPARE(offsetsOf(tag), std::vector<std::uint64_t>{0});
        QCOMPARE(tag.matches[0].path, std::string("bundle/header/tag"));
        // A range across two fields is held by their struct.
        const FindResult across =
            findIn(findBundle(), "find.materialbin", compiled(FindKind::Bytes, "47 01"));
        QCOMPARE(offsetsOf(across), std::vector<std::uint64_t>{3});
        QCOMPARE(across.matches[0].path, std::string("bundle/header"));
    }

    void unsupportedBytesAreNotSearched() {
        const FindResult r = findIn(ascii("plain FIND text"), "notes.txt", compiled(FindKind::Text, "FIND"));
        QVERIFY(!r.supported);
        QCOMPARE(r.total, std::uint64_t{0});
    }

    void maxKeepsTheEarliest() {
        FindControl control;
        control.maxMatches = 1;
        const FindResult r =
            findIn(findBundle(), "find.materialbin", compiled(FindKind::Text, "FIND"), control);
        QCOMPARE(r.total, std::uint64_t{2});
        QCOMPARE(offsetsOf(r), std::vector<std::uint64_t>{kBlob0 + 2});
    }

    void cancelStops() {
        const std::atomic<bool> cancel{true};
        FindControl control;
        control.cancel = &cancel;
        const FindResult r =
            findIn(findBundle(), "find.materialbin", compiled(FindKind::Text, "FIND"), control);
        QVERIFY(r.cancelled);
        QVERIFY(r.matches.empty());
        const FindResult v =
            findIn(pgeoBytes(std::vector<std::uint16_t>(5000, 7), 1.0f), "c50_props_do.pgeo",
                   compiled(FindKind::Value, "7", "pgeo/instance_record/building_id"), control);
        QVERIFY(v.cancelled);
        QVERIFY(v.total < 5000);
    }

    void progressReachesTheEnd() {
        std::uint64_t lastDone = 0, lastTotal = 0;
        FindControl control;
        control.progress = [&](std::uint64_t done, std::uint64_t total) {
            lastDone = done;
            lastTotal = total;
        };
        const Bytes bytes = findBundle();
        findIn(bytes, "find.materialbin", compiled(FindKind::Bytes, "46"), control);
        QCOMPARE(lastTotal, std::uint64_t{bytes.size()});
        QCOMPARE(lastDone, lastTotal);
    }

    void documentedValues() {
        const FindResult count = findIn(findBundle(), "find.materialbin",
                                        compiled(FindKind::Value, "0x2", "grub/header/blob_count"));
        QCOMPARE(offsetsOf(count), std::vector<std::uint64_t>{0x10});
        QCOMPARE(count.matches[0].size, std::uint64_t{4});
        QCOMPARE(count.matches[0].path, std::string("bundle/header/blob_count"));
        QCOMPARE(count.matches[0].key, std::string("grub/header/blob_count"));
        QCOMPARE(std::get<std::uint64_t>(count.matches[0].value), std::uint64_t{2});
        // Blob records follow the 20-byte header, 24 bytes each, the tag first.
        const FindResult tags = findIn(findBundle(), "find.materialbin",
                                       compiled(FindKind::Value, "MT?D", "grub/blob_record/tag"));
        QCOMPARE(offsetsOf(tags), (std::vector<std::uint64_t>{20, 44}));
        QCOMPARE(tags.matches[1].path, std::string("bundle/blob_records/[1]/tag"));
        // Any documented field: the blob count (2) and nothing else of this bundle is 2.
        const FindResult any = findIn(findBundle(), "find.materialbin", compiled(FindKind::Value, "2"));
        QCOMPARE(offsetsOf(any), std::vector<std::uint64_t>{0x10});
    }

    // Lazy array elements: records at 80 bytes each, building id at 0x3E, scale at 0x24.
    void valuesInLazyRecords() {
        const Bytes bytes = pgeoBytes({7, 9, 7}, std::nextafter(1.5f, 2.0f));
        const std::uint64_t records = recordsAt(bytes);
        QVERIFY(records > 0);
        const FindResult r = findIn(bytes, "c50_props_do.pgeo",
                                    compiled(FindKind::Value, "7", "pgeo/instance_record/building_id"));
        QCOMPARE(offsetsOf(r), (std::vector<std::uint64_t>{records + 0x3E, records + 2 * 80 + 0x3E}));
        QCOMPARE(r.matches[1].path, std::string("list_b/[0]/instance_records/[2]/building_id"));
        QCOMPARE(r.matches[1].size, std::uint64_t{2});
        // The scale is one ulp above 1.5: 1.5 matches it, 1.5 minus one ulp (two away) does not.
        const FindResult scale = findIn(bytes, "c50_props_do.pgeo",
                                        compiled(FindKind::Value, "1.5", "pgeo/instance_record/scale"));
        QCOMPARE(scale.total, std::uint64_t{3});
        QCOMPARE(scale.matches[0].offset, records + 0x24);
        QCOMPARE(scale.matches[0].size, std::uint64_t{12});
        const std::string below = QString::number(std::nextafter(1.5f, 1.0f), 'g', 9).toStdString();
        QCOMPARE(
            findIn(bytes, "c50_props_do.pgeo", compiled(FindKind::Value, below, "pgeo/instance_record/scale"))
                .total,
            std::uint64_t{0});
    }

    void namesAsTheTreeFilter() {
        const FindResult r =
            findIn(findBundle(), "find.materialbin", compiled(FindKind::Names, "BLOB_COUNT"));
        QCOMPARE(r.total, std::uint64_t{1});
        QCOMPARE(r.matches[0].offset, std::uint64_t{0x10});
        QCOMPARE(r.matches[0].path, std::string("bundle/header/blob_count"));
    }

    // With the window's tree given, matches name its nodes and the tree is left as it was.
    void givenTreeIsOnlyRead() {
        const auto bytes = shareBytes(pgeoBytes({7, 9, 7}, 1.0f));
        const OpenedInput opened = openLoaded("c50_props_do.pgeo", {bytes, "c50_props_do.pgeo", {}});
        QVERIFY(opened.parsed);
        const StructureTree& tree = opened.parsed->tree();
        const std::size_t nodes = tree.nodeCount();
        const FindResult r = findInFile({"c50_props_do.pgeo", "c50_props_do.pgeo", bytes, &tree, {}},
                                        compiled(FindKind::Value, "9", "pgeo/instance_record/building_id"));
        QCOMPARE(r.total, std::uint64_t{1});
        QCOMPARE(tree.nodeCount(), nodes);
        QVERIFY(r.matches[0].node != kNoNode);
        QCOMPARE(tree.node(r.matches[0].node).doc->key, std::string("pgeo/block/instance_records"));
        QCOMPARE(r.matches[0].path, std::string("list_b/[0]/instance_records/[1]/building_id"));
    }

    // Without placing (the window's find), matches come with offset and value only; placed later
    // in a tree, one by one, they read as a placed find's: building id 9 in record 1 (2 bytes at
    // 0x3E of the 80-byte record), and the same for values and bytes found in several places.
    void placedLaterAsPlacedAtOnce() {
        const Bytes raw = pgeoBytes({7, 9, 7}, 1.0f);
        const auto bytes = shareBytes(raw);
        const OpenedInput opened = openLoaded("c50_props_do.pgeo", {bytes, "c50_props_do.pgeo", {}});
        QVERIFY(opened.parsed);
        const StructureTree& tree = opened.parsed->tree();
        const FindTarget target{"c50_props_do.pgeo", "c50_props_do.pgeo", bytes, nullptr, {}};
        for (const FindQuery& query : {compiled(FindKind::Value, "9", "pgeo/instance_record/building_id"),
                                       compiled(FindKind::Value, "7", "pgeo/instance_record/building_id"),
                                       compiled(FindKind::Bytes, "07 00")}) {
            FindControl unplaced;
            unplaced.place = false;
            FindResult later = findInFile(target, query, unplaced);
            const FindResult atOnce = findInFile(target, query);
            QVERIFY(!later.matches.empty());
            QCOMPARE(later.matches.size(), atOnce.matches.size());
            for (std::size_t i = 0; i < later.matches.size(); ++i) {
                FindMatch& m = later.matches[i];
                QCOMPARE(m.node, kNoNode);
                QVERIFY(m.path.empty());
                placeMatch(tree, m);
                QCOMPARE(m.offset, atOnce.matches[i].offset);
                QCOMPARE(m.node, atOnce.matches[i].node);
                QCOMPARE(m.path, atOnce.matches[i].path);
                QCOMPARE(m.size, atOnce.matches[i].size);
            }
        }
        FindControl unplaced;
        unplaced.place = false;
        FindResult nine =
            findInFile(target, compiled(FindKind::Value, "9", "pgeo/instance_record/building_id"), unplaced);
        QCOMPARE(nine.matches.size(), std::size_t{1});
        QCOMPARE(nine.matches[0].size, std::uint64_t{0}); // a Value match's size comes with its place
        placeMatch(tree, nine.matches[0]);
        QCOMPARE(nine.matches[0].offset, recordsAt(raw) + 80 + 0x3E);
        QCOMPARE(nine.matches[0].size, std::uint64_t{2});
        QCOMPARE(nine.matches[0].path, std::string("list_b/[0]/instance_records/[1]/building_id"));
    }

    // A file read again to place its matches is read as its container only when every match is
    // a container field (a model's or texture's bundle fields): each sample's Grub fields, one
    // value of each key, are placed as the whole file's tree places them, nested bundles too.
    void containerFieldsPlacedAsInTheWholeFile() {
        int compared = 0;
        for (const auto& file : samples::allSampleFiles()) {
            const auto bytes = shareBytes(file.data);
            const std::string name = file.name.substr(file.name.rfind('/') + 1);
            const OpenedInput opened = openLoaded(file.name, {bytes, name, {}});
            if (!opened.parsed) continue;
            const StructureTree& tree = opened.parsed->tree();
            std::set<std::string> keys;
            for (NodeId id = 0; id < tree.nodeCount(); ++id) {
                const Node& n = tree.node(id);
                if (!n.doc || !n.doc->key.starts_with("grub/") || !keys.insert(n.doc->key).second) continue;
                std::string text;
                if (const auto* u = std::get_if<std::uint64_t>(&n.value)) text = std::to_string(*u);
                if (const auto* i = std::get_if<std::int64_t>(&n.value)) text = std::to_string(*i);
                if (const auto* t = std::get_if<std::string>(&n.value)) text = *t;
                if (text.empty() || text.find_first_of("*?") != std::string::npos) continue;
                const FindQuery query = compiled(FindKind::Value, text, n.doc->key);
                const FindResult reread = findInFile({file.name, name, bytes, nullptr, {}}, query);
                const FindResult inTree = findInFile({file.name, name, bytes, &tree, {}}, query);
                QVERIFY2(!inTree.matches.empty(), (file.name + " " + n.doc->key).c_str());
                QCOMPARE(reread.matches.size(), inTree.matches.size());
                for (std::size_t m = 0; m < inTree.matches.size(); ++m) {
                    QCOMPARE(reread.matches[m].offset, inTree.matches[m].offset);
                    QCOMPARE(reread.matches[m].path, inTree.matches[m].path);
                    QCOMPARE(reread.matches[m].size, inTree.matches[m].size);
                }
                ++compared;
            }
        }
        QVERIFY2(compared > 100, qPrintable(QString::number(compared)));
    }

    // pgeo.txt: a block's model is the .modelbin whose name, less its LOD and everything from the
    // first '.', is the block's first source template, case aside.
    void whereIsAModelUsed() {
        const std::vector<WhereUsedFind> finds =
            whereUsed({"modelbin", "bld_sample_house_a_lod0.i.modelbin", nullptr});
        QCOMPARE(finds.size(), std::size_t{3});
        QCOMPARE(finds[0].request.key, std::string("pgeo/source/template"));
        QCOMPARE(finds[0].request.text, std::string("bld_sample_house_a"));
        QVERIFY(finds[0].request.ignoreCase);
        QCOMPARE(finds[1].request.key, std::string("pgeo/block/name"));
        QCOMPARE(finds[1].request.text, std::string("bld_sample_house_a_3d*"));
        QCOMPARE(finds[2].request.text, std::string("bld_sample_house_a_impostor*"));
        const Bytes placing = pgeoBytes({1}, 1.0f, "BLD_SAMPLE_HOUSE_A");
        const FindResult r = findIn(placing, "c50_props_do.pgeo", compiledRequest(finds[0].request));
        QCOMPARE(r.total, std::uint64_t{1});
        QCOMPARE(std::get<std::string>(r.matches[0].value), std::string("BLD_SAMPLE_HOUSE_A"));
        QCOMPARE(r.matches[0].path, std::string("list_b/[0]/sources/[0]/template"));
        // The command line compares strings exactly: the lower-case key alone does not match.
        FindRequest exact = finds[0].request;
        exact.ignoreCase = false;
        QCOMPARE(findIn(placing, "c50_props_do.pgeo", compiledRequest(exact)).total, std::uint64_t{0});
        QCOMPARE(findIn(pgeoBytes({1}, 1.0f, "BLD_SAMPLE_HOUSE_B"), "c50_props_do.pgeo",
                        compiledRequest(finds[0].request))
                     .total,
                 std::uint64_t{0});
        QVERIFY(whereUsed({"pgeo", "c50_props_do.pgeo", nullptr}).empty());
    }

    // grub-bundles.txt: a model's MatI bundle holds a MATI blob, the material it derives from,
    // named by its Name metadata: one 8-byte metadata record after the header (20) and the
    // blob record (24), so the path is at 20 + 24 + 8 = 0x34.
    void whereIsAMaterialUsed() {
        const std::vector<WhereUsedFind> finds =
            whereUsed({"grub", "sample_brick_wall.materialbin", nullptr});
        QCOMPARE(finds.size(), std::size_t{1});
        QCOMPARE(finds[0].request.key, std::string("grub/metadata_payload/name"));
        QCOMPARE(finds[0].request.text, std::string("*/sample_brick_wall.materialbin"));
        grub::Bundle instance;
        grub::Blob mati;
        mati.tag = tagFromText("MATI");
        mati.versionMajor = 1;
        mati.metadata = {grub::nameMetadata("media/materials/sample_brick_wall.materialbin")};
        instance.blobs.push_back(mati);
        const FindResult r =
            findIn(grub::writeBundle(instance), "x.materialbin", compiledRequest(finds[0].request));
        QCOMPARE(offsetsOf(r), std::vector<std::uint64_t>{0x34});
        QCOMPARE(r.matches[0].path, std::string("bundle/MATI metadata/records/[0]/name"));
    }

    // frostbite-meshset.txt: a LOD's geometry chunk GUID is at 0x74 of the LOD, whose layout
    // flags are at 0x50; the sample crate's LOD 0 has them at 0x120, so its chunk is at 0x144.
    void whereIsAChunkUsed() {
        const std::string guid = "5f1e3c2a-9b7d-4e61-a0c4-1d2e3f405162";
        const std::vector<WhereUsedFind> byName = whereUsed({"", guid + ".chunk", nullptr});
        QCOMPARE(byName.size(), std::size_t{1});
        QCOMPARE(byName[0].request.key, std::string("meshset/lod/geometry_chunk"));
        QCOMPARE(byName[0].request.text, guid);
        const Bytes crate = sampleBytes(samples::meshsetSamples(), "frostbite/props/sample_crate.meshset");
        QVERIFY(!crate.empty());
        const FindResult r = findIn(crate, "sample_crate.meshset", compiledRequest(byName[0].request));
        QCOMPARE(offsetsOf(r), std::vector<std::uint64_t>{0x144});
        QCOMPARE(r.matches[0].size, std::uint64_t{16});
        // From the MeshSet itself: each LOD's chunk, once.
        const OpenedInput opened =
            openLoaded("sample_crate.meshset", {shareBytes(crate), "sample_crate.meshset", {}});
        QVERIFY(opened.parsed);
        const std::vector<WhereUsedFind> own =
            whereUsed({"meshset", "sample_crate.meshset", &opened.parsed->tree()});
        QCOMPARE(own.size(), std::size_t{2});
        QCOMPARE(own[0].request.text, guid);
        QCOMPARE(own[1].request.text, std::string("0c7d9a18-33e2-4f05-8b6a-7e91d2c4a0f3"));
    }

    // A range only the root holds has no path; diff paths number repeated names.
    void locations() {
        StructureTree tree(shareBytes(Bytes(100, 0)));
        Node root;
        root.name = "x.bin";
        root.size = 100;
        const NodeId r = tree.add(kNoNode, root);
        for (const char* name : {"a", "a", "b"}) {
            Node n;
            n.name = name;
            n.offset = tree.nodeCount() * 10;
            n.size = 10;
            tree.add(r, n);
        }
        QCOMPARE(locateRange(tree, 15, 2).path, std::string("a"));
        QCOMPARE(locateRange(tree, 25, 2).path, std::string("a#1"));
        QCOMPARE(locateRange(tree, 29, 2).path, std::string()); // across a#1 and b: only the root
        QCOMPARE(locateRange(tree, 29, 2).node, r);
        QCOMPARE(locateRange(tree, 60, 1).path, std::string());
        QCOMPARE(diffPath(tree, r), std::string("."));
    }
};

QTEST_GUILESS_MAIN(TestFind)
#include "tst_find.moc"
