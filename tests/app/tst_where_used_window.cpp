// "Where Is This Used?" of a texture, a material or a shader in the window: the dialog lists the
// files of the install whose Game:\ paths resolve to the open file (core's materials::whereUsed),
// and a double-click opens the file naming it with that field selected. The install is the sample
// set with a shader, two materials (one in a zip) and a model added, each named only here.
#include "app_fixtures.h"

#include "archive/zip_archive.h"
#include "dialogs/where_used_dialog.h"
#include "main_window.h"
#include "material_install.h"
#include "models/where_used_model.h"
#include "samples/sample_set.h"
#include "test_support.h"
#include "views/document_view.h"
#include "views/hex_view.h"

#include <QApplication>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeView>
#include <QtTest>

using namespace assetscope;
using namespace assetscope::app;

namespace {

WhereUsedDialog* waitDialog(WhereUsedDialog* dialog) {
    if (!dialog) return nullptr;
    QSignalSpy done(dialog, &WhereUsedDialog::whereUsedFinished);
    if (!dialog->done() && !done.wait(120000)) return nullptr;
    return dialog;
}

} // namespace

class TestWhereUsedWindow : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_root;

    QString media(const QString& relative) const { return m_root + QStringLiteral("/media/") + relative; }

    DocumentView* open(MainWindow& window, const QString& input) {
        window.openInput(input);
        if (!apptest::waitLoads(window)) return nullptr;
        return window.currentDocumentView();
    }

    // The rows' files, in order.
    static QStringList files(const WhereUsedDialog& dialog) {
        QStringList out;
        for (int r = 0; r < dialog.model()->rowCount(); ++r)
            out << dialog.model()->index(r, WhereUsedModel::FileColumn).data().toString();
        return out;
    }

    // Double-clicks row `row`; the current document once it is read.
    DocumentView* activate(MainWindow& window, WhereUsedDialog& dialog, int row) {
        QTreeView* table = dialog.usesTable();
        if (!QTest::qWaitForWindowExposed(&dialog)) return nullptr;
        const QModelIndex index = dialog.model()->index(row, WhereUsedModel::LookColumn);
        table->scrollTo(index);
        const QPoint at = table->visualRect(index).center();
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, at);
        QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, at);
        if (!apptest::waitLoads(window)) return nullptr;
        QCoreApplication::processEvents();
        return window.currentDocumentView();
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_root = m_dir.path();
        const std::string root = m_root.toStdString();
        std::vector<std::string> written;
        std::string error;
        QVERIFY2(samples::writeSampleSet(root, written, error), error.c_str());
        const std::string palette = "Game:\\media\\textures\\sample_palette.swatchbin";
        test::writeFile(root + "/media/shaders/wu_env.shaderbin",
                        test::shaderFile("wu_env", {test::textureParameter("DiffuseATexture", palette)}));
        test::writeFile(root + "/media/materials/wu_brick.materialbin",
                        test::materialFile("wu_brick", "Game:\\Media\\Shaders\\wu_env.shaderbin",
                                           {test::textureParameter("DiffuseATexture", palette)}));
        test::writeFile(
            root + "/media/wu_materials.zip",
            archive::writeZip(
                {{"wu_plaster.materialbin",
                  test::materialFile("wu_plaster", "Game:\\Media\\Shaders\\WU_ENV.shaderbin", {})}},
                true));
        test::writeFile(
            root + "/media/models/wu_house.modelbin",
            test::modelFile({{1, "house_walls", "Game:\\Media\\Materials\\wu_brick.materialbin", {}}}));
    }

    // The shader: both materials, the zipped one naming it in capitals; a double-click opens the
    // loose one with its MATL path selected and the hex cursor on it.
    void aShaderListsItsMaterials() {
        MainWindow window;
        window.setPersistent(false);
        QVERIFY(open(window, media(QStringLiteral("shaders/wu_env.shaderbin"))));
        WhereUsedDialog* dialog = waitDialog(window.whereUsedInInstall());
        QVERIFY(dialog);
        QVERIFY2(dialog->result().error.empty(), dialog->result().error.c_str());
        QStringList found = files(*dialog);
        found.sort();
        QCOMPARE(found, (QStringList{media(QStringLiteral("materials/wu_brick.materialbin")),
                                     media(QStringLiteral("wu_materials.zip::wu_plaster.materialbin"))}));
        int brick = files(*dialog).indexOf(media(QStringLiteral("materials/wu_brick.materialbin")));
        const materials::MaterialUse use = dialog->model()->at(brick);
        QCOMPARE(dialog->model()->index(brick, WhereUsedModel::LookColumn).data().toString(),
                 QStringLiteral("material wu_brick"));
        QCOMPARE(dialog->model()->index(brick, WhereUsedModel::ReferenceColumn).data().toString(),
                 QStringLiteral("shader"));
        QCOMPARE(dialog->model()->index(brick, WhereUsedModel::PathColumn).data().toString(),
                 QStringLiteral("Game:\\Media\\Shaders\\wu_env.shaderbin"));
        QVERIFY2(dialog->summaryText().startsWith(QStringLiteral("2 uses in 2 of ")),
                 qPrintable(dialog->summaryText()));

        DocumentView* view = activate(window, *dialog, brick);
        QVERIFY(view);
        QCOMPARE(view->document().input, media(QStringLiteral("materials/wu_brick.materialbin")));
        QCOMPARE(view->currentNode(), use.node);
        const Node& node = view->document().tree()->node(view->currentNode());
        QVERIFY(node.doc);
        QCOMPARE(node.doc->key, std::string("materialbin/matl/path"));
        QCOMPARE(view->hexView()->cursorOffset(), use.offset);
        dialog->close();
    }

    // The material: the model's slot 1, the MATI path selected inside the slot's nested bundle.
    void aMaterialListsTheSlotsDerivingFromIt() {
        MainWindow window;
        window.setPersistent(false);
        QVERIFY(open(window, media(QStringLiteral("materials/wu_brick.materialbin"))));
        WhereUsedDialog* dialog = waitDialog(window.whereUsedInInstall());
        QVERIFY(dialog);
        QCOMPARE(files(*dialog), QStringList{media(QStringLiteral("models/wu_house.modelbin"))});
        QCOMPARE(dialog->model()->index(0, WhereUsedModel::LookColumn).data().toString(),
                 QStringLiteral("slot 1: house_walls"));
        QCOMPARE(dialog->model()->index(0, WhereUsedModel::ReferenceColumn).data().toString(),
                 QStringLiteral("material"));
        DocumentView* view = activate(window, *dialog, 0);
        QVERIFY(view);
        QCOMPARE(view->document().input, media(QStringLiteral("models/wu_house.modelbin")));
        const Node& node = view->document().tree()->node(view->currentNode());
        QVERIFY(node.doc);
        QCOMPARE(node.doc->key, std::string("modelbin/mati/material_path"));
        dialog->close();
    }

    // The sample palette texture: named by the new material's and shader's DiffuseATexture (the
    // sample set's own files may name it too).
    void aTextureListsTheMaterialsAndShadersNamingIt() {
        MainWindow window;
        window.setPersistent(false);
        DocumentView* view = open(window, media(QStringLiteral("textures/sample_palette.swatchbin")));
        QVERIFY(view);
        QVERIFY(view->document().texture);
        WhereUsedDialog* dialog = waitDialog(window.whereUsedInInstall());
        QVERIFY(dialog);
        const QStringList found = files(*dialog);
        const int material = found.indexOf(media(QStringLiteral("materials/wu_brick.materialbin")));
        const int shader = found.indexOf(media(QStringLiteral("shaders/wu_env.shaderbin")));
        QVERIFY2(material >= 0 && shader >= 0, qPrintable(found.join(QLatin1Char('\n'))));
        QCOMPARE(dialog->model()->index(material, WhereUsedModel::ReferenceColumn).data().toString(),
                 QStringLiteral("DiffuseATexture"));
        QCOMPARE(dialog->model()->index(shader, WhereUsedModel::LookColumn).data().toString(),
                 QStringLiteral("shader wu_env"));
        dialog->close();
    }

    // The Edit menu's action opens the dialog for a shader; a model is no file Game:\ paths name
    // (its where-used is the find by name), and a material outside any install says so.
    void theMenuActionChoosesByTheDocument() {
        MainWindow window;
        window.setPersistent(false);
        QVERIFY(open(window, media(QStringLiteral("shaders/wu_env.shaderbin"))));
        auto* action = window.findChild<QAction*>(QStringLiteral("actionWhereUsed"));
        QVERIFY(action);
        action->trigger();
        WhereUsedDialog* dialog = window.findChild<WhereUsedDialog*>();
        QVERIFY(dialog);
        QVERIFY(waitDialog(dialog));
        QCOMPARE(dialog->model()->rowCount(), 2);
        dialog->close();

        QVERIFY(open(window, media(QStringLiteral("models/wu_house.modelbin"))));
        QVERIFY(!window.whereUsedInInstall());

        QTemporaryDir elsewhere;
        const QString loose = elsewhere.filePath(QStringLiteral("lone.materialbin"));
        QVERIFY(apptest::writeFile(
            loose, test::materialFile("lone", "Game:\\Media\\Shaders\\wu_env.shaderbin", {})));
        QVERIFY(open(window, loose));
        QVERIFY(!window.whereUsedInInstall());
        bool told = false;
        QTimer::singleShot(0, [&told] {
            if (QWidget* box = QApplication::activeModalWidget()) {
                told = true;
                box->close();
            }
        });
        action->trigger();
        QVERIFY(told);
    }
};

QTEST_MAIN(TestWhereUsedWindow)
#include "tst_where_used_window.moc"
