// A fifth format is its folder and one registry line: TRec (tests/formats/testrec/), known only
// to the tests and registered by addTestFormats, gets everything the commands give a format:
// info, dump, verify, census counts of its own, stats, diff, options, a sample in the sample set
// and the fuzz targets' work. The command line cannot load a test format, so each command's
// core function is run here, with values worked out by hand from the bytes.
#include "census/census.h"
#include "census/field_stats.h"
#include "compare/tree_diff.h"
#include "docs/doc_table.h"
#include "formats/registry.h"
#include "hostile_input.h"
#include "open/known_formats.h"
#include "open/open_input.h"
#include "samples/sample_set.h"
#include "test_formats.h"
#include "test_support.h"
#include "testrec/testrec_format.h"
#include "tree/tree_writers.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <sstream>

using namespace assetscope;

namespace {

// "TRec", version 1, 3 records: (7, 0.5), (19, 1.25), (42, 2.0).
const char* const kSampleHex = "54 52 65 63 01 00 03 00"
                               " 07 00 00 00 00 00 00 3f"
                               " 13 00 00 00 00 00 a0 3f"
                               " 2a 00 00 00 00 00 00 40";

std::unique_ptr<ParsedFile> parse(const Bytes& bytes, ParseSettings settings = {}) {
    settings.fileName = "sample_weights.trec";
    return testrec::recordHandler().parse(shareBytes(Bytes(bytes)), settings);
}

QStringList ruleIds(const StructureTree& tree) {
    QStringList rules;
    for (const auto& d : tree.diagnostics())
        rules << QString::fromStdString(d.diagnostic.rule);
    return rules;
}

} // namespace

class TestFifthFormat : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::string m_set; // the sample set, written once

private slots:
    void initTestCase() {
        test::addTestFormats();
        QVERIFY(m_dir.isValid());
        m_set = m_dir.filePath("set").toStdString();
        std::vector<std::string> written;
        std::string error;
        QVERIFY2(samples::writeSampleSet(m_set, written, error), error.c_str());
    }

    void registeredLast() {
        const auto handlers = formatHandlers();
        QCOMPARE(handlers.back(), &testrec::recordHandler());
        QCOMPARE(hostile::handlerNamed("testrec"), &testrec::recordHandler());
        QCOMPARE(knownFormats().back().extensions, std::string(".trec"));
        QVERIFY(knownFilePatterns().ends_with(" *.trec"));
        const DocField* weight = DocTable::instance().find("testrec/record/weight");
        QVERIFY(weight);
        QCOMPARE(weight->confidence, Confidence::Inferred);
        QCOMPARE(detectFormat(test::hexBytes(kSampleHex), "anything.bin"), &testrec::recordHandler());
    }

    // make-samples: the format's file at its path, after every other format's, and in the zip.
    void sample() {
        const samples::SampleFiles all = samples::allSampleFiles();
        QCOMPARE(all.back().name, std::string("testrec/sample_weights.trec"));
        QCOMPARE(all.back().data, test::hexBytes(kSampleHex));
        const OpenedInput inZip = openInput(m_set + "/media/Samples.zip::testrec/sample_weights.trec");
        QVERIFY2(inZip.ok(), inZip.error.c_str());
        QCOMPARE(inZip.parsed->format(), std::string_view("testrec"));
    }

    // info and verify: the lines the format gives, no diagnostics, and the bytes written back.
    void infoAndVerify() {
        const OpenedInput opened = openInput(m_set + "/testrec/sample_weights.trec");
        QVERIFY2(opened.ok(), opened.error.c_str());
        const ParsedFile& file = *opened.parsed;
        QCOMPARE(file.format(), std::string_view("testrec"));
        QCOMPARE(file.tree().bytes().size(), std::size_t{32});
        const std::vector<InfoLine> expected = {{"version", "1"}, {"records", "3"}, {"weight total", "3.75"}};
        QCOMPARE(file.info(), expected);
        QCOMPARE(file.tree().errorCount(), std::uint64_t{0});
        QCOMPARE(file.tree().warningCount(), std::uint64_t{0});
        QCOMPARE(file.writeBack().value(), test::hexBytes(kSampleHex));
    }

    // dump --json: the contract's node schema, with the documented rows' names and confidences.
    void dump() {
        const auto file = parse(test::hexBytes(kSampleHex));
        std::ostringstream out;
        writeTreeJson(file->tree(), out);
        const QJsonObject root = QJsonDocument::fromJson(QByteArray::fromStdString(out.str())).object();
        QCOMPARE(root["name"].toString(), QStringLiteral("sample_weights.trec"));
        QCOMPARE(root["size"].toInt(), 32);
        const QJsonArray parts = root["children"].toArray();
        QCOMPARE(parts.size(), 2);
        const QJsonArray header = parts[0].toObject()["children"].toArray();
        QCOMPARE(header.size(), 3);
        QCOMPARE(header[0].toObject()["value"].toString(), QStringLiteral("TRec"));
        QCOMPARE(header[2].toObject()["name"].toString(), QStringLiteral("record_count"));
        QCOMPARE(header[2].toObject()["offset"].toInt(), 6);
        QCOMPARE(header[2].toObject()["value"].toInt(), 3);
        QCOMPARE(header[2].toObject()["confidence"].toString(), QStringLiteral("Proven"));
        const QJsonObject records = parts[1].toObject();
        QCOMPARE(records["offset"].toInt(), 8);
        QCOMPARE(records["size"].toInt(), 24);
        const QJsonObject second = records["children"].toArray()[1].toObject();
        QCOMPARE(second["name"].toString(), QStringLiteral("[1]"));
        const QJsonArray fields = second["children"].toArray();
        QCOMPARE(fields[0].toObject()["value"].toInt(), 19);
        QCOMPARE(fields[0].toObject()["offset"].toInt(), 16);
        QCOMPARE(fields[1].toObject()["value"].toDouble(), 1.25);
        QCOMPARE(fields[1].toObject()["confidence"].toString(), QStringLiteral("Inferred"));
    }

    // census: the format's own key beside the materials' and shaders' (none of them the contract's,
    // which it leaves at 0). The
    // sample is in the set twice: as a file and inside media/Samples.zip.
    void census() {
        const CensusCounts counts = runCensus({m_set}, {});
        QCOMPARE(counts.byFormat.at("testrec"), std::uint64_t{2});
        QCOMPARE(counts.total("records"), std::uint64_t{6});
        QCOMPARE(ownCountKeys(counts),
                 (std::vector<std::string>{"materials", "parameters", "records", "shaders"}));
        for (const auto& [rule, refusal] : counts.refusals)
            QVERIFY2(!rule.starts_with("testrec."), rule.c_str());

        const CensusCounts one = runCensus({m_set + "/testrec"}, {});
        QCOMPARE(one.files, std::uint64_t{1});
        QCOMPARE(one.total("records"), std::uint64_t{3});
        QCOMPARE(one.total("meshes"), std::uint64_t{0});
    }

    // stats: every record id of both copies.
    void stats() {
        const FieldStatsResult r = runFieldStats({"testrec/record/id"}, {m_set}, {});
        QCOMPARE(r.fields.size(), std::size_t{1});
        const FieldStats& ids = r.fields[0];
        QCOMPARE(ids.files, std::uint64_t{2});
        QCOMPARE(ids.occurrences, std::uint64_t{6});
        QCOMPARE(ids.distinct, std::uint64_t{3});
        QCOMPARE(ids.min, std::string("7"));
        QCOMPARE(ids.max, std::string("42"));
        QCOMPARE(ids.values.size(), std::size_t{3});
        QCOMPARE(ids.values[0].value, std::string("7"));
        QCOMPARE(ids.values[0].count, std::uint64_t{2});
        QCOMPARE(r.counts.total("records"), std::uint64_t{6});
    }

    // diff: record 1's weight 1.25 -> 1.5 (0x3fa00000 -> 0x3fc00000) is the one change.
    void diff() {
        Bytes changed = test::hexBytes(kSampleHex);
        changed[22] = 0xc0;
        const auto a = parse(test::hexBytes(kSampleHex));
        const auto b = parse(changed);
        const TreeDiff d = diffTrees(a->tree(), a->format(), b->tree(), b->format());
        QCOMPARE(d.total, std::uint64_t{1});
        const TreeChange& c = d.changes.at(0);
        QCOMPARE(c.kind, DiffKind::Changed);
        QCOMPARE(c.path, std::string("records/[1]/weight"));
        QCOMPARE(c.a->offset, std::uint64_t{20});
        QCOMPARE(c.a->size, std::uint64_t{4});
        QCOMPARE(valueJson(c.a->value), std::string("1.25"));
        QCOMPARE(valueJson(c.b->value), std::string("1.5"));
    }

    // The format's own option, declared by its handler and given by name.
    void option() {
        const auto declared = testrec::recordHandler().options();
        QCOMPARE(declared.size(), std::size_t{1});
        QCOMPARE(declared[0].name, std::string_view("id-order"));
        // Ids 42 then 7.
        const Bytes unordered = test::hexBytes("54 52 65 63 01 00 02 00 2a 00 00 00 00 00 80 3f"
                                               " 07 00 00 00 00 00 80 3f");
        QCOMPARE(parse(unordered)->tree().errorCount(), std::uint64_t{0});
        ParseSettings strict;
        strict.options["id-order"] = "ascending";
        const auto refused = parse(unordered, strict);
        QCOMPARE(ruleIds(refused->tree()), QStringList{"testrec.id.order"});
        QCOMPARE(refused->tree().errorCount(), std::uint64_t{1});
    }

    // Bad input: a count the bytes cannot hold, a wrong magic and version.
    void badInput() {
        const Bytes sample = test::hexBytes(kSampleHex);
        const auto cut = parse(Bytes(sample.begin(), sample.begin() + 20));
        QCOMPARE(ruleIds(cut->tree()), QStringList{"testrec.record_count"});
        Bytes wrong = sample;
        wrong[0] = 'X';
        wrong[4] = 2;
        QCOMPARE(ruleIds(parse(wrong)->tree()), (QStringList{"testrec.magic", "testrec.version"}));
        QCOMPARE(parse(Bytes(sample.begin(), sample.begin() + 5))->tree().errorCount(), std::uint64_t{1});
    }

    // The fuzz targets' work (fuzz_testrec, fuzz_testrec_pipeline): the sample and its cut
    // copies through sniff, both readings, dump, info, counts and write-back.
    void fuzzTargetWork() {
        const Bytes sample = test::hexBytes(kSampleHex);
        const hostile::ExerciseCounts whole = hostile::exerciseFormat(testrec::recordHandler(), sample);
        QVERIFY(whole.nodes >= 12); // file, header + 3 fields, records + 3 × (record + 2 fields)
        QCOMPARE(whole.diagnostics, std::uint64_t{0});
        for (std::size_t n = 0; n < sample.size(); ++n) {
            const hostile::ExerciseCounts cut =
                hostile::exerciseFormat(testrec::recordHandler(), ByteView(sample.data(), n));
            QVERIFY2(cut.diagnostics > 0, qPrintable(QString::number(n)));
        }
    }
};

QTEST_GUILESS_MAIN(TestFifthFormat)
#include "tst_fifth_format.moc"
