// The 3D scene of an opened file is built once, off the UI thread, and the pane draws that very
// scene; it builds another only when a person picks other choices (LOD, variant, season).
#include "app_fixtures.h"
#include "formats/registry.h"
#include "main_window.h"
#include "samples/sample_set.h"
#include "triangle_mesh_format.h"
#include "views/document_view.h"
#include "views/preview_pane.h"

#include <QComboBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace assetscope;
using namespace assetscope::app;

namespace {

// A triangle whose corners are `lift` metres up: two files of it differ in their bytes.
trimesh::TriangleMesh triangle(float lift) {
    return {{{0, lift, 0}, {1, lift, 0}, {0, lift, 1}}, {{{0, 1, 2}}}};
}

} // namespace

class TestSceneBuiltOnce : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

    static bool glOrSkip(const PreviewPane& pane) {
        if (pane.glAvailable()) return true;
        if (qEnvironmentVariableIsSet("ASSETSCOPE_EXPECT_GL")) qFatal("expected an OpenGL platform");
        return false;
    }

    static bool shown(MainWindow& w) {
        w.setPersistent(false);
        w.resize(1200, 800);
        w.show();
        return QTest::qWaitForWindowExposed(&w);
    }

    static DocumentView* open(MainWindow& w, const QString& path) {
        w.openInput(path);
        if (!apptest::waitLoads(w)) return nullptr;
        return w.currentDocumentView();
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        addFormatHandler(trimesh::triangleMeshHandler());
        QVERIFY(m_dir.isValid());
        for (int i = 0; i < 2; ++i)
            QVERIFY(apptest::writeFile(m_dir.filePath(QStringLiteral("t%1.trimesh").arg(i)),
                                       trimesh::writeTriangleMesh(triangle(1.0f + static_cast<float>(i)))));
        std::vector<std::string> written;
        std::string error;
        QVERIFY2(
            samples::writeSampleSet(m_dir.filePath(QStringLiteral("samples")).toStdString(), written, error),
            error.c_str());
    }

    void oneBuildPerOpenedFile() {
        MainWindow w;
        QVERIFY(shown(w));
        PreviewPane* pane = w.previewPane();
        if (!glOrSkip(*pane))
            QSKIP("no OpenGL on this platform: the 3D pane is a message (xvfb-run runs it)");
        for (int i = 0; i < 2; ++i) {
            const std::uint64_t before = trimesh::sceneBuilds();
            DocumentView* view = open(w, m_dir.filePath(QStringLiteral("t%1.trimesh").arg(i)));
            QVERIFY(view);
            QCOMPARE(trimesh::sceneBuilds(), before + 1);
            const Document& doc = view->document();
            QVERIFY(doc.scene);
            // The pane draws the loader's scene itself, not a copy of it.
            QCOMPARE(pane->drawnScene(), &*doc.scene);
            QCOMPARE(pane->drawnScene()->meshes.size(), std::size_t{1});
            QCOMPARE(pane->drawnScene()->meshes[0].positions[0][1], 1.0f + static_cast<float>(i));
        }
    }

    void otherChoicesBuildTheirOwn() {
        MainWindow w;
        QVERIFY(shown(w));
        PreviewPane* pane = w.previewPane();
        if (!glOrSkip(*pane))
            QSKIP("no OpenGL on this platform: the 3D pane is a message (xvfb-run runs it)");
        // The wind turbine has LOD0 and LOD1: the pane starts on LOD0, the loader's choice.
        DocumentView* view = open(
            w, m_dir.filePath(QStringLiteral("samples/media/models/inf_sample_wind_turbine.a.modelbin")));
        QVERIFY(view);
        const Document& doc = view->document();
        QVERIFY(doc.scene);
        QCOMPARE(doc.sceneSelection.lod, std::optional<int>(0));
        QCOMPARE(pane->lodBox()->count(), 2);
        QCOMPARE(pane->lodBox()->currentIndex(), 0);
        QCOMPARE(pane->drawnScene(), &*doc.scene);
        // LOD1 is a scene of its own; back on LOD0 the loader's scene is drawn again.
        pane->lodBox()->setCurrentIndex(1);
        emit pane->lodBox()->activated(1);
        QVERIFY(pane->drawnScene());
        QVERIFY(pane->drawnScene() != &*doc.scene);
        QVERIFY(!pane->drawnScene()->meshes.empty());
        pane->lodBox()->setCurrentIndex(0);
        emit pane->lodBox()->activated(0);
        QCOMPARE(pane->drawnScene(), &*doc.scene);
    }

    void firstSelectionFollowsTheChoices() {
        PreviewChoices none;
        const ExportSelection plain = firstPreviewSelection(none);
        QVERIFY(!plain.lod);
        QCOMPARE(plain.variant, 0);
        QCOMPARE(plain.season, 0); // no season box: the pane's index is then -1, taken as 0
        PreviewChoices model;
        model.lods = {"LOD2", "LOD3"};
        model.lodNumbers = {2, 3};
        model.seasons = seasonLabels();
        const ExportSelection first = firstPreviewSelection(model);
        QCOMPARE(first.lod, std::optional<int>(2));
        QCOMPARE(first.season, ExportSelection{}.season);
        QVERIFY(sameSelection(first, firstPreviewSelection(model)));
        QVERIFY(!sameSelection(first, plain));
    }
};

QTEST_MAIN(TestSceneBuiltOnce)
#include "tst_scene_built_once.moc"
