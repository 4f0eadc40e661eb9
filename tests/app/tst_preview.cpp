#include "app_fixtures.h"
#include "document.h"
#include "formats/modelbin/model_handler.h"
#include "samples/sample_set.h"
#include "views/preview_pane.h"
#include "views/preview_picking.h"
#include "views/preview_view.h"

#include <QComboBox>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <set>

using namespace assetscope;
using namespace assetscope::app;

namespace {
// A quad filling the middle of the view, and a small triangle, in two material groups.
exporting::ExportScene quadScene() {
    exporting::ExportScene scene;
    scene.leftHanded = false; // drawn as given, so the normal's colour is known
    exporting::ExportMesh mesh;
    mesh.name = "quad";
    mesh.positions = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}};
    mesh.normals = {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {0, 0, 1}};
    mesh.primitives.push_back({0, {0, 1, 2, 0, 2, 3}});
    scene.meshes.push_back(mesh);
    exporting::Material grey;
    grey.name = "grey";
    grey.baseColor = {0.8f, 0.3f, 0.2f, 1};
    scene.materials.push_back(grey);
    return scene;
}

} // namespace

class TestPreview : public QObject {
    Q_OBJECT
private:
    static bool needGl() {
        if (PreviewPane::platformHasOpenGL()) return true;
        if (qEnvironmentVariableIsSet("ASSETSCOPE_EXPECT_GL")) qFatal("expected an OpenGL platform");
        return false;
    }

private slots:
    void pickingRays() {
        // Looking down -z from z = 5 with a 90° field of view: the centre pixel's ray is the
        // z axis, the right edge's goes through x = z distance.
        QMatrix4x4 projection;
        projection.perspective(90.0f, 1.0f, 1.0f, 100.0f);
        QMatrix4x4 view;
        view.lookAt({0, 0, 5}, {0, 0, 0}, {0, 1, 0});
        const Ray centre = rayThroughPixel(projection * view, {50, 50}, {100, 100});
        QVERIFY((centre.origin - QVector3D(0, 0, 4)).length() < 1e-4f); // on the near plane
        QVERIFY(std::abs(centre.direction.x()) < 1e-4f && std::abs(centre.direction.y()) < 1e-4f);
        QVERIFY(centre.direction.z() < 0);
        const Ray edge = rayThroughPixel(projection * view, {100, 50}, {100, 100});
        const QVector3D d = edge.direction.normalized();
        QVERIFY(std::abs(d.x() + d.z()) < 1e-4f); // 45° to the right
        // The quad's triangles: (0,1,2) holds the lower right half, (0,2,3) the upper left.
        const auto scene = quadScene();
        const auto lowerRight = hitMesh(scene.meshes[0], Ray{{0.5f, -0.5f, 5}, {0, 0, -1}});
        QVERIFY(lowerRight);
        QCOMPARE(lowerRight->triangle, std::int64_t{0});
        QVERIFY(std::abs(lowerRight->t - 5.0f) < 1e-5f);
        const auto upperLeft = hitMesh(scene.meshes[0], Ray{{-0.5f, 0.5f, 5}, {0, 0, -1}});
        QVERIFY(upperLeft);
        QCOMPARE(upperLeft->triangle, std::int64_t{1});
        QVERIFY(!hitMesh(scene.meshes[0], Ray{{2, 2, 5}, {0, 0, -1}}));
        QVector3D corners[3];
        QVERIFY(triangleCorners(scene.meshes[0], 1, corners));
        QCOMPARE(corners[2], QVector3D(-1, 1, 0));
        // A box placed by a row-vector matrix: scale 2 then translate (10, 0, 0).
        const exporting::Mat4 m{2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 10, 0, 0, 1};
        const QMatrix4x4 q = columnMatrix(m);
        QCOMPARE(q.map(QVector3D(0.5f, 0, 0)), QVector3D(11, 0, 0));
        const QMatrix4x4 inverse = q.inverted();
        const Ray world{{10.5f, 0, 10}, {0, 0, -1}};
        const auto t = hitBox(Ray{inverse.map(world.origin), inverse.mapVector(world.direction)},
                              {-0.5f, -0.5f, -0.5f}, {0.5f, 0.5f, 0.5f});
        QVERIFY(t);
        QVERIFY(std::abs(*t - 9.0f) < 1e-5f); // the box's face at z = 1
        QVERIFY(!hitBox(Ray{inverse.map({12, 0, 10}), inverse.mapVector({0, 0, -1})}, {-0.5f, -0.5f, -0.5f},
                        {0.5f, 0.5f, 0.5f}));
    }

    // modelbin.txt "Normals at the instance": a placed model's normal is the stored one turned by
    // the record's unit rows, without its scale. A floor whose stored normal is (0.6, 0.8, 0),
    // placed stretched four times along x, shows that normal: red 0.5 + 0.5 × 0.6 = 0.8 under the
    // normals shading. The whole matrix would give (2.4, 0.8, 0) normalised, red 0.97.
    void instanceNormalsTurnWithoutTheScale() {
        if (!needGl()) QSKIP("no OpenGL on this platform (run under xvfb-run)");
        exporting::ExportScene floor;
        floor.leftHanded = false; // no mirror: the red channel is n.x as it stands
        exporting::ExportMesh mesh;
        mesh.name = "floor";
        mesh.positions = {{-1, 0, -1}, {1, 0, -1}, {1, 0, 1}, {-1, 0, 1}};
        mesh.normals.assign(4, {0.6f, 0.8f, 0.0f});
        mesh.primitives.push_back({0, {0, 1, 2, 0, 2, 3}});
        floor.meshes.push_back(mesh);
        exporting::Material grey;
        grey.name = "grey"; // the default colour (0.8, 0.8, 0.8)
        floor.materials.push_back(grey);
        PreviewView view;
        view.resize(300, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTRY_VERIFY(view.glReady() || !view.isVisible());
        const exporting::Mat4 stretched{4, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
        view.setPlacements({stretched}, {0}, {floor}, {});
        view.setShowGrid(false);
        view.setShowAxes(false);
        view.setShading(PreviewView::Shading::Normals);
        view.frameAll();
        const QImage image = view.grabFramebuffer();
        const QColor centre = image.pixelColor(image.width() / 2, image.height() / 2);
        QVERIFY2(std::abs(centre.redF() - 0.8) < 0.03 && std::abs(centre.greenF() - 0.9) < 0.03,
                 qPrintable(QStringLiteral("centre %1 %2 %3")
                                .arg(centre.redF())
                                .arg(centre.greenF())
                                .arg(centre.blueF())));
    }

    void aPgeoCellShowsItsInstances() {
        if (!needGl()) QSKIP("no OpenGL on this platform (run under xvfb-run)");
        QTemporaryDir dir;
        std::vector<std::string> written;
        std::string error;
        QVERIFY(samples::writeSampleSet(dir.path().toStdString(), written, error));
        // In the archive, the two houses of the buildings cell are drawn as the house model.
        auto doc = loadDocument(dir.filePath(QStringLiteral("media/Samples.zip")) +
                                QStringLiteral("::scene/proc/cellsize/50/12_-3/c50_buildings_do.pgeo"));
        QVERIFY2(doc->ok(), qPrintable(doc->error));
        PreviewPane pane;
        pane.resize(500, 400);
        pane.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pane));
        pane.setDocument(doc.get());
        PreviewView* view = pane.view();
        QTRY_VERIFY(view->glReady() || !pane.glAvailable());
        QVERIFY2(pane.glAvailable(), qPrintable(pane.message()));
        if (qEnvironmentVariableIsSet("ASSETSCOPE_EXPECT_DPR"))
            QCOMPARE(view->devicePixelRatioF(), qEnvironmentVariable("ASSETSCOPE_EXPECT_DPR").toDouble());
        QCOMPARE(view->instanceCount(), std::size_t{2});
        QCOMPARE(view->boxInstanceCount(), std::size_t{0}); // both drawn as the model
        QVERIFY2(pane.status().contains(QStringLiteral("2 of 2 instances drawn as models")),
                 qPrintable(pane.status()));
        view->setShowGrid(false);
        view->setShowAxes(false);
        const QImage image = view->grabFramebuffer();
        const QColor background = image.pixelColor(2, 2);
        // Probe a grid: both houses are hit somewhere, and where one is hit the pixel is not background.
        const qreal dpr = view->devicePixelRatioF();
        std::set<qint64> seen;
        int covered = 0;
        for (int y = 10; y < view->height(); y += 10)
            for (int x = 10; x < view->width(); x += 10) {
                const auto pick = view->pickAt(QPointF(x, y));
                if (pick.instance < 0) continue;
                seen.insert(pick.instance);
                covered += apptest::differs(image.pixelColor(qRound(x * dpr), qRound(y * dpr)), background);
            }
        QCOMPARE(seen, (std::set<qint64>{0, 1}));
        QVERIFY2(covered > 20, qPrintable(QString::number(covered)));
        // A click picks: the instance is announced.
        QSignalSpy picked(&pane, &PreviewPane::instancePicked);
        for (int y = 10; y < view->height() && picked.isEmpty(); y += 10)
            for (int x = 10; x < view->width() && picked.isEmpty(); x += 10)
                if (view->pickAt(QPointF(x, y)).instance >= 0) {
                    QTest::mousePress(view, Qt::LeftButton, Qt::NoModifier, QPoint(x, y));
                    QTest::mouseRelease(view, Qt::LeftButton, Qt::NoModifier, QPoint(x, y));
                }
        QCOMPARE(picked.count(), 1);
        // The file is shown in every season; the season box is offered, the LOD box is not.
        QVERIFY(pane.offersSeasons());
        QVERIFY(!pane.offersLods());
        // On disk the cell folder has no model files: boxes.
        auto loose =
            loadDocument(dir.filePath(QStringLiteral("scene/proc/cellsize/50/12_-3/c50_buildings_do.pgeo")));
        pane.setDocument(loose.get());
        QCOMPARE(view->boxInstanceCount(), std::size_t{2});
        // A model: its LODs and variants offered; a click on the middle picks a triangle.
        auto model =
            loadDocument(dir.filePath(QStringLiteral("media/models/bld_sample_house_a_lod0.i.modelbin")));
        pane.setDocument(model.get());
        QVERIFY(pane.message().isEmpty());
        // The sample building, framed, covers the middle of the view.
        view->setShowGrid(false);
        view->setShowAxes(false);
        const QImage building = view->grabFramebuffer();
        QVERIFY2(apptest::differs(building.pixelColor(2, 2),
                                  building.pixelColor(building.width() / 2, building.height() / 2)),
                 "the middle of the view shows the background, not the building");
        QVERIFY(pane.offersVariants());
        QCOMPARE(pane.variantBox()->count(), 2);
        QSignalSpy subjects(&pane, &PreviewPane::meshPicked);
        const QPoint middle(view->width() / 2, view->height() / 2);
        QVERIFY(view->pickAt(middle).triangle >= 0);
        QTest::mousePress(view, Qt::LeftButton, Qt::NoModifier, middle);
        QTest::mouseRelease(view, Qt::LeftButton, Qt::NoModifier, middle);
        QCOMPARE(subjects.count(), 1);
        // The picked mesh names its source: a mesh subject of the model and that mesh's tree node.
        const Subject source = subjects.at(0).at(0).value<Subject>();
        QCOMPARE(source.kind, modelbin::kMeshSubject);
        QCOMPARE(subjects.at(0).at(1).toUInt(), model->parsed->nodeOf(source));
    }

    void withoutOpenGLThePaneSaysSo() {
        if (PreviewPane::platformHasOpenGL()) QSKIP("this platform has OpenGL; the pixel tests run instead");
        PreviewPane pane;
        pane.show();
        QVERIFY(!pane.glAvailable());
        QVERIFY(pane.message().contains(QStringLiteral("OpenGL 3.3")));
        const auto scene = quadScene();
        pane.setScene(&scene, QString());
        QVERIFY(pane.message().contains(QStringLiteral("OpenGL 3.3"))); // still, and no crash
    }

    void pixels() {
        if (!PreviewPane::platformHasOpenGL()) {
            if (qEnvironmentVariableIsSet("ASSETSCOPE_EXPECT_GL")) QFAIL("expected an OpenGL platform");
            QSKIP("no OpenGL on this platform (run under xvfb-run)");
        }
        PreviewPane pane;
        pane.resize(400, 400);
        const auto scene = quadScene();
        pane.setScene(&scene, QString());
        pane.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pane));
        PreviewView* view = pane.view();
        QVERIFY(view);
        QTRY_VERIFY(view->glReady() || !pane.glAvailable());
        QVERIFY2(pane.glAvailable(), qPrintable(pane.message()));
        view->setShowGrid(false);
        view->setShowAxes(false);
        // Looking straight at the quad.
        view->setScene(scene);
        const QImage solid = view->grabFramebuffer();
        QVERIFY(!solid.isNull());
        const QColor corner = solid.pixelColor(2, 2);
        const QColor centre = solid.pixelColor(solid.width() / 2, solid.height() / 2);
        QVERIFY2(apptest::differs(corner, centre),
                 qPrintable(corner.name() + QLatin1Char(' ') + centre.name()));
        QCOMPARE(view->drawnTriangles(), std::size_t{2});
        // Wireframe: the middle of the quad is background again, the image differs.
        view->setWireframe(true);
        const QImage wire = view->grabFramebuffer();
        int changed = 0;
        for (int y = 0; y < wire.height(); y += 4)
            for (int x = 0; x < wire.width(); x += 4)
                changed += apptest::differs(wire.pixelColor(x, y), solid.pixelColor(x, y));
        QVERIFY(changed > 100);
        // Normal shading colours the quad by its normal (0,0,1) → (0.5,0.5,1).
        view->setWireframe(false);
        view->setShading(PreviewView::Shading::Normals);
        const QImage normals = view->grabFramebuffer();
        const QColor n = normals.pixelColor(normals.width() / 2, normals.height() / 2);
        QVERIFY2(n.blue() > 200 && n.red() > 90 && n.red() < 170, qPrintable(n.name()));
        // Tangents as lines: (1, 0, 0) at each corner adds orange strokes.
        auto tangentScene = scene;
        tangentScene.meshes[0].tangents.assign(4, {1, 0, 0, 1});
        view->setScene(tangentScene);
        const QImage plain = view->grabFramebuffer();
        view->setShowTangents(true);
        const QImage strokes = view->grabFramebuffer();
        view->setShowTangents(false);
        int stroked = 0;
        for (int y = 0; y < strokes.height(); ++y)
            for (int x = 0; x < strokes.width(); ++x)
                stroked += apptest::differs(strokes.pixelColor(x, y), plain.pixelColor(x, y));
        QVERIFY2(stroked > 10, qPrintable(QString::number(stroked)));
        // Placements: boxes from row-vector world matrices (scale 2, translated), no meshes.
        std::vector<exporting::Mat4> boxes{{2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1},
                                           {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 3, 0, 0, 1}};
        pane.setScene(nullptr, QString(), &boxes);
        QVERIFY(pane.message().isEmpty());
        QCOMPARE(view->instanceCount(), std::size_t{2});
        view->setShowGrid(false);
        view->setShowAxes(false);
        const QImage placed = view->grabFramebuffer();
        QVERIFY(apptest::differs(placed.pixelColor(2, 2),
                                 placed.pixelColor(placed.width() / 2, placed.height() / 2)));
        // Nothing to draw: the pane shows the reason instead.
        pane.setScene(nullptr, QStringLiteral("this format holds no geometry"));
        QCOMPARE(pane.message(), QStringLiteral("this format holds no geometry"));
    }
};

QTEST_MAIN(TestPreview)
#include "tst_preview.moc"
