// One .pgeo opened from its cell folder by `assetscope-cli info` and by the window's Document:
// both go through core's openInput, so both take the cell from the folder and agree on the cell
// and its world origin, also when the section name spells no cell (no `_cellx…z…` suffix).
#include "app_fixtures.h"
#include "document.h"
#include "formats/pgeo/pgeo_file.h"
#include "formats/pgeo/pgeo_handler.h"
#include "formats/pgeo/pgeo_samples.h"
#include "formats/pgeo/pgeo_writer.h"
#include "test_support.h"

#include <QDir>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace assetscope;
using namespace assetscope::app;

namespace {

// Cell size 75 (from the name c75_…) in cell folder -4_7, so a world origin of
// (-4 × 75, 0, 7 × 75) = (-300, 0, 525). The section name has no cell of its own.
constexpr const char* kFolder = "scene/proc/cellsize/75/-4_7";
constexpr const char* kName = "c75_props_do.pgeo";
constexpr const char* kSection = "c75_props_do_section0";
const std::vector<double> kCell{-4, 7};
const std::vector<double> kOrigin{-300, 0, 525};

pgeo::PgeoFile cellFile() {
    pgeo::PgeoFile f;
    f.sectionName = kSection;
    f.category = "PROPS";
    pgeo::Block b;
    b.name = "prp_sample_bench_3D";
    b.setInstances({pgeo::placeAt({-290.5, 1.0, 530.25}, 90.0)});
    b.sources = {{"PRP_SAMPLE_BENCH", 0, 1}};
    f.listB.push_back(b);
    f.fitBox();
    return f;
}

// The value of the one node called `name` in the document's tree; empty when there is none.
std::vector<double> nodeValue(const StructureTree& tree, const std::string& name) {
    std::vector<double> found;
    int matches = 0;
    for (NodeId id = 0; id < tree.nodeCount(); ++id)
        if (tree.node(id).name == name)
            if (const auto* v = std::get_if<std::vector<double>>(&tree.node(id).value)) {
                found = *v;
                ++matches;
            }
    return matches == 1 ? found : std::vector<double>{};
}

// "cell: -4_7, world origin (-300, 0, 525)" from `info`, as numbers.
bool infoCell(const QByteArray& out, std::vector<double>& cell, std::vector<double>& origin) {
    static const QRegularExpression line(
        QStringLiteral("^cell: (-?\\d+)_(-?\\d+), world origin \\(([^,]+), ([^,]+), ([^)]+)\\)$"),
        QRegularExpression::MultilineOption);
    const QRegularExpressionMatch m = line.match(QString::fromUtf8(out));
    if (!m.hasMatch()) return false;
    cell = {m.captured(1).toDouble(), m.captured(2).toDouble()};
    origin = {m.captured(3).toDouble(), m.captured(4).toDouble(), m.captured(5).toDouble()};
    return true;
}

} // namespace

class TestPgeoCellFolder : public QObject {
    Q_OBJECT

private slots:
    void infoAndTheWindowAgreeOnTheCell() {
        QTemporaryDir dir;
        QVERIFY(QDir().mkpath(dir.filePath(kFolder)));
        const QString path = dir.filePath(QStringLiteral("%1/%2").arg(kFolder, kName));
        QVERIFY(apptest::writeFile(path, pgeo::writePgeo(cellFile())));

        const auto info = test::runCli({"info", path});
        QVERIFY2(info.exitCode == 0, info.out.constData());
        QVERIFY(info.out.contains(QByteArray("section: ") + kSection + "\n"));
        std::vector<double> cliCell, cliOrigin;
        QVERIFY2(infoCell(info.out, cliCell, cliOrigin), info.out.constData());
        QCOMPARE(cliCell, kCell);
        QCOMPARE(cliOrigin, kOrigin);

        const std::shared_ptr<Document> doc = loadDocument(path);
        QVERIFY2(doc->ok(), qPrintable(doc->error));
        const auto* parsed = dynamic_cast<const pgeo::ParsedPgeo*>(doc->parsed.get());
        QVERIFY(parsed);
        QVERIFY(!parsed->parse().sectionCell); // the folder is the only place the cell is named
        QCOMPARE(nodeValue(*doc->tree(), "cell"), cliCell);
        QCOMPARE(nodeValue(*doc->tree(), "world_origin"), cliOrigin);
    }
};

QTEST_MAIN(TestPgeoCellFolder)
#include "tst_pgeo_cell_folder.moc"
