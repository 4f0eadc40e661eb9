// `assetscope-cli find` as the contract gives it: one line per match `INPUT @0xOFFSET PATH VALUE`,
// at most --max lines then a count, the JSON object, exit 0 found / 1 nothing / 2 errors, over a
// folder with a zip and a nested bundle made here. Offsets by hand from grub-bundles.txt: a
// bundle's 20-byte header and 24 bytes per blob record come before its first blob's data
// (rounded up to 4), the blob count is at 0x10, and a nested bundle is its blob's data.
#include "archive/zip_archive.h"
#include "find/find_walk.h"
#include "formats/grub/bundle_writer.h"
#include "test_support.h"
#include "tst_find_fixtures.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace assetscope;

namespace {

using find_fixtures::ascii;
using find_fixtures::findBundle;

// A crowd whose one ClsL blob (a bundle, Proven) is findBundle: one record, so the nested
// bundle starts at (20 + 24) = 0x2c and its blobs at 0x2c + 0x44 = 0x70 and 0x2c + 0x4c = 0x78.
Bytes crowdBytes() {
    grub::Bundle outer;
    outer.blobs.push_back(grub::nestedBlob(tagFromText("ClsL"), 1, 0, findBundle()));
    return grub::writeBundle(outer);
}

QJsonObject jsonOf(const QByteArray& out) {
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(out, &error);
    if (error.error != QJsonParseError::NoError) qWarning("%s", qPrintable(error.errorString()));
    return doc.object();
}

} // namespace

class TestFindCli : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_root;

    QString path(const QString& relative) const { return m_root + "/" + relative; }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_root = m_dir.path() + "/folder";
        const std::string root = m_root.toStdString();
        // Walk order is sorted: a, crowd, media.zip, notes.txt (no format reads it: not searched).
        test::writeFile(root + "/a.materialbin", grub::writeBundle(findBundle()));
        test::writeFile(root + "/crowd.crowdbin", crowdBytes());
        test::writeFile(root + "/media.zip",
                        archive::writeZip({{"d.materialbin", grub::writeBundle(findBundle())}}));
        test::writeFile(root + "/notes.txt", ascii("FIND me"));
    }

    void textLines() {
        const auto r = test::runCli({"find", "--text", "FIND", m_root});
        QCOMPARE(r.exitCode, 0);
        const QString expected = path("a.materialbin") + " @0x46 bundle/MTUD \"FIND\"\n" +
                                 path("a.materialbin") + " @0x4c bundle/MTUD#1 \"FIND\"\n" +
                                 path("crowd.crowdbin") + " @0x72 bundle/ClsL/bundle/MTUD \"FIND\"\n" +
                                 path("crowd.crowdbin") + " @0x78 bundle/ClsL/bundle/MTUD#1 \"FIND\"\n" +
                                 path("media.zip") + "::d.materialbin @0x46 bundle/MTUD \"FIND\"\n" +
                                 path("media.zip") + "::d.materialbin @0x4c bundle/MTUD#1 \"FIND\"\n";
        QCOMPARE(QString::fromUtf8(r.out), expected);
        QVERIFY(r.err.isEmpty());
        // The same whatever the number of workers.
        QCOMPARE(test::runCli({"find", "--jobs", "2", "--text", "FIND", m_root}).out, r.out);
    }

    void maxThenCount() {
        const auto r = test::runCli({"find", "--max", "2", "--bytes", "46 ?? 49", m_root});
        QCOMPARE(r.exitCode, 0);
        // 46 00 49 is the UTF-16LE F, I of each second blob; ASCII FI is 46 49, not a match.
        const QString expected = path("a.materialbin") + " @0x4c bundle/MTUD#1 \"46 00 49\"\n" +
                                 path("crowd.crowdbin") +
                                 " @0x78 bundle/ClsL/bundle/MTUD#1 \"46 00 49\"\n... 1 more match\n";
        QCOMPARE(QString::fromUtf8(r.out), expected);
    }

    // A field search: blob counts are 2 in the bundles, 1 in the crowd's outer bundle.
    void fieldValues() {
        const auto r = test::runCli({"find", "--field", "grub/header/blob_count", "--value", "2", m_root});
        QCOMPARE(r.exitCode, 0);
        const QString expected = path("a.materialbin") + " @0x10 bundle/header/blob_count 2\n" +
                                 path("crowd.crowdbin") + " @0x3c bundle/ClsL/bundle/header/blob_count 2\n" +
                                 path("media.zip") + "::d.materialbin @0x10 bundle/header/blob_count 2\n";
        QCOMPARE(QString::fromUtf8(r.out), expected);
        const auto tag = test::runCli({"find", "--field", "grub/blob_record/tag", "--value", "Cls?", m_root});
        QCOMPARE(QString::fromUtf8(tag.out),
                 path("crowd.crowdbin") + " @0x14 bundle/blob_records/[0]/tag \"ClsL\"\n");
    }

    void jsonShape() {
        const auto r = test::runCli({"find", "--json", "--max", "1", "--text", "FIND", m_root});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = jsonOf(r.out);
        QCOMPARE(o.value("files").toInt(), 3);
        QCOMPARE(o.value("truncated").toInt(), 5);
        const QJsonArray matches = o.value("matches").toArray();
        QCOMPARE(matches.size(), 1);
        const QJsonObject m = matches[0].toObject();
        QCOMPARE(m.value("input").toString(), path("a.materialbin"));
        QCOMPARE(m.value("offset").toInt(), 0x46);
        QCOMPARE(m.value("size").toInt(), 4);
        QCOMPARE(m.value("path").toString(), QString("bundle/MTUD"));
        QCOMPARE(m.value("value").toString(), QString("FIND"));
        QCOMPARE(m.keys(), (QStringList{"input", "offset", "path", "size", "value"}));
        // The UTF-16LE match is 8 bytes.
        const QJsonObject second =
            jsonOf(test::runCli({"find", "--json", "--text", "FIND", path("a.materialbin")}).out)
                .value("matches")
                .toArray()[1]
                .toObject();
        QCOMPARE(second.value("offset").toInt(), 0x4c);
        QCOMPARE(second.value("size").toInt(), 8);
    }

    void nothingFound() {
        const auto r = test::runCli({"find", "--text", "NOPE", m_root});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.out.isEmpty());
        const auto json =
            test::runCli({"find", "--json", "--field", "grub/header/blob_count", "--value", "7", m_root});
        QCOMPARE(json.exitCode, 1);
        QCOMPARE(QString::fromUtf8(json.out), QString("{\"files\": 3, \"matches\": [], \"truncated\": 0}\n"));
    }

    void usageErrors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("says");
        QTest::newRow("bad byte") << QStringList{"--bytes", "46 4g"} << "bytes: '4g' is not a hex byte or ??";
        QTest::newRow("half byte") << QStringList{"--bytes", "464"} << "bytes: '4' is half a byte";
        QTest::newRow("all wildcards") << QStringList{"--bytes", "??"} << "every byte is ??";
        QTest::newRow("unknown key")
            << QStringList{"--field", "grub/header/blob_cont", "--value", "1"}
            << "unknown field key 'grub/header/blob_cont' (closest: grub/header/blob_count";
        QTest::newRow("field alone") << QStringList{"--field", "grub/header/blob_count"}
                                     << "--field needs --value V";
        QTest::newRow("value alone") << QStringList{"--value", "2"} << "--value needs --field KEY";
        QTest::newRow("two kinds") << QStringList{"--text", "a", "--bytes", "61"} << "exclude each other";
        QTest::newRow("none") << QStringList{}
                              << "give one of --field KEY --value V, --bytes HEX or --text S";
        QTest::newRow("non-ASCII text") << QStringList{"--text", "caf\u00e9"} << "text: only ASCII";
    }
    void usageErrors() {
        QFETCH(QStringList, args);
        QFETCH(QString, says);
        const auto r = test::runCli(QStringList{"find"} + args + QStringList{m_root});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(QString::fromUtf8(r.err).contains(says), r.err.constData());
    }

    // A file that cannot be read leaves the answer incomplete: the matches, the file on stderr,
    // exit 2.
    void unreadableFileIsAnError() {
        QTemporaryDir dir;
        const std::string root = dir.path().toStdString();
        test::writeFile(root + "/a.materialbin", grub::writeBundle(findBundle()));
        test::writeFile(root + "/broken.zip", ascii("PK\x03\x04garbage"));
        const auto r = test::runCli({"find", "--text", "FIND", dir.path()});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.out.count('\n'), 2);
        QVERIFY2(QString::fromUtf8(r.err).contains("broken.zip"), r.err.constData());
    }

    void missingPath() {
        const auto r = test::runCli({"find", "--text", "FIND", path("no-such-folder")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
    }

    // Many files, more than one batch of the walk: the walking thread then reads batches out of
    // walk order, and the earliest matches must still be the ones kept, whatever the jobs.
    void sameMatchesWhateverTheJobs() {
        QTemporaryDir dir;
        const std::string root = dir.path().toStdString();
        for (int i = 0; i < 150; ++i) {
            char name[32];
            std::snprintf(name, sizeof name, "/m%03d.materialbin", i);
            test::writeFile(root + name, grub::writeBundle(findBundle()));
        }
        const CompiledFind query = compileFind({FindKind::Text, "FIND", {}});
        QVERIFY(query.ok());
        const auto run = [&](int jobs) {
            FindWalkOptions options;
            options.jobs = jobs;
            options.maxMatches = 41;
            const FindWalkResult r = runFind(*query.query, {root}, options);
            std::vector<std::string> lines;
            for (const FoundMatch& f : r.matches)
                lines.push_back(f.input + "@" + std::to_string(f.match.offset) + " " + f.match.path);
            return std::make_pair(r.total, lines);
        };
        const auto one = run(1);
        QCOMPARE(one.first, std::uint64_t{300});
        QCOMPARE(one.second.size(), std::size_t{41});
        QCOMPARE(one.second.back(), root + "/m020.materialbin@70 bundle/MTUD"); // the 41st: file 20's first
        for (int round = 0; round < 5; ++round)
            for (int jobs : {2, 3})
                QCOMPARE(run(jobs), one);
    }

    void listedInHelp() {
        const auto r = test::runCli({"--help"});
        QVERIFY(QString::fromUtf8(r.out).contains("find [--json] [--jobs N] [--max N]"));
    }
};

QTEST_GUILESS_MAIN(TestFindCli)
#include "tst_find_cli.moc"
