// The bytes no node accounts for: found in core (tree/coverage), counted by `info`, marked by
// `dump` (text and JSON) beside the node each range falls in.
#include "bytes/number_text.h"
#include "contract/file_tree.h"
#include "contract/info_list.h"
#include "formats/grub/bundle.h"
#include "formats/grub/bundle_parser.h"
#include "open/open_input.h"
#include "samples/sample_set.h"
#include "test_support.h"
#include "tree/coverage.h"
#include "tree/recorder.h"
#include "tree/tree_writers.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <map>
#include <sstream>

using namespace assetscope;

namespace {

// 32 bytes: a header of two u32 at 0 and 8 (bytes 4..7 between them unread), a body holding
// one u32 at 20, and 8 trailing bytes nothing reads.
struct GappyTree {
    StructureTree tree;
    NodeId header = kNoNode;
    NodeId body = kNoNode;
};

GappyTree gappyTree() {
    auto shared = shareBytes(Bytes(32, 0xAB));
    ParseSettings settings;
    settings.fileName = "gappy.bin";
    GappyTree g{makeFileTree(shared, settings)};
    Recorder r(g.tree, *shared, 0, g.tree.root());
    {
        auto header = r.scope("header");
        g.header = header.id();
        r.u32("first");
        r.seek(8);
        r.u32("second");
    }
    r.seek(20);
    {
        auto body = r.scope("body");
        g.body = body.id();
        r.u32("third");
    }
    g.tree.setSize(g.header, 12);
    g.tree.setSize(g.body, 4);
    return g;
}

// The notes of rule coverage.unaccounted in a `dump --json` tree, as "node name: message".
void collectNotes(const QJsonObject& node, QStringList& out) {
    for (const auto d : node["diagnostics"].toArray())
        if (d.toObject()["rule"].toString() == QLatin1String(kUnaccountedRule))
            out << node["name"].toString() + ": " + d.toObject()["message"].toString();
    for (const auto c : node["children"].toArray())
        collectNotes(c.toObject(), out);
}

} // namespace

class TestCoverage : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        std::vector<std::string> written;
        std::string error;
        QVERIFY2(samples::writeSampleSet(m_dir.path().toStdString(), written, error), error.c_str());
    }

    void rangesBetweenLeaves() {
        const GappyTree g = gappyTree();
        const std::vector<ByteRange> ranges = unaccountedRanges(g.tree);
        QCOMPARE(ranges, (std::vector<ByteRange>{{4, 8}, {12, 20}, {24, 32}}));
        QCOMPARE(rangeBytes(ranges), std::uint64_t{4 + 8 + 8});
        QCOMPARE(unaccountedSummary(ranges), std::string("20 bytes in 3 ranges"));
        QCOMPARE(unaccountedSummary({{3, 4}}), std::string("1 byte in 1 range"));
        QVERIFY(inRanges(ranges, 4));
        QVERIFY(!inRanges(ranges, 8));
        QCOMPARE(*nextRange(ranges, 4), (ByteRange{12, 20}));
        QCOMPARE(*previousRange(ranges, 12), (ByteRange{4, 8}));
        QVERIFY(!nextRange(ranges, 24));
    }

    void eachRangeFallsInTheInnermostNodeAroundIt() {
        const GappyTree g = gappyTree();
        const std::vector<NodeId> owners = unaccountedOwners(g.tree, unaccountedRanges(g.tree));
        // Inside the header; between header and body, and after the body: the file itself.
        QCOMPARE(owners, (std::vector<NodeId>{g.header, g.tree.root(), g.tree.root()}));
    }

    void textDumpMarksTheRangesUnderTheirNodes() {
        const GappyTree g = gappyTree();
        std::ostringstream plain, marked;
        writeTreeText(g.tree, plain);
        TreeWriteOptions options;
        options.markUnaccounted = true;
        writeTreeText(g.tree, marked, options);
        QVERIFY(plain.str().find("coverage") == std::string::npos);
        const std::string text = marked.str();
        QVERIFY2(text.find("  header  [struct] @0x0 +12\n"
                           "    ! note [coverage.unaccounted] @0x4 +4: bytes no node accounts for\n") !=
                     std::string::npos,
                 text.c_str());
        QVERIFY2(text.find("gappy.bin  [file] @0x0 +32\n"
                           "  ! note [coverage.unaccounted] @0xc +8: bytes no node accounts for\n"
                           "  ! note [coverage.unaccounted] @0x18 +8: bytes no node accounts for\n") !=
                     std::string::npos,
                 text.c_str());
    }

    void jsonDumpMarksFitTheNodeSchema() {
        const GappyTree g = gappyTree();
        std::ostringstream out;
        TreeWriteOptions options;
        options.markUnaccounted = true;
        writeTreeJson(g.tree, out, options);
        const QJsonObject root = QJsonDocument::fromJson(QByteArray::fromStdString(out.str())).object();
        const QJsonArray notes = root["diagnostics"].toArray();
        QCOMPARE(notes.size(), 2);
        const QJsonObject first = notes[0].toObject();
        QCOMPARE(first.keys(), (QStringList{"message", "rule", "severity"}));
        QCOMPARE(first["severity"].toString(), QStringLiteral("note"));
        QCOMPARE(first["message"].toString(), QStringLiteral("@0xc +8: bytes no node accounts for"));
        // The tree keeps its nodes: file, header (two fields), body (one field).
        QCOMPARE(root["children"].toArray().size(), 2);
    }

    void cliMarksEveryRangeOfASample() {
        // The crate MeshSet's pool leaves bytes unread: `dump` marks each range once, in both
        // forms, and `info` counts them.
        const QString path = m_dir.filePath(QStringLiteral("frostbite/props/sample_crate.meshset"));
        OpenedInput opened = openInput(path.toStdString());
        QVERIFY(opened.ok());
        const std::vector<ByteRange> ranges = unaccountedRanges(opened.parsed->tree());
        QVERIFY(ranges.size() > 1);

        const auto text = test::runCli({"dump", path});
        QCOMPARE(text.exitCode, 0);
        QCOMPARE(text.out.count("! note [coverage.unaccounted] @0x"), static_cast<qsizetype>(ranges.size()));
        for (const ByteRange& r : ranges)
            QVERIFY(text.out.contains(QByteArray::fromStdString(
                "@" + hexText(r.begin) + " +" + std::to_string(r.end - r.begin) + ": bytes")));

        const auto json = test::runCli({"dump", "--json", path});
        QCOMPARE(json.exitCode, 0);
        QStringList notes;
        collectNotes(QJsonDocument::fromJson(json.out).object(), notes);
        QCOMPARE(notes.size(), static_cast<qsizetype>(ranges.size()));

        const auto info = test::runCli({"info", path});
        QCOMPARE(info.exitCode, 0);
        QVERIFY2(info.out.contains(QByteArray::fromStdString("\nunaccounted: " + unaccountedSummary(ranges) +
                                                             "\ndiagnostics: ")),
                 info.out.constData());
    }

    void infoLeavesOutTheLineWhenEveryByteIsAccountedFor() {
        const QString path =
            m_dir.filePath(QStringLiteral("media/models/terr_sample_patch_32bit.i.modelbin"));
        OpenedInput opened = openInput(path.toStdString());
        QVERIFY(opened.ok());
        QVERIFY(unaccountedRanges(opened.parsed->tree()).empty());
        const auto info = test::runCli({"info", path});
        QCOMPARE(info.exitCode, 0);
        QVERIFY(!info.out.contains("unaccounted"));
        const auto dump = test::runCli({"dump", path});
        QVERIFY(!dump.out.contains("coverage.unaccounted"));
    }

    void infoListsStopAtTen() {
        QCOMPARE(infoList({"a", "b"}), std::string("a, b"));
        std::vector<std::string> twelve;
        for (int i = 0; i < 12; ++i)
            twelve.push_back(std::to_string(i));
        QCOMPARE(infoList(twelve), std::string("0, 1, 2, 3, 4, 5, 6, 7, 8, 9, and 2 more"));
        twelve.pop_back();
        twelve.pop_back();
        QCOMPARE(infoList(twelve), std::string("0, 1, 2, 3, 4, 5, 6, 7, 8, 9"));
    }

    void infoStaysOneScreenOnTheMostBlobsThatFit() {
        // The terrain model with its bundle's blob count at the most whose 24-byte records fit
        // after the 20-byte header: every record past the ninth is garbage, each a refusal.
        QFile terrain(m_dir.filePath(QStringLiteral("media/models/terr_sample_patch_32bit.i.modelbin")));
        QVERIFY(terrain.open(QIODevice::ReadOnly));
        const QByteArray read = terrain.readAll();
        Bytes bytes(read.begin(), read.end());
        QVERIFY(bytes.size() > 20);
        const std::uint32_t most = static_cast<std::uint32_t>((bytes.size() - 20) / 24);
        for (int i = 0; i < 4; ++i)
            bytes[16 + i] = static_cast<std::uint8_t>(most >> (8 * i));
        const QString path = m_dir.filePath(QStringLiteral("most_blobs.modelbin"));
        test::writeFile(path.toStdString(), bytes);

        // What the lists hold, worked out from core's reading of the same bytes.
        OpenedInput opened = openInput(path.toStdString());
        QVERIFY(opened.parsed);
        const StructureTree& tree = opened.parsed->tree();
        ParseSettings settings;
        settings.fileName = "most_blobs.modelbin";
        StructureTree bundleTree = makeFileTree(shareBytes(Bytes(bytes)), settings);
        const grub::Bundle bundle = grub::parseBundle(bundleTree);
        QCOMPARE(bundle.blobs.size(), std::size_t{most});
        std::map<std::string, int> kinds; // tag and version: how many blobs
        for (const grub::Blob& blob : bundle.blobs)
            ++kinds[tagText(blob.tag) + " " + blob.versionText()];
        QVERIFY(kinds.size() > 100);
        std::string firstTen = "blob kinds: ";
        for (auto it = kinds.begin(); it != std::next(kinds.begin(), 10); ++it)
            firstTen += it->first + (it->second > 1 ? " ×" + std::to_string(it->second) : "") + ", ";
        QVERIFY(tree.errorCount() > 1000);

        const auto info = test::runCli({"info", path});
        QCOMPARE(info.exitCode, 1);
        const QList<QByteArray> lines = info.out.split('\n');
        QVERIFY2(lines.size() < 60, qPrintable(QString::number(lines.size()) + " lines"));
        QByteArray kindsLine;
        int refusals = 0;
        for (const QByteArray& line : lines) {
            if (line.startsWith("blob kinds: ")) kindsLine = line;
            refusals += line.startsWith("refused: ");
        }
        QCOMPARE(kindsLine,
                 QByteArray::fromStdString(firstTen + "and " + std::to_string(kinds.size() - 10) + " more"));
        QCOMPARE(refusals, 10);
        QVERIFY2(info.out.endsWith(QByteArray::fromStdString(
                     "\nand " + std::to_string(tree.errorCount() - 10) + " more refusals\n")),
                 info.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestCoverage)
#include "tst_coverage.moc"
