// The limits on hostile input, one test per limit: each holds, and when it is hit the message or
// diagnostic names it (archive::Limits fields by name, grub.limits.depth as a rule). Unsafe
// entry names and symlink entries are shown but never written outside the folder asked for,
// nor followed.
#include "archive/zip_archive.h"
#include "census/input_walk.h"
#include "formats/grub/bundle_parser.h"
#include "formats/grub/bundle_writer.h"
#include "input/input_path.h"
#include "samples/sample_set.h"
#include "test_support.h"

#include <QDirIterator>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace assetscope;
using archive::Limits;
using archive::ZipInput;

namespace {

Bytes textBytes(std::string_view text) {
    return Bytes(text.begin(), text.end());
}

bool writeFile(const QString& path, const Bytes& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) &&
           f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<qint64>(bytes.size())) ==
               static_cast<qint64>(bytes.size());
}

std::string readError(const Bytes& zipBytes, std::string_view name, const Limits& limits) {
    std::string error;
    auto zip = archive::ZipArchive::open(shareBytes(zipBytes), error);
    if (!zip) return "not opened: " + error;
    const archive::ZipEntry* entry = zip->find(name);
    if (!entry) return "no entry";
    const auto bytes = zip->read(*entry, limits, error);
    return bytes ? std::string() : error;
}

// Every file under `root`, relative to it, sorted.
QStringList filesUnder(const QString& root) {
    QStringList files;
    QDirIterator it(root, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << QDir(root).relativeFilePath(it.next());
    files.sort();
    return files;
}

grub::Blob blobHolding(std::string_view tag, Bytes data) {
    grub::Blob b;
    b.tag = tagFromText(tag);
    b.versionMajor = 1;
    b.versionMinor = 0;
    b.data = std::move(data);
    return b;
}

const archive::ZipInput* firstSampleEndingIn(const samples::SampleFiles& all, std::string_view suffix) {
    for (const auto& f : all)
        if (f.name.ends_with(suffix)) return &f;
    return nullptr;
}

} // namespace

class TestLimits : public QObject {
    Q_OBJECT

private slots:
    // maxEntrySize: an entry (or a plain file) over the cap is refused before any of it is read.
    void maxEntrySizeIsNamed() {
        const Bytes zip = archive::writeZip({{"big.bin", Bytes(4096, 1)}});
        Limits tiny;
        tiny.maxEntrySize = 4095;
        QCOMPARE(readError(zip, "big.bin", tiny),
                 std::string("entry size 4096 exceeds the limit of 4095 bytes (maxEntrySize)"));
        tiny.maxEntrySize = 4096;
        QCOMPARE(readError(zip, "big.bin", tiny), std::string());
        QVERIFY(Limits{}.maxEntrySize == std::uint64_t{2} << 30);
        // A plain file read whole is held to the same cap.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath(QStringLiteral("big.bin")).toStdString();
        std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(zip.data()), 100);
        tiny.maxEntrySize = 99;
        QCOMPARE(loadInput(path, tiny).error,
                 std::string("file size 100 exceeds the limit of 99 bytes (maxEntrySize)"));
    }

    // maxCompressionRatio: 8 MiB of zeros deflate about a thousandfold; over 1 MiB the ratio
    // is checked against the directory's sizes before inflating anything.
    void maxCompressionRatioIsNamed() {
        const Bytes zip = archive::writeZip({{"zeros.bin", Bytes(8 << 20, 0)}});
        Limits strict;
        strict.maxCompressionRatio = 100;
        const std::string error = readError(zip, "zeros.bin", strict);
        QVERIFY2(error.find("exceeds the limit of 100:1 (maxCompressionRatio; possible zip bomb)") !=
                     std::string::npos,
                 error.c_str());
        // Below 1 MiB no ratio is asked: small, very compressible files are common.
        QCOMPARE(readError(archive::writeZip({{"small.bin", Bytes(1 << 20, 0)}}), "small.bin", strict),
                 std::string());
        QVERIFY(Limits{}.maxCompressionRatio == 1000);
    }

    // maxNestingDepth: archives inside archives are opened up to the cap, in loadInput and in
    // the census walk alike.
    void maxNestingDepthIsNamed() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const Bytes inner = archive::writeZip({{"leaf.bin", textBytes("leaf")}});
        const Bytes middle = archive::writeZip({{"inner.zip", inner}});
        const QString outer = dir.filePath(QStringLiteral("outer.zip"));
        QVERIFY(writeFile(outer, archive::writeZip({{"middle.zip", middle}})));
        const std::string path = outer.toStdString() + "::middle.zip::inner.zip::leaf.bin";
        Limits two;
        two.maxNestingDepth = 2;
        const LoadedInput refused = loadInput(path, two);
        QCOMPARE(refused.error,
                 std::string("nesting of 3 archive levels exceeds the limit of 2 (maxNestingDepth)"));
        Limits three;
        three.maxNestingDepth = 3;
        const LoadedInput loaded = loadInput(path, three);
        QVERIFY2(loaded.ok(), loaded.error.c_str());
        QCOMPARE(Bytes(loaded.bytes->begin(), loaded.bytes->end()), textBytes("leaf"));
        // The walk stops at the same depth, with a task whose error names the limit.
        std::vector<std::string> errors;
        walkInputs(outer.toStdString(), two, [&](InputTask task) {
            const LoadedInput l = task.load();
            if (!l.ok()) errors.push_back(l.error);
        });
        QCOMPARE(errors.size(), std::size_t{1});
        QVERIFY2(errors[0].find("(maxNestingDepth)") != std::string::npos, errors[0].c_str());
    }

    // Bundle nesting: a bundle inside a blob is followed down to ParseOptions::maxDepth (8);
    // deeper, the rule grub.limits.depth names the limit and the blob stays raw bytes.
    void bundleNestingDepthIsNamed() {
        grub::Bundle b;
        b.blobs.push_back(blobHolding("Skel", {1, 2, 3, 4}));
        for (int level = 0; level < 12; ++level) {
            grub::Bundle outer;
            outer.blobs.push_back(blobHolding("ClsL", grub::writeBundle(b)));
            b = std::move(outer);
        }
        StructureTree tree(shareBytes(grub::writeBundle(b)));
        const grub::Bundle parsed = grub::parseBundle(tree, grub::ParseOptions{});
        QVERIFY(test::hasRule(tree, "grub.limits.depth", Severity::Error));
        std::size_t depth = 0;
        for (const grub::Bundle* at = &parsed; !at->blobs.empty() && at->blobs[0].nested;
             at = at->blobs[0].nested.get())
            ++depth;
        QCOMPARE(depth, std::size_t{8});
        bool named = false;
        for (const LocatedDiagnostic& d : tree.diagnostics())
            named = named || (d.diagnostic.rule == "grub.limits.depth" &&
                              d.diagnostic.message.find("8 levels") != std::string::npos);
        QVERIFY2(named, qPrintable(test::describeDiagnostics(tree)));
    }

    // The volume of nested bundles: all levels together may read at most maxNestingVolume times
    // the input (8 by default, which blobs the arrangement keeps apart never reach at depth 8).
    // With the limit at 1, a bundle two levels deep reads about twice the input and is stopped
    // by a refusal that names the limit; the tree keeps what was read.
    void nestingVolumeIsNamed() {
        grub::Bundle inner;
        inner.blobs.push_back(blobHolding("Skel", {1, 2, 3, 4}));
        grub::Bundle middle;
        middle.blobs.push_back(blobHolding("ClsL", grub::writeBundle(inner)));
        grub::Bundle outer;
        outer.blobs.push_back(blobHolding("Mdls", grub::writeBundle(middle)));
        const Bytes bytes = grub::writeBundle(outer);
        {
            StructureTree tree(shareBytes(bytes));
            QCOMPARE(grub::parseBundle(tree).nestedBundleCount(), std::size_t{2});
            QCOMPARE(tree.errorCount(), std::uint64_t{0});
        }
        grub::ParseOptions options;
        options.maxNestingVolume = 1;
        StructureTree tree(shareBytes(bytes));
        const grub::Bundle parsed = grub::parseBundle(tree, options);
        QCOMPARE(parsed.nestedBundleCount(), std::size_t{1});
        bool named = false;
        for (const LocatedDiagnostic& d : tree.diagnostics())
            named = named || (d.diagnostic.rule == "grub.limits.nesting-volume" &&
                              d.diagnostic.severity == Severity::Error &&
                              d.diagnostic.message.find("(maxNestingVolume)") != std::string::npos);
        QVERIFY2(named, qPrintable(test::describeDiagnostics(tree)));
    }

    // Diagnostics of one rule in one container: the first 20 are listed, then one summary counts
    // the rest, and the totals still count every occurrence. Here 30 metadata records point at
    // themselves (payload offset 0): 30 misplaced payloads.
    void diagnosticsOfOneRuleAreSummarised() {
        grub::Blob blob = blobHolding("Skel", {1, 2, 3, 4});
        for (int i = 0; i < 30; ++i)
            blob.metadata.push_back(grub::nameMetadata("n" + std::to_string(i)));
        grub::Bundle b;
        b.blobs.push_back(blob);
        Bytes bytes = grub::writeBundle(b);
        const std::size_t records = 20 + 24;
        for (std::size_t i = 0; i < 30; ++i) {
            bytes[records + 8 * i + 6] = 0;
            bytes[records + 8 * i + 7] = 0;
        }
        StructureTree tree(shareBytes(bytes));
        grub::parseBundle(tree);
        std::size_t listed = 0;
        std::uint64_t occurrences = 0;
        const Diagnostic* summary = nullptr;
        for (const LocatedDiagnostic& d : tree.diagnostics()) {
            if (d.diagnostic.rule != "grub.arrangement.payload-offset") continue;
            ++listed;
            occurrences += d.diagnostic.occurrences();
            if (d.diagnostic.repeats > 0) summary = &d.diagnostic;
        }
        QCOMPARE(listed, std::size_t{StructureTree::kListedPerRule + 1});
        QCOMPARE(occurrences, std::uint64_t{30});
        QVERIFY(summary);
        QCOMPARE(summary->message,
                 std::string("and 10 more like this in the same container (the first 20 are listed)"));
        QVERIFY(tree.errorCount() >= 30);
        // The same file in batch mode (as the census reads it) counts the same.
        StructureTree batch(shareBytes(bytes), false);
        grub::parseBundle(batch);
        QCOMPARE(batch.errorCount(), tree.errorCount());
    }

    // Names with "..", absolute paths or drive letters are listed by the CLI (census) and can
    // be exported, but what is written goes only where -o says: the entry's name never makes
    // a path on disk.
    void unsafeEntryNamesAreShownButNeverExtracted() {
        const samples::SampleFiles all = samples::allSampleFiles();
        const archive::ZipInput* model = firstSampleEndingIn(all, ".modelbin");
        QVERIFY(model);
        const std::vector<std::string> names = {"../escape.modelbin", "/abs.modelbin", "C:/drive.modelbin",
                                                "..\\back.modelbin", "a/../../up.modelbin"};
        std::vector<ZipInput> entries;
        for (const auto& name : names)
            entries.push_back({name, model->data});
        QTemporaryDir root;
        QVERIFY(root.isValid());
        QVERIFY(QDir(root.path()).mkpath(QStringLiteral("chosen/out")));
        const QString zip = root.filePath(QStringLiteral("chosen/hostile.zip"));
        QVERIFY(writeFile(zip, archive::writeZip(entries)));

        // A census reads every one of them; `info` shows each under its own name.
        const auto census = test::runCli({"census", "--json", zip});
        QVERIFY2(census.exitCode == 0 || census.exitCode == 1, census.err.constData());
        QVERIFY2(census.out.contains("\"files\": 5"), census.out.constData());
        for (const auto& name : names) {
            const QString input = zip + "::" + QString::fromStdString(name);
            const auto info = test::runCli({"info", input});
            QVERIFY2(info.exitCode == 0 || info.exitCode == 1, info.err.constData());
            QVERIFY2(QString::fromUtf8(info.out).contains("input: " + input), info.out.constData());
        }
        int exported = 0;
        for (const auto& name : names) {
            const QString out = root.filePath(QStringLiteral("chosen/out/m%1.gltf").arg(exported));
            const auto r = test::runCli(
                {"export", zip + "::" + QString::fromStdString(name), "--format", "gltf", "-o", out});
            QVERIFY2(r.exitCode == 0 || r.exitCode == 1, r.err.constData());
            ++exported;
        }
        QStringList expected{QStringLiteral("chosen/hostile.zip")};
        for (int i = 0; i < exported; ++i)
            expected << QStringLiteral("chosen/out/m%1.bin").arg(i)
                     << QStringLiteral("chosen/out/m%1.gltf").arg(i);
        expected.sort();
        QCOMPARE(filesUnder(root.path()), expected);
        for (const auto& name : names)
            QVERIFY2(archive::isUnsafeEntryName(name), name.c_str());
    }

    // A symlink entry is listed and flagged; reading it gives its own bytes (the target text),
    // never the file it names, and a census walk passes it by.
    void symlinkEntriesAreNotFollowed() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString zip = dir.filePath(QStringLiteral("links.zip"));
        QVERIFY(writeFile(zip, archive::writeZip({{"target.bin", textBytes("the target's content")},
                                                  {"link", textBytes("target.bin"), 0120777},
                                                  {"outside", textBytes("/etc/passwd"), 0120777}})));
        std::string error;
        auto archive = archive::ZipArchive::openFile(zip.toStdString(), error);
        QVERIFY2(archive, error.c_str());
        QVERIFY(archive->find("link")->symlink);
        QVERIFY(archive->find("outside")->symlink);
        const LoadedInput link = loadInput(zip.toStdString() + "::link");
        QVERIFY2(link.ok(), link.error.c_str());
        QCOMPARE(Bytes(link.bytes->begin(), link.bytes->end()), textBytes("target.bin"));
        const LoadedInput outside = loadInput(zip.toStdString() + "::outside");
        QVERIFY2(outside.ok(), outside.error.c_str());
        QCOMPARE(Bytes(outside.bytes->begin(), outside.bytes->end()), textBytes("/etc/passwd"));
        std::vector<std::string> visited;
        walkInputs(zip.toStdString(), Limits{}, [&](InputTask task) { visited.push_back(task.input); });
        QCOMPARE(visited, std::vector<std::string>{zip.toStdString() + "::target.bin"});
    }
};

QTEST_GUILESS_MAIN(TestLimits)
#include "tst_limits.moc"
