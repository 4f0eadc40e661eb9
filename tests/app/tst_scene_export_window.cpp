// The window's side of scene export: the 3D pane's model places (a .pgeo opened from the sample
// set's scene/ folder finds its houses once the models folder is a place) and the Export Scene
// dialog, which writes through the same core export off the UI thread.
#include "dialogs/scene_export_dialog.h"
#include "document.h"
#include "samples/sample_set.h"
#include "views/preview_pane.h"
#include "views/preview_view.h"

#include <QDir>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace assetscope;
using namespace assetscope::app;

class TestSceneExportWindow : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString m_cell;
    QString m_models;

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        std::vector<std::string> written;
        std::string error;
        QVERIFY2(samples::writeSampleSet(m_dir.path().toStdString(), written, error), error.c_str());
        m_cell = m_dir.filePath(QStringLiteral("scene/proc/cellsize/50/12_-3/c50_buildings_do.pgeo"));
        m_models = m_dir.filePath(QStringLiteral("media/models"));
    }

    void documentLooksInTheModelPlaces() {
        const auto loose = loadDocument(m_cell);
        QCOMPARE(loose->placementModels.groupModel, std::vector<int>{-1});
        const auto placed = loadDocument(m_cell, {m_models});
        QCOMPARE(placed->placementModels.groupModel, std::vector<int>{0});
        QCOMPARE(placed->modelPlaces, QStringList{m_models});
        QVERIFY(QString::fromStdString(placed->placementModels.models.at(0).input)
                    .endsWith(QStringLiteral("bld_sample_house_a_lod0.i.modelbin")));
    }

    // A document opened before the places were set: the pane looks its models up again.
    void paneShowsTheHousesOnceTheFolderIsAPlace() {
        const auto loose = loadDocument(m_cell);
        PreviewPane pane;
        pane.resize(640, 480);
        pane.show();
        pane.setDocument(loose.get());
        QSignalSpy remembered(&pane, &PreviewPane::modelPlacesChanged);
        QSignalSpy found(&pane, &PreviewPane::placementModelsFound);
        pane.setModelPlaces({m_models});
        QCOMPARE(remembered.count(), 1);
        QCOMPARE(remembered.at(0).at(0).toStringList(), QStringList{m_models});
        QVERIFY(found.wait(20000));
        QCOMPARE(pane.placementModels()->groupModel, std::vector<int>{0});
        if (!pane.glAvailable()) return; // nothing drawn without OpenGL (run under xvfb-run for that)
        QVERIFY2(pane.status().startsWith(QStringLiteral("2 of 2 instances drawn as models")),
                 qPrintable(pane.status()));
        QVERIFY(pane.status().contains(QStringLiteral("beside the file or in the model places")));
        QCOMPARE(pane.view()->boxInstanceCount(), std::size_t{0});
        // Forgetting the places draws boxes again.
        pane.setModelPlaces({});
        QVERIFY(found.wait(20000));
        QCOMPARE(pane.view()->boxInstanceCount(), std::size_t{2});
    }

    void dialogWritesTheScene() {
        const QString out = m_dir.filePath(QStringLiteral("out/cell.gltf"));
        QDir().mkpath(QFileInfo(out).path());
        SceneExportDialog dialog(m_cell, out, 3, {m_models});
        // The house's copy lies in no install: with its looks' textures it would be a note.
        dialog.setTextures(false);
        QCOMPARE(dialog.season(), 3);
        QCOMPARE(dialog.modelPlaces(), QStringList{m_models});
        QSignalSpy ended(&dialog, &SceneExportDialog::exportEnded);
        dialog.accept();
        QVERIFY(dialog.running());
        QVERIFY(ended.wait(20000));
        QCOMPARE(ended.at(0).at(0).toBool(), true);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(dialog.writtenFiles(), (QStringList{out, m_dir.filePath(QStringLiteral("out/cell.bin"))}));
        QVERIFY(dialog.notes().isEmpty());
        QVERIFY(QFileInfo(out).size() > 0);
    }

    void dialogSaysWhyNothingWasWritten() {
        const QString out = m_dir.filePath(QStringLiteral("no/such/folder/cell.glb"));
        SceneExportDialog dialog(m_cell, out, 1, {});
        QSignalSpy ended(&dialog, &SceneExportDialog::exportEnded);
        dialog.accept();
        QVERIFY(ended.wait(20000));
        QCOMPARE(ended.at(0).at(0).toBool(), false);
        QVERIFY(dialog.writtenFiles().isEmpty());
        QVERIFY(!dialog.running());
        QVERIFY(!dialog.notes().isEmpty()); // the house was looked for beside the file only
    }
};

QTEST_MAIN(TestSceneExportWindow)
#include "tst_scene_export_window.moc"
