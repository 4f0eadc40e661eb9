// The command line's contract: output shapes, exit codes and error lines.
#include "test_support.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using assetscope::test::runCli;

namespace {

void checkNodeSchema(const QJsonObject& node, int& count) {
    ++count;
    for (const char* key : {"name", "kind", "offset", "size", "type", "value", "children", "diagnostics"})
        QVERIFY2(node.contains(key), key);
    static const QStringList kinds{"file",   "archive", "entry", "bundle", "blob", "metadata",
                                   "struct", "field",   "array", "bytes",  "error"};
    QVERIFY(kinds.contains(node["kind"].toString()));
    if (node.contains("confidence")) {
        static const QStringList levels{"Proven", "Observed", "Inferred", "Unknown", "Sourced", "Derived"};
        QVERIFY(levels.contains(node["confidence"].toString()));
    }
    for (const auto d : node["diagnostics"].toArray()) {
        const QJsonObject o = d.toObject();
        QVERIFY(QStringList({"error", "warning", "note"}).contains(o["severity"].toString()));
        QVERIFY(!o["rule"].toString().isEmpty());
    }
    for (const auto c : node["children"].toArray())
        checkNodeSchema(c.toObject(), count);
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_samples;

    QString sample(const QString& relative) const { return m_samples + "/" + relative; }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_samples = m_dir.filePath("samples");
        const auto r = runCli({"make-samples", m_samples});
        QCOMPARE(r.exitCode, 0);
    }

    void unknownCommandIsAUsageError() {
        const auto r = runCli({"frobnicate"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.startsWith("assetscope-cli: "));
    }

    void missingInputIsExit2WithTheContractLine() {
        const auto r = runCli({"info", "/no/such/file.modelbin"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.startsWith("assetscope-cli: /no/such/file.modelbin: "), r.err.constData());
    }

    void unsupportedFormatIsExit2() {
        QFile f(m_dir.filePath("noise.bin"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(64, '\x11'));
        f.close();
        const auto r = runCli({"info", f.fileName()});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("unsupported format"));
    }

    void infoOnASampleAndAnArchiveEntry() {
        auto r = runCli({"info", sample("media/crowds/sample_crowd.crowdbin")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("format: grub"));
        QVERIFY(r.out.contains("nested bundles: 7"));
        r = runCli({"info", sample("media/Samples.zip") + "::media/crowds/sample_crowd.crowdbin"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("nested bundles: 7"));
        r = runCli({"info", sample("media/Samples.zip") + "::media/no_such_entry"});
        QCOMPARE(r.exitCode, 2);
    }

    void refusalsGiveExit1AndArePrinted() {
        QFile in(sample("media/materials/sample_brick_wall.materialbin"));
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray bytes = in.readAll();
        bytes[5] = 7; // version 1.7
        QFile out(m_dir.filePath("bad.materialbin"));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(bytes);
        out.close();
        const auto r = runCli({"info", out.fileName()});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.contains("[grub.header.version]"), r.out.constData());
        QVERIFY(r.out.contains("refused: "));
    }

    void dumpJsonFollowsTheNodeSchema() {
        const auto r = runCli({"dump", "--json", sample("media/shaders/sample_environment.shaderbin")});
        QCOMPARE(r.exitCode, 0);
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(r.out, &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        QVERIFY(doc.isObject());
        QCOMPARE(doc.object()["kind"].toString(), QString("file"));
        int count = 0;
        checkNodeSchema(doc.object(), count);
        QVERIFY(count > 20);
        QVERIFY(r.out.contains("\"name\": \"header_size\""));
        QVERIFY(r.out.contains("\"confidence\": \"Proven\""));
    }

    void dumpTextAndMaxArray() {
        auto r = runCli({"dump", "--max-array", "x", sample("media/shaders/sample_environment.shaderbin")});
        QCOMPARE(r.exitCode, 2);
        r = runCli({"dump", sample("media/shaders/sample_environment.shaderbin")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("VDCL payload"));
    }

    void verifyReportsIdenticalWriteBack() {
        for (const char* file :
             {"media/textures/sample_rain_mask.swatchbin", "media/crowds/sample_crowd.crowdbin",
              "media/shaders/sample_environment.shaderbin"}) {
            const auto r = runCli({"verify", sample(file)});
            QCOMPARE(r.exitCode, 0);
            QVERIFY2(r.out.contains("write-back: identical"), r.out.constData());
        }
    }

    void verifyNamesTheFirstDifference() {
        QFile in(sample("media/materials/sample_brick_wall.materialbin"));
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray bytes = in.readAll();
        bytes[0x28] = static_cast<char>(bytes[0x28] + 1); // "data size again" of blob 0: a warning only
        QFile out(m_dir.filePath("pad.materialbin"));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(bytes);
        out.close();
        const auto r = runCli({"verify", out.fileName()});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.contains("write-back: differs at 0x28"), r.out.constData());
    }

    void censusJsonHasTheContractKeys() {
        const auto r = runCli({"census", "--json", "--jobs", "2", m_samples});
        QVERIFY2(r.exitCode == 0, r.out.constData());
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        for (const char* key : {"files", "by_format", "bundles", "nested_bundles", "blobs", "metadata",
                                "meshes", "indices", "vertices", "placements", "refusals"})
            QVERIFY2(o.contains(key), key);
        QVERIFY(o["files"].toInt() > 0);
        QVERIFY(o["blobs"].toObject().contains("TXCB 2.0"));
        QVERIFY(o["metadata"].toObject().contains("Name"));
        // The folder holds every sample twice: loose and in media/Samples.zip.
        const auto single =
            QJsonDocument::fromJson(runCli({"census", "--json", sample("media/Samples.zip")}).out);
        QCOMPARE(o["files"].toInt(), 2 * single.object()["files"].toInt());
    }

    void censusCountsRefusalsByRule() {
        const auto r = runCli({"census", "--json", m_dir.path()});
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QStringList rules;
        for (const auto v : o["refusals"].toArray())
            rules << v.toObject()["rule"].toString();
        if (QFile::exists(m_dir.filePath("bad.materialbin"))) QVERIFY(rules.contains("grub.header.version"));
        QCOMPARE(r.exitCode, rules.isEmpty() ? 0 : 1);
    }

    // A progress line goes to stderr only (forced here: stderr is not a terminal in a test) and
    // is erased at the end; stdout stays what it is without it, and --quiet leaves stderr empty.
    void censusProgressLineIsOnStderrOnly() {
        const auto plain = runCli({"census", "--json", m_samples});
        const auto shown = runCli({"census", "--json", "--progress", m_samples});
        QCOMPARE(shown.exitCode, plain.exitCode);
        QCOMPARE(shown.out, plain.out);
        QVERIFY2(shown.err.contains("census: ") && shown.err.contains(" files, "), shown.err.constData());
        QVERIFY(shown.err.endsWith('\r')); // blanked, back at the line's start
        const auto quiet = runCli({"census", "--json", "--quiet", m_samples});
        QCOMPARE(quiet.out, plain.out);
        QVERIFY(quiet.err.isEmpty());
        QVERIFY(plain.err.isEmpty()); // not a terminal: no line unless asked for
        QCOMPARE(runCli({"census", "--progress", "--quiet", m_samples}).exitCode, 2);
    }

    void censusJobsMustBeANumber() {
        QCOMPARE(runCli({"census", "--jobs", "zero", m_samples}).exitCode, 2);
        QCOMPARE(runCli({"census", "/no/such/folder"}).exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
