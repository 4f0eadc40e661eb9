// `assetscope-cli placements` on a small .pgeo whose rows were worked out by hand, in CSV and
// JSON, plus its exit codes; and `info` / `verify` over the pgeo handler.
#include "formats/pgeo/pgeo_file.h"
#include "formats/pgeo/pgeo_writer.h"
#include "test_support.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace assetscope;
using namespace assetscope::pgeo;

namespace {

PgeoFile handFile() {
    PgeoFile f;
    f.sectionName = "c50_props_do_cellx3z-1_section0";
    f.category = "PROPS";
    InstanceRecord imp; // at the origin, identity rotation
    Block a;
    a.name = "imp_a";
    a.setInstances({imp});
    a.sources = {{"IMP_A", 0, 1}};
    f.listA.push_back(a);

    InstanceRecord r0;
    r0.position = {0x96F33B00u, 0x00018000u, 0x00000000u}; // -5875.23047, 1.50000763, 0
    r0.rotation = {0.6f, 0.f, 0.8f, 0.f, 1.f, 0.f};
    r0.scale = {2.f, 2.f, 2.f};
    r0.variation = {1, 2, 3, 4};
    r0.materialVariant = 1;
    r0.buildingId = 7;
    r0.random = 4000000000u;
    InstanceRecord r1;
    r1.position = {0x00010000u, 0x0000FFFFu, 0x80010000u}; // 1, 1, -1
    Block b;
    b.name = "blk_b_3D";
    b.setInstances({r0, r1});
    CurveRecord spline;
    spline.setCoefficient(0, {1, 1, -1});
    spline.setCoefficient(1, {2, 0, 0});
    spline.setCoefficient(4, {0, 1, 0});
    b.setCurves({CurveRecord::sentinel(), spline});
    b.sources = {{"BLK_B", 0, 2}};
    f.listB.push_back(b);
    f.fitBox();
    return f;
}

QString writeFile(const QTemporaryDir& dir, const QString& relative, const Bytes& bytes) {
    const QString path = dir.filePath(relative);
    QDir().mkpath(QFileInfo(path).path());
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly)) return {};
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<qint64>(bytes.size()));
    return path;
}

} // namespace

class TestPgeoCli : public QObject {
    Q_OBJECT

private slots:
    void csvRowsByHand() {
        QTemporaryDir dir;
        const QString path = writeFile(dir, "3_-1/c50_props_do.pgeo", writePgeo(handFile()));
        const auto r = test::runCli({"placements", "--csv", path});
        QCOMPARE(r.exitCode, 0);
        const QStringList lines = QString::fromUtf8(r.out).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 4);
        QCOMPARE(lines[0],
                 QStringLiteral("file,list,block,record,template,x,y,z,r0x,r0y,r0z,r1x,r1y,r1z,sx,sy,sz,"
                                "iv_x,iv_y,iv_z,iv_w,material_variant,building_id,random,curve"));
        QCOMPARE(lines[1], path + ",A,0,0,imp_a,0,0,0,1,0,0,0,1,0,1,1,1,0,0,0,0,0,0,0,0");
        QCOMPARE(lines[2],
                 path + ",B,0,0,blk_b_3D,-5875.23047,1.50000763,0,0.600000024,0,0.800000012,0,1,0,2,2,2,"
                        "1,2,3,4,1,7,4000000000,0");
        QCOMPARE(lines[3], path + ",B,0,1,blk_b_3D,1,1,-1,1,0,0,0,1,0,1,1,1,0,0,0,0,0,0,0,1");
        // CSV is the default.
        QCOMPARE(test::runCli({"placements", path}).out, r.out);
    }

    void jsonRows() {
        QTemporaryDir dir;
        const QString path = writeFile(dir, "3_-1/c50_props_do.pgeo", writePgeo(handFile()));
        const auto r = test::runCli({"placements", "--json", path});
        QCOMPARE(r.exitCode, 0);
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(r.out, &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        const QJsonArray rows = doc.array();
        QCOMPARE(rows.size(), 3);
        const QJsonObject row = rows[1].toObject();
        QCOMPARE(row.keys().size(), 25);
        QCOMPARE(row["list"].toString(), QStringLiteral("B"));
        QCOMPARE(row["template"].toString(), QStringLiteral("blk_b_3D"));
        QCOMPARE(row["x"].toDouble(), -5875.23047);
        QCOMPARE(row["r0z"].toDouble(), 0.800000012);
        QCOMPARE(row["random"].toDouble(), 4000000000.0);
        QCOMPARE(rows[2].toObject()["curve"].toInt(), 1);
        QCOMPARE(rows[0].toObject()["list"].toString(), QStringLiteral("A"));
    }

    void exitCodes() {
        QTemporaryDir dir;
        Bytes broken = writePgeo(handFile());
        broken.push_back(0); // a byte the grammar does not account for
        const QString refused = writeFile(dir, "3_-1/c50_props_do.pgeo", broken);
        const auto r = test::runCli({"placements", "--csv", refused});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.err.contains("pgeo.walk.trailing-bytes"));
        QCOMPARE(QString::fromUtf8(r.out).split('\n', Qt::SkipEmptyParts).size(), 4);

        const QString other = writeFile(dir, "other.bin", {'b', 'u', 'r', 'G', 1, 1, 0, 0});
        QCOMPARE(test::runCli({"placements", other}).exitCode, 2);
        QCOMPARE(test::runCli({"placements", "--csv", "--json", refused}).exitCode, 2);
        QCOMPARE(test::runCli({"placements"}).exitCode, 2);
        QCOMPARE(test::runCli({"placements", dir.filePath("missing.pgeo")}).exitCode, 2);
    }

    void infoAndVerify() {
        QTemporaryDir dir;
        const QString path = writeFile(dir, "3_-1/c50_props_do.pgeo", writePgeo(handFile()));
        const auto info = test::runCli({"info", path});
        QCOMPARE(info.exitCode, 0);
        QVERIFY2(info.out.contains("format: pgeo"), info.out.constData());
        QVERIFY2(info.out.contains("placements: 3"), info.out.constData());
        const auto verify = test::runCli({"verify", path});
        QVERIFY2(verify.exitCode == 0, verify.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestPgeoCli)
#include "tst_pgeo_cli.moc"
