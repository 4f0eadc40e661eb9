// `assetscope-cli ls` (cli-contract.md): one line per folder, archive and entry,
// `INPUT FORMAT SIZE STORED GAME_PATH`, or the JSON array; every expected line is worked out by
// hand from the fixture below (folders first, then names without case; an archive is a folder).
#include "archive/zip_archive.h"

#include "archive_fixtures.h"
#include "test_support.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace assetscope;
using namespace assetscope::test;

class TestLsCli : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_root;
    QString m_carsSize;

private slots:
    // ROOT/media/a.swatchbin ("abc"); ROOT/media/Cars.zip, stored: wheel/rim.pb ("12345") and a
    // hostile ../evil.pb ("e"); ROOT/media/Broken.zip: 10 zero bytes.
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_root = m_dir.path() + "/root";
        const std::string root = m_root.toStdString();
        writeFile(root + "/media/a.swatchbin", bytesOf("abc"));
        const Bytes cars =
            archive::writeZip({{"wheel/rim.pb", bytesOf("12345")}, {"../evil.pb", bytesOf("e")}}, false);
        m_carsSize = QString::number(cars.size());
        writeFile(root + "/media/Cars.zip", cars);
        writeFile(root + "/media/Broken.zip", Bytes(10, 0));
    }

    void firstLevel() {
        const auto r = runCli({"ls", m_root + "/media"});
        QCOMPARE(r.exitCode, 0);
        const QString m = m_root + "/media";
        QCOMPARE(QString::fromUtf8(r.out), m + "/a.swatchbin texture 3 3 Game:\\media\\a.swatchbin\n" + m +
                                               "/Broken.zip zip 10 10 Game:\\media\\Broken.zip\n" + m +
                                               "/Cars.zip zip " + m_carsSize + " " + m_carsSize +
                                               " Game:\\media\\Cars.zip\n");
        QVERIFY(r.err.isEmpty());
    }

    void anArchiveIsAFolder() {
        const QString zip = m_root + "/media/Cars.zip";
        const auto r = runCli({"ls", "-r", zip});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(QString::fromUtf8(r.out),
                 zip + "::wheel - 0 0 Game:\\media\\Cars\\wheel\n" + zip +
                     "::wheel/rim.pb texture 5 5 Game:\\media\\Cars\\wheel\\rim.pb\n" + zip +
                     "::../evil.pb texture 1 1 -\n");
        // The hostile name is listed as stored and named on stderr.
        QVERIFY2(r.err.contains("Cars.zip::../evil.pb: a hostile name"), r.err.constData());
        // A path into the archive lists below it.
        const auto below = runCli({"ls", zip + "::wheel"});
        QCOMPARE(QString::fromUtf8(below.out),
                 zip + "::wheel/rim.pb texture 5 5 Game:\\media\\Cars\\wheel\\rim.pb\n");
    }

    void unreadableArchiveIsNamedAndTheRestListed() {
        const auto r = runCli({"ls", "-r", "--glob", "*.pb", m_root});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(QString::fromUtf8(r.out), m_root +
                                               "/media/Cars.zip::wheel/rim.pb texture 5 5 "
                                               "Game:\\media\\Cars\\wheel\\rim.pb\n" +
                                               m_root + "/media/Cars.zip::../evil.pb texture 1 1 -\n");
        QVERIFY2(r.err.contains("Broken.zip: cannot read the archive: "), r.err.constData());
    }

    void json() {
        const QString zip = m_root + "/media/Cars.zip";
        const auto r = runCli({"ls", "--json", "-r", zip});
        QCOMPARE(r.exitCode, 0);
        QJsonParseError error;
        const QJsonArray rows = QJsonDocument::fromJson(r.out, &error).array();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(rows.size(), 3);
        const QJsonObject folder = rows[0].toObject();
        QCOMPARE(folder.keys(), QStringList({"format", "game_path", "input", "size", "stored"}));
        QCOMPARE(folder["input"].toString(), zip + "::wheel");
        QVERIFY(folder["format"].isNull());
        QCOMPARE(folder["size"].toInt(), 0);
        const QJsonObject rim = rows[1].toObject();
        QCOMPARE(rim["game_path"].toString(), QString("Game:\\media\\Cars\\wheel\\rim.pb"));
        QCOMPARE(rim["format"].toString(), QString("texture"));
        QCOMPARE(rim["size"].toInt(), 5);
        QCOMPARE(rim["stored"].toInt(), 5);
        QVERIFY(rows[2].toObject()["game_path"].isNull());
        QCOMPARE(QString::fromUtf8(runCli({"ls", "--json", "--glob", "none", zip}).out), QString("[]\n"));
    }

    void outsideAnInstallHasNoGamePath() {
        const auto r = runCli({"ls", m_root});
        QCOMPARE(QString::fromUtf8(r.out), m_root + "/media - 0 0 -\n");
    }

    void missingPathIsAUsageError() {
        const auto r = runCli({"ls", m_root + "/nothing"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("no such file or folder"));
    }
};

QTEST_GUILESS_MAIN(TestLsCli)
#include "tst_ls_cli.moc"
