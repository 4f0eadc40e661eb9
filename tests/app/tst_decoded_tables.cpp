// The table pane's decoded views: a model mesh's vertices and triangles, a .pgeo block's
// instances and a MeshSet LOD's sections, checked against numbers worked out by hand from the
// sample writer's inputs.
#include "document.h"
#include "formats/meshset/meshset_handler.h"
#include "formats/modelbin/mesh_resolve.h"
#include "formats/modelbin/model_builder.h"
#include "formats/modelbin/model_handler.h"
#include "formats/modelbin/model_tables.h"
#include "formats/pgeo/model_names.h"
#include "formats/pgeo/pgeo_handler.h"
#include "models/source_table_model.h"
#include "models/structure_model.h"
#include "samples/sample_set.h"
#include "views/document_view.h"
#include "views/table_pane.h"

#include <QAbstractItemModelTester>
#include <QDirIterator>
#include <QHeaderView>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace assetscope;
using namespace assetscope::app;

namespace {

int meshNamed(const modelbin::Model& model, const std::string& name) {
    for (std::size_t i = 0; i < model.meshes.size(); ++i)
        if (model.meshes[i].name == name) return static_cast<int>(i);
    return -1;
}

double cell(const QAbstractItemModel& m, int row, const QString& column) {
    for (int c = 0; c < m.columnCount(); ++c)
        if (m.headerData(c, Qt::Horizontal).toString() == column)
            return m.data(m.index(row, c)).toString().toDouble();
    return std::nan("");
}

} // namespace

class TestDecodedTables : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

    QString samplePath(const QString& relative) const { return m_dir.filePath(relative); }
    QString findSample(const QString& pattern) const {
        QDirIterator it(m_dir.path(), {pattern}, QDir::Files, QDirIterator::Subdirectories);
        return it.hasNext() ? it.next() : QString();
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        std::vector<std::string> written;
        std::string error;
        QVERIFY2(samples::writeSampleSet(m_dir.path().toStdString(), written, error), error.c_str());
    }

    void meshVerticesAndTrianglesMatchTheWriterInputs() {
        // The sample house's walls: box({-4, 0, -3}, {4, 5, 3}, uv scale 0.5). Its front face is
        // written first: corners (-4,5,-3) (4,5,-3) (4,0,-3) (-4,0,-3), normal (0,0,-1), uvs
        // (0,0) (4,0) (4,2.5) (0,2.5), colour (0.93, 0.87, 0.74, 1).
        auto doc =
            loadDocument(samplePath(QStringLiteral("media/models/bld_sample_house_a_lod0.i.modelbin")));
        QVERIFY2(doc->ok(), qPrintable(doc->error));
        const auto& model = dynamic_cast<const modelbin::ParsedModel&>(*doc->parsed).model();
        const int walls = meshNamed(model, "bld_sample_house_a_walls");
        QVERIFY(walls >= 0);
        std::vector<modelbin::Problem> problems;
        const auto source = modelbin::resolveMesh(model, static_cast<std::size_t>(walls), problems);
        QVERIFY(source);
        SourceTableModel vertices(modelbin::meshVertexTable(*source));
        QAbstractItemModelTester t1(&vertices, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(vertices.rowCount(), 24); // six faces of four corners
        const QStringList expected{
            QStringLiteral("vertex id"),  QStringLiteral("position.x"), QStringLiteral("position.y"),
            QStringLiteral("position.z"), QStringLiteral("normal.x"),   QStringLiteral("normal.y"),
            QStringLiteral("normal.z"),   QStringLiteral("uv0.u"),      QStringLiteral("uv0.v"),
            QStringLiteral("colour.r"),   QStringLiteral("colour.g"),   QStringLiteral("colour.b"),
            QStringLiteral("colour.a"),   QStringLiteral("tangent0.x"), QStringLiteral("tangent0.y"),
            QStringLiteral("tangent0.z"), QStringLiteral("tangent0.w")};
        QCOMPARE(vertices.columnNames(), expected);
        QCOMPARE(vertices.columnCount(), expected.size());
        QCOMPARE(vertices.value(0, QStringLiteral("vertex id")), static_cast<double>(source->firstVertex));
        // Positions span the mesh's bounds, so the corners are snorm16 ±32767: exact.
        QCOMPARE(cell(vertices, 0, QStringLiteral("position.x")), -4.0);
        QCOMPARE(cell(vertices, 0, QStringLiteral("position.y")), 5.0);
        QCOMPARE(cell(vertices, 0, QStringLiteral("position.z")), -3.0);
        QCOMPARE(cell(vertices, 2, QStringLiteral("position.x")), 4.0);
        QCOMPARE(cell(vertices, 2, QStringLiteral("position.y")), 0.0);
        QCOMPARE(cell(vertices, 0, QStringLiteral("normal.z")), -1.0);
        QCOMPARE(cell(vertices, 0, QStringLiteral("normal.x")), 0.0);
        // UV transform fitted to u 0..4, v 0..3: (4, 0) is unorm 65535 (exact); v = 2.5 is
        // 2.5f / 3 × 65535 in float arithmetic, 54612.4987 rounded to the float 54612.5, which
        // lround takes to 54613: read back as 54613 × 3 / 65535 = 2.5000229.
        QCOMPARE(cell(vertices, 1, QStringLiteral("uv0.u")), 4.0);
        QCOMPARE(cell(vertices, 1, QStringLiteral("uv0.v")), 0.0);
        QVERIFY2(std::abs(vertices.value(2, QStringLiteral("uv0.v")) - 54613.0 * 3.0 / 65535.0) < 1e-6,
                 qPrintable(QString::number(vertices.value(2, QStringLiteral("uv0.v")), 'g', 10)));
        // Colour as unorm8: lround(0.93 × 255) = 237, 222, 189.
        QVERIFY(std::abs(vertices.value(0, QStringLiteral("colour.r")) - 237.0 / 255.0) < 1e-6);
        QVERIFY(std::abs(vertices.value(0, QStringLiteral("colour.g")) - 222.0 / 255.0) < 1e-6);
        QVERIFY(std::abs(vertices.value(0, QStringLiteral("colour.b")) - 189.0 / 255.0) < 1e-6);
        QCOMPARE(vertices.value(0, QStringLiteral("colour.a")), 1.0);
        // Tangent along +x (u grows with x on the front face), packed 1023 / 512 / 512 and
        // normalised: x = 1 / sqrt(1 + 2 × (1/1023)²); the bitangent sign is +1.
        const double x = 1.0 / std::sqrt(1.0 + 2.0 * std::pow(1.0 / 1023.0, 2));
        QVERIFY(std::abs(vertices.value(0, QStringLiteral("tangent0.x")) - x) < 1e-6);
        QCOMPARE(vertices.value(0, QStringLiteral("tangent0.w")), 1.0);

        SourceTableModel triangles(modelbin::meshTriangleTable(*source));
        QAbstractItemModelTester t2(&triangles, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(triangles.rowCount(), 12);
        // Each face is a fan (0,1,2) (0,2,3) from its first corner, faces one after another.
        const std::uint32_t want[3][3] = {{0, 1, 2}, {0, 2, 3}, {4, 5, 6}};
        for (int t = 0; t < 3; ++t)
            for (int c = 0; c < 3; ++c) {
                QCOMPARE(triangles.value(t, QStringLiteral("i%1").arg(c)), static_cast<double>(want[t][c]));
                QCOMPARE(triangles.data(triangles.index(t, c)).toString(), QString::number(want[t][c]));
            }
        QCOMPARE(triangles.headerData(0, Qt::Horizontal).toString(), QStringLiteral("i0"));
    }

    void millionVerticesDecodeOnlyWhatScrolls() {
        modelbin::BuildModel spec;
        modelbin::BuildMesh mesh;
        mesh.name = "strip";
        mesh.tangents = false;
        constexpr int n = 1'000'002; // a whole number of triangles
        mesh.vertices.resize(n);
        for (int i = 0; i < n; ++i) {
            mesh.vertices[static_cast<std::size_t>(i)].position = {static_cast<float>(i % 1000), 0.0f,
                                                                   static_cast<float>(i / 1000)};
            mesh.vertices[static_cast<std::size_t>(i)].normal = {0, 1, 0};
        }
        mesh.index32 = true;
        for (std::uint32_t i = 0; i + 2 < n; i += 3)
            mesh.indices.insert(mesh.indices.end(), {i, i + 1, i + 2});
        spec.meshes = {mesh};
        auto parsed =
            modelbin::modelbinHandler().parse(shareBytes(modelbin::buildModelBytes(spec)), ParseSettings{});
        const auto& model = dynamic_cast<const modelbin::ParsedModel&>(*parsed).model();
        std::vector<modelbin::Problem> problems;
        const auto source = modelbin::resolveMesh(model, 0, problems);
        QVERIFY(source);
        SourceTableModel vertices(modelbin::meshVertexTable(*source));
        QCOMPARE(vertices.rowCount(), n);
        QTableView view;
        view.verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
        view.setModel(&vertices);
        view.resize(600, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        for (int step = 0; step <= 20; ++step) {
            view.verticalScrollBar()->setValue(view.verticalScrollBar()->maximum() * step / 20);
            view.viewport()->repaint();
        }
        // Only pages on screen were decoded: a few hundred vertices each, not the million.
        QVERIFY2(vertices.pagesRead() < 64, qPrintable(QString::number(vertices.pagesRead())));
        // Vertex 654321 sits at x = 321, z = 654 (quantised over 0..999: within a step of 16 bits).
        QVERIFY(std::abs(vertices.value(654321, QStringLiteral("position.x")) - 321.0) < 999.0 / 65534.0);
        QVERIFY(std::abs(vertices.value(654321, QStringLiteral("position.z")) - 654.0) < 999.0 / 65534.0);
        SourceTableModel triangles(modelbin::meshTriangleTable(*source));
        QCOMPARE(triangles.rowCount(), n / 3);
        QCOMPARE(triangles.value(333333, QStringLiteral("i2")), 1'000'001.0);
    }

    void tablePaneFollowsAMesh() {
        auto doc =
            loadDocument(samplePath(QStringLiteral("media/models/bld_sample_house_a_lod0.i.modelbin")));
        QVERIFY(doc->ok());
        DocumentView view(doc);
        TablePane pane;
        pane.setDocumentView(&view);
        QObject::connect(&view, &DocumentView::currentNodeChanged, &pane, &TablePane::followNode);
        const auto& model = dynamic_cast<const modelbin::ParsedModel&>(*doc->parsed).model();
        const Subject subject{modelbin::kMeshSubject, meshNamed(model, "bld_sample_house_a_walls")};
        const NodeId node = doc->parsed->nodeOf(subject);
        QVERIFY(node != kNoNode);
        QCOMPARE(doc->parsed->subjectOf(node), subject);
        QVERIFY(view.selectNode(node));
        auto* vertices = qobject_cast<SourceTableModel*>(pane.mainModel());
        auto* triangleTable = qobject_cast<SourceTableModel*>(pane.detailModel());
        QVERIFY(vertices && triangleTable);
        QCOMPARE(vertices->rowCount(), 24);
        QCOMPARE(vertices->value(0, QStringLiteral("position.x")), -4.0);
        QCOMPARE(triangleTable->rowCount(), 12);
        QVERIFY2(pane.title().contains(QStringLiteral("24 vertices")), qPrintable(pane.title()));
        QSignalSpy triangles(&pane, &TablePane::triangleSelected);
        pane.selectMark({RowMark::Kind::Triangle, 5});
        QCOMPARE(pane.detailTable()->currentIndex().row(), 5);
        QCOMPARE(triangles.count(), 1);
        QCOMPARE(triangles.at(0).at(0).value<Subject>(), subject);
        QCOMPARE(triangles.at(0).at(1).toLongLong(), 5);
    }

    void tablePaneShowsABlocksInstances() {
        // The sample buildings cell: record 1 is placeAt({631.0, 3.5, -121.25}, yaw 90°),
        // variant 1, building id 2, random 0x0BADF00D.
        auto doc =
            loadDocument(samplePath(QStringLiteral("scene/proc/cellsize/50/12_-3/c50_buildings_do.pgeo")));
        QVERIFY2(doc->ok(), qPrintable(doc->error));
        const auto& pgeo = dynamic_cast<const pgeo::ParsedPgeo&>(*doc->parsed);
        DocumentView view(doc);
        TablePane pane;
        pane.setDocumentView(&view);
        QObject::connect(&view, &DocumentView::currentNodeChanged, &pane, &TablePane::followNode);
        QSignalSpy instances(&pane, &TablePane::instanceSelected);
        const NodeId array = pgeo.nodeOf(Subject{pgeo::kBlockSubject, 0});
        QVERIFY(array != kNoNode);
        QVERIFY(view.selectNode(view.model()->element(array, 1)));
        auto* table = qobject_cast<SourceTableModel*>(pane.mainModel());
        QVERIFY(table);
        QAbstractItemModelTester tester(table, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(table->rowCount(), 2);
        QCOMPARE(pane.mainTable()->currentIndex().row(), 1);
        QVERIFY(!instances.isEmpty());
        QCOMPARE(instances.last().at(0).toLongLong(), 1);
        auto number = [table](const char* column) { return table->value(1, QLatin1String(column)); };
        QCOMPARE(table->headerData(0, Qt::Horizontal).toString(), QStringLiteral("x (m)"));
        QCOMPARE(number("x"), 631.0);
        // 3.5 m: fraction lround(0.5 × 65535) = 32768 of 65535; -121.25: 16384 of 65535.
        QVERIFY(std::abs(number("y") - (3.0 + 32768.0 / 65535.0)) < 1e-9);
        QVERIFY(std::abs(number("z") + (121.0 + 16384.0 / 65535.0)) < 1e-9);
        QVERIFY(std::abs(number("row0.z") + 1.0) < 1e-6); // (cos 90°, 0, -sin 90°)
        QCOMPARE(number("row1.y"), 1.0);
        QCOMPARE(number("scale.x"), 1.0);
        QCOMPARE(number("variant"), 1.0);
        QCOMPARE(number("building id"), 2.0);
        QCOMPARE(number("random"), 195948557.0);
        const int variation = static_cast<int>(table->columnNames().indexOf(QStringLiteral("variation")));
        QCOMPARE(table->data(table->index(1, variation)).toString(), QStringLiteral("191 17 90 30"));
        // Picking a row selects the record in the tree.
        pane.mainTable()->selectRow(0);
        QCOMPARE(pgeo.subjectOf(view.currentNode()).row, 0);
    }

    void placementModelsAreFoundInTheArchive() {
        // On disk the cell folder holds no models: boxes. In Samples.zip the house model sits in
        // media/models: BLD_SAMPLE_HOUSE_A finds bld_sample_house_a_lod0.i.modelbin.
        auto loose =
            loadDocument(samplePath(QStringLiteral("scene/proc/cellsize/50/12_-3/c50_buildings_do.pgeo")));
        QVERIFY(loose->placements);
        QCOMPARE(loose->placementModels.groupModel, std::vector<int>{-1});
        auto zipped = loadDocument(samplePath(QStringLiteral("media/Samples.zip")) +
                                   QStringLiteral("::scene/proc/cellsize/50/12_-3/c50_buildings_do.pgeo"));
        QVERIFY2(zipped->ok(), qPrintable(zipped->error));
        QVERIFY(zipped->placements);
        const PlacementModels& found = zipped->placementModels;
        QCOMPARE(found.groupModel, std::vector<int>{0});
        QCOMPARE(found.models.size(), std::size_t{1});
        QVERIFY(QString::fromStdString(found.models[0].input)
                    .endsWith(QStringLiteral("::media/models/bld_sample_house_a_lod0.i.modelbin")));
        QVERIFY(!found.models[0].scene.meshes.empty());
        int lod = -1;
        QCOMPARE(pgeo::modelFileKey("bld_sample_house_a_lod2.i.modelbin", lod),
                 std::string("bld_sample_house_a"));
        QCOMPARE(lod, 2);
    }

    void tablePaneShowsALodsSections() {
        const QString path = findSample(QStringLiteral("sample_crate.meshset"));
        QVERIFY(!path.isEmpty());
        auto doc = loadDocument(path);
        QVERIFY2(doc->ok(), qPrintable(doc->error));
        const auto& parsed = dynamic_cast<const meshset::ParsedMeshSet&>(*doc->parsed);
        DocumentView view(doc);
        TablePane pane;
        pane.setDocumentView(&view);
        QObject::connect(&view, &DocumentView::currentNodeChanged, &pane, &TablePane::followNode);
        const meshset::Lod& lod = parsed.meshSet().lods[0];
        QVERIFY(lod.node != kNoNode);
        QVERIFY(view.selectNode(lod.node));
        auto* sections = qobject_cast<SourceTableModel*>(pane.mainModel());
        QVERIFY(sections);
        QAbstractItemModelTester t1(sections, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(sections->rowCount(), static_cast<int>(lod.sections.size()));
        QCOMPARE(sections->value(0, QStringLiteral("vertices")),
                 static_cast<double>(lod.sections[0].vertexCount));
        auto* vertices = qobject_cast<SourceTableModel*>(pane.detailModel());
        QVERIFY(vertices);
        QAbstractItemModelTester t2(vertices, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(vertices->rowCount(), static_cast<int>(lod.sections[0].vertexCount));
        // The crate is a box of half size 0.25 centred at (0, 0.25, 0): every position inside it.
        const int x = static_cast<int>(vertices->columnNames().indexOf(QStringLiteral("position.x")));
        const int y = static_cast<int>(vertices->columnNames().indexOf(QStringLiteral("position.y")));
        QVERIFY(x >= 0 && y >= 0);
        for (int r = 0; r < vertices->rowCount(); ++r) {
            QVERIFY(std::abs(vertices->data(vertices->index(r, x)).toDouble()) <= 0.2501);
            const double py = vertices->data(vertices->index(r, y)).toDouble();
            QVERIFY(py >= -0.0001 && py <= 0.5001);
        }
        // A section's node selects its row.
        if (lod.sections.size() > 1 && lod.sections[1].node != kNoNode) {
            QVERIFY(view.selectNode(lod.sections[1].node));
            QCOMPARE(pane.mainTable()->currentIndex().row(), 1);
        }
    }
};

QTEST_MAIN(TestDecodedTables)
#include "tst_decoded_tables.moc"
