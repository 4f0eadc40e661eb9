// A fifth format, defined only in the tests (test_format/), shown by the window with no code of
// its own under src/app: its tree, its vertex and triangle tables and its 3D mesh all come
// through core's document contract (ParsedFile's subjects, tables and export scene).
#include "app_fixtures.h"
#include "formats/registry.h"
#include "main_window.h"
#include "models/source_table_model.h"
#include "models/structure_model.h"
#include "open/known_formats.h"
#include "triangle_mesh_format.h"
#include "views/document_view.h"
#include "views/preview_pane.h"
#include "views/preview_view.h"
#include "views/table_pane.h"

#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace assetscope;
using namespace assetscope::app;

namespace {

// A unit square in the x-z plane split into two triangles, raised 2 m: corners worked out by
// hand, not read back from the writer.
trimesh::TriangleMesh square() {
    return {{{0, 2, 0}, {1, 2, 0}, {1, 2, 1}, {0, 2, 1}}, {{{0, 1, 2}}, {{0, 2, 3}}}};
}

} // namespace

class TestFormatContract : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString m_path;

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        addFormatHandler(trimesh::triangleMeshHandler());
        QVERIFY(m_dir.isValid());
        m_path = m_dir.filePath(QStringLiteral("square.trimesh"));
        const Bytes bytes = trimesh::writeTriangleMesh(square());
        QCOMPARE(bytes.size(), std::size_t{12 + 4 * 12 + 2 * 12});
        QFile file(m_path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(reinterpret_cast<const char*>(bytes.data()), static_cast<qint64>(bytes.size()));
    }

    void theFormatIsKnown() {
        bool listed = false;
        for (const KnownFormat& f : knownFormats())
            listed = listed || f.name == "trimesh";
        QVERIFY(listed);
        QVERIFY(QString::fromStdString(knownFilePatterns()).contains(QStringLiteral("*.trimesh")));
    }

    void theWindowShowsTreeTablesAndMesh() {
        MainWindow w;
        w.setPersistent(false);
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.openInput(m_path);
        QVERIFY(apptest::waitLoads(w));
        DocumentView* view = w.currentDocumentView();
        QVERIFY(view);
        const ParsedFile& parsed = *view->document().parsed;
        QCOMPARE(parsed.format(), std::string_view("trimesh"));

        // The tree: the header's fields at their offsets, then the mesh's vertices.
        const StructureTree& tree = view->model()->tree();
        NodeId vertexCount = kNoNode, secondY = kNoNode;
        for (std::size_t i = 0; i < tree.nodeCount(); ++i) {
            const Node& n = tree.node(static_cast<NodeId>(i));
            if (n.name == "vertex_count") vertexCount = static_cast<NodeId>(i);
            if (n.name == "y" && n.offset == 12 + 12 + 4) secondY = static_cast<NodeId>(i);
        }
        QVERIFY(vertexCount != kNoNode && secondY != kNoNode);
        QCOMPARE(tree.node(vertexCount).offset, std::uint64_t{4});
        QCOMPARE(std::get<std::uint64_t>(tree.node(vertexCount).value), std::uint64_t{4});
        QVERIFY(view->model()->rowCount() > 0);

        // The table: selecting vertex 1's y shows the mesh's vertices above its triangles.
        QVERIFY(view->selectNode(secondY));
        auto* vertices = qobject_cast<SourceTableModel*>(w.tablePane()->mainModel());
        auto* triangles = qobject_cast<SourceTableModel*>(w.tablePane()->detailModel());
        QVERIFY(vertices && triangles);
        QCOMPARE(vertices->rowCount(), 4);
        QCOMPARE(vertices->headerData(1, Qt::Horizontal).toString(), QStringLiteral("y (m)"));
        QCOMPARE(vertices->value(2, QStringLiteral("x")), 1.0);
        QCOMPARE(vertices->value(2, QStringLiteral("y")), 2.0);
        QCOMPARE(vertices->value(2, QStringLiteral("z")), 1.0);
        QCOMPARE(triangles->rowCount(), 2);
        QCOMPARE(triangles->value(1, QStringLiteral("i2")), 3.0);
        QVERIFY(w.tablePane()->title().contains(QStringLiteral("Triangle mesh")));

        // The 3D pane: the export scene's one mesh, drawn, its source the mesh's node.
        PreviewPane* preview = w.previewPane();
        if (!preview->glAvailable()) {
            if (qEnvironmentVariableIsSet("ASSETSCOPE_EXPECT_GL")) QFAIL("expected an OpenGL platform");
            QSKIP("no OpenGL on this platform: the 3D half runs under xvfb-run");
        }
        const exporting::ExportScene* scene = preview->drawnScene();
        QVERIFY(scene);
        QCOMPARE(scene->meshes.size(), std::size_t{1});
        QCOMPARE(scene->meshes[0].node, parsed.nodeOf(Subject{trimesh::kMeshSubject, 0}));
        PreviewView* gl = preview->view();
        gl->setShowGrid(false);
        gl->setShowAxes(false);
        gl->frameAll();
        const QImage image = gl->grabFramebuffer();
        QVERIFY2(
            apptest::differs(image.pixelColor(2, 2), image.pixelColor(image.width() / 2, image.height() / 2)),
            "the middle of the view shows the background, not the square");
        // A click on the square selects the mesh in the tree and the picked triangle's row.
        QVERIFY(view->selectNode(vertexCount));
        const QPoint middle(gl->width() / 2, gl->height() / 2);
        const qint64 picked = gl->pickAt(middle).triangle;
        QVERIFY(picked == 0 || picked == 1);
        QTest::mousePress(gl, Qt::LeftButton, Qt::NoModifier, middle);
        QTest::mouseRelease(gl, Qt::LeftButton, Qt::NoModifier, middle);
        QCOMPARE(parsed.subjectOf(view->currentNode()), (Subject{trimesh::kMeshSubject, 0}));
        QCOMPARE(w.tablePane()->detailTable()->currentIndex().row(), static_cast<int>(picked));
    }
};

QTEST_MAIN(TestFormatContract)
#include "tst_format_contract.moc"
