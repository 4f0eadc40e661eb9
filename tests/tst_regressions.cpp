// Replays every input under tests/regressions/<target>/ through the code of the fuzz target that
// found it (tests/support/hostile_input.*): <target> is a format handler's name, "zip" or
// "input_path". Each input once crashed, hung or cost out of proportion to its size; now what
// each replay makes the code do (nodes, diagnostics, bytes read, peak allocation) must stay
// within limits linear in its size (test::hostileWorkLimits), under ASan/UBSan as well. Counts,
// not time: bench_hostile reports the CPU each input costs.
#include "allocation_accounting.h"
#include "hostile_input.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

using namespace assetscope;

namespace {

Bytes readAll(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    const QByteArray data = f.readAll();
    return Bytes(data.begin(), data.end());
}

} // namespace

class TestRegressions : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(test::installAllocationAccounting()); }

    void replay_data() {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("path");
        const QDir root(QStringLiteral(ASSETSCOPE_SOURCE_DIR "/tests/regressions"));
        int rows = 0;
        for (const QString& target : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
            const QDir dir(root.filePath(target));
            for (const QString& file : dir.entryList(QDir::Files, QDir::Name)) {
                QTest::newRow(qPrintable(target + "/" + file)) << target << dir.filePath(file);
                ++rows;
            }
        }
        if (rows == 0) QSKIP("no regression fixtures");
    }

    void replay() {
        QFETCH(QString, target);
        QFETCH(QString, path);
        const Bytes bytes = readAll(path);
        const test::WorkMeter meter;
        hostile::ExerciseCounts built;
        if (target == "zip") {
            hostile::exerciseZip(bytes);
        } else if (target == "input_path") {
            QTemporaryDir dir;
            QVERIFY(dir.isValid());
            const QString zipPath = dir.filePath("input.zip");
            QFile zip(zipPath);
            const Bytes archive = hostile::inputPathArchive();
            QVERIFY(zip.open(QIODevice::WriteOnly));
            zip.write(reinterpret_cast<const char*>(archive.data()), static_cast<qint64>(archive.size()));
            zip.close();
            const std::string text(bytes.begin(), bytes.end());
            QVERIFY(hostile::exerciseInputPath(text, zipPath.toStdString()));
        } else {
            const FormatHandler* handler = hostile::handlerNamed(target.toStdString());
            if (!handler) QSKIP(qPrintable("format " + target + " is not registered"));
            built = hostile::exerciseFormat(*handler, bytes);
            // The same bytes as a file must also reach a result with its diagnostics.
            QVERIFY(built.nodes > 0);
        }
        const test::WorkMeter::Work work = meter.finish();
        qInfo().noquote()
            << QString("%1: %2 bytes, %3 nodes, %4 diagnostics, %5 bytes read, peak allocation %6 KiB")
                   .arg(path.section('/', -2))
                   .arg(bytes.size())
                   .arg(built.nodes)
                   .arg(built.diagnostics)
                   .arg(work.bytesRead)
                   .arg(work.peakGrowth / 1024);
        const std::string broken = test::brokenLimits(bytes.size(), built.nodes, built.diagnostics, work);
        QVERIFY2(broken.empty(), broken.c_str());
    }
};

QTEST_GUILESS_MAIN(TestRegressions)
#include "tst_regressions.moc"
