#include "views/preview_pane.h"
#include "views/preview_view.h"

#include <QtTest>

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
    scene.materials.push_back({"grey", {0.8f, 0.3f, 0.2f, 1}});
    return scene;
}

bool differs(const QColor& a, const QColor& b) {
    return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue()) > 30;
}
} // namespace

class TestPreview : public QObject {
    Q_OBJECT
private slots:
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
        QVERIFY2(differs(corner, centre), qPrintable(corner.name() + QLatin1Char(' ') + centre.name()));
        QCOMPARE(view->drawnTriangles(), std::size_t{2});
        // Wireframe: the middle of the quad is background again, the image differs.
        view->setWireframe(true);
        const QImage wire = view->grabFramebuffer();
        int changed = 0;
        for (int y = 0; y < wire.height(); y += 4)
            for (int x = 0; x < wire.width(); x += 4)
                changed += differs(wire.pixelColor(x, y), solid.pixelColor(x, y));
        QVERIFY(changed > 100);
        // Normal shading colours the quad by its normal (0,0,1) → (0.5,0.5,1).
        view->setWireframe(false);
        view->setShading(PreviewView::Shading::Normals);
        const QImage normals = view->grabFramebuffer();
        const QColor n = normals.pixelColor(normals.width() / 2, normals.height() / 2);
        QVERIFY2(n.blue() > 200 && n.red() > 90 && n.red() < 170, qPrintable(n.name()));
        // Placements: boxes from row-vector world matrices (scale 2, translated), no meshes.
        std::vector<exporting::Mat4> boxes{{2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1},
                                           {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 3, 0, 0, 1}};
        pane.setScene(nullptr, QString(), &boxes);
        QVERIFY(pane.message().isEmpty());
        QCOMPARE(view->instanceCount(), std::size_t{2});
        view->setShowGrid(false);
        view->setShowAxes(false);
        const QImage placed = view->grabFramebuffer();
        QVERIFY(differs(placed.pixelColor(2, 2), placed.pixelColor(placed.width() / 2, placed.height() / 2)));
        // Nothing to draw: the pane shows the reason instead.
        pane.setScene(nullptr, QStringLiteral("this format holds no geometry"));
        QCOMPARE(pane.message(), QStringLiteral("this format holds no geometry"));
    }
};

QTEST_MAIN(TestPreview)
#include "tst_preview.moc"
