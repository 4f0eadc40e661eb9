// core's openInput: the checked sibling lookup (same folder, same archive folder; names that
// could reach elsewhere refused), the failures each caller words its own way, a MeshSet's chunk
// found beside it on disk and in an archive, and the census finding that chunk too.
#include "archive_fixtures.h"
#include "census/census.h"
#include "formats/meshset/meshset_samples.h"
#include "formats/meshset/meshset_writer.h"
#include "input/sibling_file.h"
#include "open/open_input.h"
#include "test_support.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <fstream>

using namespace assetscope;
using namespace assetscope::test;

namespace {

std::string text(const std::optional<Bytes>& bytes) {
    return bytes ? std::string(bytes->begin(), bytes->end()) : std::string("(none)");
}

std::string infoValue(const ParsedFile& file, const std::string& label) {
    for (const auto& [l, value] : file.info())
        if (l == label) return value;
    return {};
}

// The rigid sample MeshSet with its chunks, written into `folder`; the first chunk cut to
// `firstChunkBytes` when given (its LOD then fails the chunk-size rule).
std::string writeMeshSetWithChunks(const std::filesystem::path& folder,
                                   std::optional<std::size_t> firstChunkBytes = std::nullopt) {
    const meshset::SampleMeshSet s = meshset::rigidSample();
    const auto path = folder / "crate.meshset";
    writeFile(path, meshset::writeMeshSet(s.mesh));
    for (const auto& [guid, bytes] : s.chunks) {
        Bytes chunk = bytes;
        if (firstChunkBytes && guid == s.mesh.lods[0].chunk) chunk.resize(*firstChunkBytes);
        writeFile(folder / meshset::chunkFileName(guid), chunk);
    }
    return path.string();
}

QStringList refusalRules(const CensusCounts& counts) {
    QStringList rules;
    for (const auto& [rule, refusal] : counts.refusals)
        rules << QString::fromStdString(rule);
    return rules;
}

} // namespace

class TestOpenInput : public QObject {
    Q_OBJECT

private slots:
    void siblingPathStaysInTheInputsFolder() {
        QCOMPARE(siblingPath("/data/props/crate.meshset", "x.chunk"),
                 std::optional<std::string>("/data/props/x.chunk"));
        QCOMPARE(siblingPath("crate.meshset", "x.chunk"), std::optional<std::string>("x.chunk"));
        QCOMPARE(siblingPath("/crate.meshset", "x.chunk"), std::optional<std::string>("/x.chunk"));
        QCOMPARE(siblingPath("C:\\data\\crate.meshset", "x.chunk"),
                 std::optional<std::string>("C:\\data\\x.chunk"));
        QCOMPARE(siblingPath("media/A.zip::props/crate.meshset", "x.chunk"),
                 std::optional<std::string>("media/A.zip::props/x.chunk"));
        QCOMPARE(siblingPath("A.zip::crate.meshset", "x.chunk"),
                 std::optional<std::string>("A.zip::x.chunk"));
        QCOMPARE(siblingPath("A.zip::dir/B.zip::in/crate.meshset", "x.chunk"),
                 std::optional<std::string>("A.zip::dir/B.zip::in/x.chunk"));
    }

    void siblingPathRefusesNamesThatReachElsewhere() {
        for (const char* name : {"", "a/x.chunk", "/x.chunk", "a\\x.chunk", "\\x.chunk", "..", "../x.chunk",
                                 "..\\x.chunk", "x..chunk", "B.zip::x.chunk"}) {
            QVERIFY2(!siblingPath("/data/props/crate.meshset", name).has_value(), name);
            QVERIFY2(!siblingPath("A.zip::props/crate.meshset", name).has_value(), name);
            QVERIFY2(!loadSibling("/data/props/crate.meshset", name).has_value(), name);
        }
    }

    void loadSiblingFindsASameFolderFile() {
        QTemporaryDir dir;
        const std::filesystem::path root = dir.path().toStdString();
        writeFile(root / "props/crate.meshset", bytesOf("crate"));
        writeFile(root / "props/x.chunk", bytesOf("beside"));
        writeFile(root / "x.chunk", bytesOf("above"));
        writeFile(root / "other/y.chunk", bytesOf("elsewhere"));
        const std::string input = (root / "props/crate.meshset").string();
        QCOMPARE(text(loadSibling(input, "x.chunk")), std::string("beside"));
        QVERIFY(!loadSibling(input, "y.chunk").has_value());
        // These files exist, but not in the input's folder: the lookup refuses the way there.
        QVERIFY(!loadSibling(input, "../x.chunk").has_value());
        QVERIFY(!loadSibling(input, "../other/y.chunk").has_value());
        QVERIFY(!loadSibling(input, "..\\other\\y.chunk").has_value());
        QVERIFY(!loadSibling(input, (root / "x.chunk").string()).has_value());
    }

    void loadSiblingFindsASameArchiveFolderEntry() {
        QTemporaryDir dir;
        const std::filesystem::path zip = std::filesystem::path(dir.path().toStdString()) / "A.zip";
        writeFile(zip,
                  archive::writeZip({{"props/crate.meshset", bytesOf("crate")},
                                     {"props/x.chunk", bytesOf("beside")},
                                     {"x.chunk", bytesOf("at the root")},
                                     {"other/y.chunk", bytesOf("elsewhere")},
                                     {"props/B.zip", archive::writeZip({{"z.chunk", bytesOf("nested")}})}}));
        const std::string input = zip.string() + "::props/crate.meshset";
        QCOMPARE(text(loadSibling(input, "x.chunk")), std::string("beside"));
        QCOMPARE(text(loadSibling(zip.string() + "::other/y.chunk", "x.chunk")), std::string("(none)"));
        QCOMPARE(text(loadSibling(zip.string() + "::crate.meshset", "x.chunk")), std::string("at the root"));
        QVERIFY(!loadSibling(input, "y.chunk").has_value());
        QVERIFY(!loadSibling(input, "../other/y.chunk").has_value());
        QVERIFY(!loadSibling(input, "../x.chunk").has_value());
        QVERIFY(!loadSibling(input, "B.zip::z.chunk").has_value());
    }

    void failuresCarryTheMessagesCallersPrint() {
        QTemporaryDir dir;
        const std::filesystem::path root = dir.path().toStdString();
        OpenedInput missing = openInput((root / "missing.modelbin").string());
        QCOMPARE(missing.failure, OpenFailure::Unreadable);
        QCOMPARE(missing.error, std::string("cannot open: No such file or directory"));
        QCOMPARE(missing.name, std::string("missing.modelbin"));
        QVERIFY(!missing.parsed);

        writeFile(root / "junk.bin", bytesOf("nothing anyone reads"));
        OpenedInput junk = openInput((root / "junk.bin").string());
        QCOMPARE(junk.failure, OpenFailure::Unsupported);
        QCOMPARE(junk.error, std::string("unsupported format (no known format matches its bytes)"));
        QVERIFY(junk.bytes);
        QCOMPARE(junk.bytes->size(), std::size_t(20));
        QVERIFY(!junk.ok());
    }

    void aMeshSetFindsItsChunkBesideIt() {
        QTemporaryDir dir;
        const std::filesystem::path root = dir.path().toStdString();
        const meshset::SampleMeshSet s = meshset::rigidSample();
        const std::string chunk = meshset::chunkFileName(s.mesh.lods[0].chunk);
        const std::string input = writeMeshSetWithChunks(root / "props");
        OpenedInput opened = openInput(input);
        QVERIFY(opened.ok());
        QCOMPARE(infoValue(*opened.parsed, "LOD 0 geometry"), chunk + " next to the resource");

        // In an archive: the chunk in the same archive folder.
        std::vector<archive::ZipInput> entries{{"props/crate.meshset", meshset::writeMeshSet(s.mesh)}};
        for (const auto& [guid, bytes] : s.chunks)
            entries.push_back({"props/" + meshset::chunkFileName(guid), bytes});
        const std::filesystem::path zip = root / "A.zip";
        writeFile(zip, archive::writeZip(entries));
        OpenedInput inArchive = openInput(zip.string() + "::props/crate.meshset");
        QVERIFY(inArchive.ok());
        QCOMPARE(infoValue(*inArchive.parsed, "LOD 0 geometry"), chunk + " next to the resource");
        QCOMPARE(inArchive.parsed->tree().errorCount(), std::uint64_t(0));
    }

    // A census reads strictly with nodes off; the chunk beside the MeshSet is found and checked,
    // so a chunk too short for its LOD is a refusal there as it is in `info`.
    void theCensusFindsTheChunkBesideAMeshSet() {
        QTemporaryDir dir;
        const std::filesystem::path root = dir.path().toStdString();
        writeMeshSetWithChunks(root / "good");
        const meshset::SampleMeshSet s = meshset::rigidSample();
        const std::string bad = writeMeshSetWithChunks(root / "bad", s.mesh.lods[0].vertexBufferBytes / 2);

        const CensusCounts good = runCensus({(root / "good").string()}, {});
        QCOMPARE(good.files, std::uint64_t(1));
        QVERIFY2(good.refusals.empty(), qPrintable(refusalRules(good).join(", ")));

        const CensusCounts counts = runCensus({(root / "bad").string()}, {});
        QCOMPARE(counts.files, std::uint64_t(1));
        QVERIFY2(refusalRules(counts).contains("meshset.chunk.size"),
                 qPrintable(refusalRules(counts).join(", ")));
        QCOMPARE(counts.refusals.at("meshset.chunk.size").examples.front().rfind(bad + ": LOD 0 geometry", 0),
                 std::size_t(0));

        const auto info = runCli({"info", QString::fromStdString(bad)});
        QCOMPARE(info.exitCode, 1);
        QVERIFY(info.out.contains("[meshset.chunk.size]"));
        const auto census = runCli({"census", "--json", QString::fromStdString((root / "bad").string())});
        QCOMPARE(census.exitCode, 1);
        QStringList rules;
        for (const auto v : QJsonDocument::fromJson(census.out).object()["refusals"].toArray())
            rules << v.toObject()["rule"].toString();
        QVERIFY2(rules.contains("meshset.chunk.size"), qPrintable(rules.join(", ")));
    }
};

QTEST_APPLESS_MAIN(TestOpenInput)
#include "tst_open_input.moc"
