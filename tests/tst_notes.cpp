// Notes files: SHA-256 keys, path wildcards, the JSON schema and its refusals, the atomic write,
// which nodes notes attach to, and `dump --json --notes`.
#include "formats/registry.h"
#include "notes/node_notes.h"
#include "notes/notes_file.h"
#include "notes/notes_json.h"
#include "notes/path_pattern.h"
#include "bytes/sha256.h"
#include "support/test_support.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace assetscope;
using namespace assetscope::notes;

namespace {

const char* kBench = "prp_sample_bench_v112.i.modelbin";

Bytes sampleBytes(std::string_view ending) {
    for (const SampleSource source : sampleSources())
        if (source)
            for (const auto& file : source())
                if (file.name.ends_with(ending)) return file.data;
    return {};
}

NotesDocument benchNotes(const std::string& sha) {
    NotesDocument n;
    FileNotes& f = n.fileFor(sha, kBench, "modelbin");
    f.bookmarks.push_back({"bundle/header/tag", std::nullopt, "the bundle's tag", "#ff0000"});
    f.bookmarks.push_back({"", ByteSpan{0xc, 4}, "total size", "#00ff00"});
    n.pathNotes.push_back(
        {"modelbin", "bundle/blob_records/*/data_size_again", "same as data_size", "#0000ff"});
    return n;
}

// The names below the file node of every node of a dump carrying a "notes" array, with its notes.
void collectNotes(const QJsonObject& node, const QString& path, QMap<QString, QJsonArray>& out) {
    if (node.contains("notes")) out[path] = node["notes"].toArray();
    for (const QJsonValue c : node["children"].toArray()) {
        const QString name = c.toObject()["name"].toString();
        collectNotes(c.toObject(), path.isEmpty() ? name : path + "/" + name, out);
    }
}

} // namespace

class TestNotes : public QObject {
    Q_OBJECT
private slots:
    void sha256OfKnownTexts() {
        QCOMPARE(sha256Hex({}),
                 std::string("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
        const Bytes abc{'a', 'b', 'c'};
        QCOMPARE(sha256Hex(abc),
                 std::string("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
        // 56 bytes: the length no longer fits the first block, so padding takes a second one.
        const std::string two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
        QCOMPARE(sha256Hex(ByteView(reinterpret_cast<const std::uint8_t*>(two.data()), two.size())),
                 std::string("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"));
    }

    void wildcardsMatchWithinOneSegment() {
        QVERIFY(segmentMatches("unknown_0x??", "unknown_0x2c"));
        QVERIFY(!segmentMatches("unknown_0x?", "unknown_0x2c"));
        QVERIFY(segmentMatches("*", "[12]"));
        QVERIFY(segmentMatches("*_size", "data_size"));
        QVERIFY(!segmentMatches("*_size", "data_size_again"));
        QVERIFY(segmentMatches("a*b*c", "axxbyybzc"));
        QVERIFY(!segmentMatches("Mesh", "mesh"));
        const auto pattern = pathSegments("bundle/Mesh/*/unknown_0x2c");
        QCOMPARE(pattern.size(), std::size_t{4});
        QVERIFY(pathMatches(pattern, {"bundle", "Mesh", "[3]", "unknown_0x2c"}));
        QVERIFY(!pathMatches(pattern, {"bundle", "Mesh", "[3]", "x", "unknown_0x2c"})); // '*' is one segment
        QVERIFY(!pathMatches(pattern, {"bundle", "Mesh", "unknown_0x2c"}));
    }

    void jsonRoundTrips() {
        const NotesDocument notes = benchNotes(std::string(64, 'a'));
        std::string error;
        const auto back = readNotesJson(notesJson(notes), error);
        QVERIFY2(back, error.c_str());
        QVERIFY(*back == notes);
        QVERIFY(back->files[0].bookmarks[1].range == (ByteSpan{12, 4}));
        // A bookmark's path comes from the file's own tree, which may hold names no sample has
        // (an error node): only its shape is checked. A path note's is checked against the format.
        NotesDocument unusual = notes;
        unusual.files[0].bookmarks[0].path = "bundle/unseen_in_samples";
        QVERIFY2(readNotesJson(notesJson(unusual), error), error.c_str());
        unusual.files[0].bookmarks[0].path = "bundle//tag";
        QVERIFY(!readNotesJson(notesJson(unusual), error));
        QVERIFY2(error.find("file 1 bookmark 1: path \"bundle//tag\" has an empty segment") !=
                     std::string::npos,
                 error.c_str());
        unusual = notes;
        unusual.pathNotes[0].path = "bundle/unseen_in_samples";
        QVERIFY(!readNotesJson(notesJson(unusual), error));
    }

    void refusalsSayWhy_data() {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("reason");
        const QString path =
            R"({"schema":"assetscope-notes","version":1,"path_notes":[{"format":"%1","path":"%2","note":"n","colour":"%3"}]})";
        QTest::newRow("not json") << "{\"schema\": "
                                  << "not valid JSON";
        QTest::newRow("other schema") << R"({"schema":"x","version":1})"
                                      << "not a notes file";
        QTest::newRow("schema not text") << R"({"schema":5,"version":1})"
                                         << "not a notes file";
        QTest::newRow("an array") << R"([1, 2])"
                                  << "not a notes file";
        QTest::newRow("offset negative")
            << QString::fromStdString(notesJson(benchNotes(std::string(64, 'a'))))
                   .replace(QStringLiteral("\"offset\": 12"), QStringLiteral("\"offset\": -1"))
            << "must be whole numbers";
        QTest::newRow("version") << R"({"schema":"assetscope-notes","version":2})"
                                 << "this program reads version 1";
        QTest::newRow("format") << path.arg("modelbinn", "bundle/header/tag", "#000000")
                                << "no format is called \"modelbinn\"";
        QTest::newRow("first segment") << path.arg("modelbin", "bundel/header/tag", "#000000")
                                       << "no modelbin file has \"bundel\" below its file node";
        QTest::newRow("last segment") << path.arg("modelbin", "bundle/header/tagg", "#000000")
                                      << "no modelbin file has a node called \"tagg\"";
        QTest::newRow("empty segment")
            << path.arg("modelbin", "bundle//tag", "#000000") << "has an empty segment";
        QTest::newRow("colour") << path.arg("modelbin", "bundle/header/tag", "red") << "is not #rrggbb";
    }
    void refusalsSayWhy() {
        QFETCH(QString, json);
        QFETCH(QString, reason);
        std::string error;
        QVERIFY(!readNotesJson(json.toStdString(), error));
        QVERIFY2(QString::fromStdString(error).contains(reason), error.c_str());
    }

    void aRefusedFileLeavesTheNotesAndTheSavedFile() {
        QTemporaryDir dir;
        const std::filesystem::path good = dir.filePath("notes/good.json").toStdString();
        NotesDocument notes = benchNotes(std::string(64, 'b'));
        std::string error;
        QVERIFY2(saveNotesFile(good, notes, error), error.c_str()); // makes the folder
        const std::filesystem::path bad = dir.filePath("bad.json").toStdString();
        test::writeFile(bad, test::hexBytes("7b 5b")); // "{["
        NotesDocument loaded = notes;
        QVERIFY(!loadNotesFile(bad, loaded, error));
        QVERIFY(loaded == notes);
        QVERIFY(!loadNotesFile(dir.filePath("missing.json").toStdString(), loaded, error));
        QVERIFY(loaded == notes);
        // Saving again replaces the file whole and leaves no temporary file beside it.
        notes.pathNotes.clear();
        QVERIFY(saveNotesFile(good, notes, error));
        NotesDocument reread;
        QVERIFY2(loadNotesFile(good, reread, error), error.c_str());
        QVERIFY(reread == notes);
        QCOMPARE(QDir(dir.filePath("notes")).entryList(QDir::Files), QStringList{"good.json"});
    }

    void notesAttachToTheirNodes() {
        const Bytes bench = sampleBytes(kBench);
        QVERIFY(!bench.empty());
        const FormatHandler* handler = detectFormat(bench, kBench);
        QVERIFY(handler);
        ParseSettings settings;
        settings.fileName = kBench;
        const auto parsed = handler->parse(shareBytes(bench), settings);
        const StructureTree& tree = parsed->tree();
        const NotesDocument notes = benchNotes(sha256Hex(bench));
        // Bytes 0xc..0x10 are the Grub header's total size, wholly inside that field.
        QCOMPARE(namesBelowRoot(tree, nodeOfRange(tree, {0xc, 4})),
                 (std::vector<std::string>{"bundle", "header", "total_size"}));
        // Two fields' bytes: the header holds both.
        QCOMPARE(namesBelowRoot(tree, nodeOfRange(tree, {0xa, 4})),
                 (std::vector<std::string>{"bundle", "header"}));
        QCOMPARE(nodeOfRange(tree, {bench.size() - 1, 2}), kNoNode);
        const NodeNotes attached(notes, "modelbin", sha256Hex(bench), tree);
        QCOMPARE(attached.at({"bundle", "header", "tag"}).size(), std::size_t{1});
        QCOMPARE(attached.at({"bundle", "header", "total_size"})[0].note(), std::string("total size"));
        const auto blob = attached.at({"bundle", "blob_records", "[4]", "data_size_again"});
        QCOMPARE(blob.size(), std::size_t{1});
        QVERIFY(blob[0].pathNote);
        QVERIFY(attached.at({"bundle", "blob_records", "[4]", "data_size"}).empty());
        // Another file's bookmarks and another format's path notes do not apply.
        QVERIFY(NodeNotes(notes, "meshset", std::string(64, 'c'), tree).empty());
    }

    void dumpAddsTheNotes() {
        QTemporaryDir dir;
        const Bytes bench = sampleBytes(kBench);
        const std::string input = dir.filePath("renamed.modelbin").toStdString();
        test::writeFile(input, bench);
        const std::string notesPath = dir.filePath("notes.json").toStdString();
        std::string error;
        QVERIFY(saveNotesFile(notesPath, benchNotes(sha256Hex(bench)), error));
        const auto r = test::runCli(
            {"dump", "--json", "--notes", QString::fromStdString(notesPath), QString::fromStdString(input)});
        QCOMPARE(r.exitCode, 0);
        QMap<QString, QJsonArray> found;
        collectNotes(QJsonDocument::fromJson(r.out).object(), {}, found);
        QCOMPARE(found.size(), 2 + 10); // two bookmarks, ten blob records
        QCOMPARE(found["bundle/header/tag"][0].toObject()["source"].toString(), QString("bookmark"));
        QCOMPARE(found["bundle/header/total_size"][0].toObject()["offset"].toInt(), 12);
        QCOMPARE(found["bundle/blob_records/[9]/data_size_again"][0].toObject()["source"].toString(),
                 QString("path_note"));
        // Without --notes nothing is added; a refused notes file is a usage error with the reason.
        QVERIFY(!test::runCli({"dump", "--json", QString::fromStdString(input)}).out.contains("\"notes\""));
        test::writeFile(dir.filePath("bad.json").toStdString(), test::hexBytes("5b"));
        const auto bad = test::runCli(
            {"dump", "--json", "--notes", dir.filePath("bad.json"), QString::fromStdString(input)});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("not valid JSON"), bad.err.constData());
        QVERIFY(bad.out.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestNotes)
#include "tst_notes.moc"
