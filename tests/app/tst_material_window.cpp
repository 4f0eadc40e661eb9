// The window over materials: a model's slot, selected in the tree, shows its effective
// parameters in the table pane (shader < material < instance) above its chain and textures; a
// row jumps to the record it was read from, in this file or in the material or shader it came
// from (opened in a tab, inside a zip too); a texture row opens the texture; a missing material
// shows its problem; the game roots are remembered and used. The install is written here by the
// formats' writers, and every value is worked out from the records written.
#include "app_fixtures.h"
#include "archive/zip_archive.h"
#include "dialogs/game_roots_dialog.h"
#include "document_looks.h"
#include "formats/grub/bundle_writer.h"
#include "formats/materialbin/material_writer.h"
#include "formats/modelbin/model_builder.h"
#include "formats/texture/texture_samples.h"
#include "game_roots.h"
#include "main_window.h"
#include "models/source_table_model.h"
#include "models/structure_model.h"
#include "shading/parameter_writer.h"
#include "shading/parameters.h"
#include "views/document_view.h"
#include "views/table_pane.h"

#include <QDir>
#include <QLabel>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace assetscope;
using namespace assetscope::app;

namespace {

using shading::makeRecord;

std::uint32_t hashOf(std::string_view name) {
    return shading::crc32Of(name);
}

const QString kMaterial = QStringLiteral("Game:\\Media\\Materials\\paint.materialbin");
const QString kGone = QStringLiteral("Game:\\Media\\Materials\\gone.materialbin");
const QString kTexture = QStringLiteral("Game:\\Media\\Textures\\paint_diffuse.swatchbin");

// A shader whose DFPR blob (2.1) holds the defaults, in this order: GlossTiling 2, AOTiling
// (3, 4), DiffTintColorParam (0, 0, 0, 1) and a default base-colour texture.
Bytes shaderBytes() {
    shading::ParameterBlob dfpr;
    dfpr.version = {2, 1};
    dfpr.records = {makeRecord({3, 0}, hashOf("GlossTiling"), ParameterType::Float, {2.0f}),
                    makeRecord({3, 0}, hashOf("AOTiling"), ParameterType::Vector2, {3.0f, 4.0f}),
                    makeRecord({3, 0}, hashOf("DiffTintColorParam"), ParameterType::Color, {0, 0, 0, 1}),
                    makeRecord({3, 0}, hashOf("DiffuseATexture"), ParameterType::Texture, {}, {},
                               "Game:\\Media\\Textures\\default_diffuse.swatchbin")};
    dfpr.count = static_cast<std::uint32_t>(dfpr.records.size());
    grub::Blob blob;
    blob.tag = tagFromText("DFPR");
    blob.versionMajor = 2;
    blob.versionMinor = 1;
    blob.data = shading::writeParameterBlob(dfpr);
    blob.dataSizeAgain = static_cast<std::uint32_t>(blob.data.size());
    grub::Bundle bundle;
    bundle.blobs.push_back(std::move(blob));
    return grub::writeBundle(bundle);
}

// The material overrides the tint (0.5, 0.25, 0.125, 1), the gloss tiling (8) and the texture.
Bytes materialBytes() {
    return materialbin::writeMaterial(materialbin::makeMaterial(
        "paint", "Game:\\Media\\Shaders\\car.shaderbin",
        {makeRecord({3, 0}, hashOf("DiffTintColorParam"), ParameterType::Color, {0.5f, 0.25f, 0.125f, 1.0f}),
         makeRecord({3, 0}, hashOf("GlossTiling"), ParameterType::Float, {8.0f}),
         makeRecord({3, 0}, hashOf("DiffuseATexture"), ParameterType::Texture, {}, {},
                    kTexture.toStdString())}));
}

// Slot 1 "body" derives from the material, slot 2 "glass" from one that is not there. The model
// builder gives each instance one record: the tint (1, 1, 1, 1).
Bytes modelBytes() {
    modelbin::BuildModel spec;
    spec.materials = {{1, "body", kMaterial.toStdString()}, {2, "glass", kGone.toStdString()}};
    modelbin::BuildMesh mesh;
    mesh.name = "panel";
    modelbin::GeometryBuilder(mesh).quad({0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0}, {1, 1},
                                         {0, 0, 1});
    mesh.materialGroups = {{-1, 1, -1, -1}};
    spec.meshes.push_back(mesh);
    return modelbin::buildModelBytes(spec);
}

struct Install {
    QString root;
    QString model, material, shader, texture;
};

// ROOT/media/cars/car.modelbin, ROOT/media/materials/paint.materialbin, the shader inside
// ROOT/media/shaders.zip and the texture loose under ROOT/media/textures.
bool writeInstall(const QString& root, Install& out) {
    out.root = root;
    out.model = root + QStringLiteral("/media/cars/car.modelbin");
    out.material = root + QStringLiteral("/media/materials/paint.materialbin");
    out.shader = root + QStringLiteral("/media/shaders.zip::car.shaderbin");
    out.texture = root + QStringLiteral("/media/textures/paint_diffuse.swatchbin");
    const Bytes texture = samples::textureSamples().front().data;
    for (const char* folder : {"/media/cars", "/media/materials", "/media/textures"})
        if (!QDir().mkpath(root + QLatin1String(folder))) return false;
    return apptest::writeFile(out.model, modelBytes()) && apptest::writeFile(out.material, materialBytes()) &&
           apptest::writeFile(root + QStringLiteral("/media/shaders.zip"),
                              archive::writeZip({{"car.shaderbin", shaderBytes(), 0}})) &&
           apptest::writeFile(out.texture, texture);
}

QString cell(const QAbstractItemModel* model, int row, int column) {
    return model->data(model->index(row, column)).toString();
}

// The rows of a table as "a | b | c" lines.
QStringList rowsOf(const QAbstractItemModel* model) {
    QStringList rows;
    for (int r = 0; r < model->rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < model->columnCount(); ++c)
            cells << cell(model, r, c);
        rows << cells.join(QStringLiteral(" | "));
    }
    return rows;
}

// The node of the look's parameter with this name hash (a look as the file says it).
NodeId parameterNode(const ParsedFile& file, std::size_t look, std::string_view name) {
    const std::vector<MaterialLook> looks = file.materials();
    for (const MaterialParameter& p : looks.at(look).parameters)
        if (p.hash == hashOf(name)) return p.node;
    return kNoNode;
}

// Selects a look's node in the tree and waits until its chain was followed.
bool selectLook(MainWindow& w, NodeId node) {
    DocumentView* view = w.currentDocumentView();
    if (!view || !view->selectNode(node)) return false;
    return QTest::qWaitFor([&] { return w.tablePane()->detailModel() != nullptr; }, 20000);
}

// Activates a row as Enter does.
void activate(QTableView* table, int row) {
    table->setCurrentIndex(table->model()->index(row, 0));
    emit table->activated(table->model()->index(row, 0));
}

} // namespace

class TestMaterialWindow : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    Install m_install;

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("assetscope-test"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_material_window"));
        QSettings().clear();
        QVERIFY(writeInstall(m_dir.filePath(QStringLiteral("install")), m_install));
    }

    // Slot 1: the shader's four defaults in the shader's order, each overridden where the
    // material or the instance sets it; the chain instance -> material -> shader (in its zip) and
    // the one texture found.
    void aSlotShowsItsEffectiveParameters() {
        MainWindow w;
        w.setPersistent(false);
        w.openInput(m_install.model);
        QVERIFY(apptest::waitLoads(w));
        DocumentView* view = w.currentDocumentView();
        QVERIFY(view);
        const ParsedFile& model = *view->document().parsed;
        QVERIFY(selectLook(w, model.materials().at(0).node));
        TablePane* pane = w.tablePane();
        QCOMPARE(rowsOf(pane->mainModel()),
                 (QStringList{QStringLiteral("GlossTiling | float | 8 | material"),
                              QStringLiteral("AOTiling | vector2 | (3, 4) | shader"),
                              QStringLiteral("DiffTintColorParam | color | (1, 1, 1, 1) | instance"),
                              QStringLiteral("DiffuseATexture | texture | ") + kTexture +
                                  QStringLiteral(" | material")}));
        QCOMPARE(rowsOf(pane->detailModel()),
                 (QStringList{QStringLiteral("instance | (this file) | media/cars/car.modelbin"),
                              QStringLiteral("material | ") + kMaterial +
                                  QStringLiteral(" | media/materials/paint.materialbin"),
                              QStringLiteral("shader | Game:\\Media\\Shaders\\car.shaderbin | "
                                             "media/shaders.zip::car.shaderbin"),
                              QStringLiteral("texture DiffuseATexture (base_color) | ") + kTexture +
                                  QStringLiteral(" | media/textures/paint_diffuse.swatchbin")}));
        QVERIFY2(pane->title().contains(QStringLiteral("Slot 1: body")), qPrintable(pane->title()));
        QVERIFY2(pane->title().contains(m_install.root + QStringLiteral(" (the file's own)")),
                 qPrintable(pane->title()));
        // The instance's own row stands for its record in this file: picking it selects that node.
        pane->mainTable()->selectRow(2);
        QTRY_COMPARE(view->currentNode(), parameterNode(model, 0, "DiffTintColorParam"));
        QCOMPARE(pane->mainModel()->rowCount(), 4); // the table stayed
    }

    // Enter on a row read from the material opens the material in a tab with that record
    // selected; on a row of the shader, the shader inside its zip; on the texture, the texture.
    void rowsJumpToWhereTheyWereRead() {
        MainWindow w;
        w.setPersistent(false);
        w.openInput(m_install.model);
        QVERIFY(apptest::waitLoads(w));
        QVERIFY(selectLook(w, w.currentDocumentView()->document().parsed->materials().at(0).node));
        activate(w.tablePane()->mainTable(), 0); // GlossTiling, from the material
        QVERIFY(apptest::waitLoads(w));
        DocumentView* material = w.currentDocumentView();
        QVERIFY(material);
        QCOMPARE(material->document().input, m_install.material);
        const NodeId gloss = parameterNode(*material->document().parsed, 0, "GlossTiling");
        QVERIFY(gloss != kNoNode);
        QCOMPARE(material->currentNode(), gloss);
        QCOMPARE(QString::fromStdString(material->model()->tree().node(gloss).name),
                 QStringLiteral("GlossTiling"));
        // The material's own look is in the table now, its row for the record selected.
        QTRY_VERIFY(w.tablePane()->detailModel() != nullptr);
        QVERIFY2(w.tablePane()->title().contains(QStringLiteral("Material: paint")),
                 qPrintable(w.tablePane()->title()));
        QCOMPARE(w.tablePane()->mainTable()->currentIndex().row(), 0);
        // The MTPR blob that holds the records stands for the material's look too; the bundle's
        // blob records do not.
        const StructureTree& tree = material->model()->tree();
        NodeId mtpr = gloss;
        while (mtpr != kNoNode && tree.node(mtpr).name != "MTPR")
            mtpr = tree.node(mtpr).parent;
        QVERIFY(mtpr != kNoNode);
        NodeId records = kNoNode;
        for (NodeId n = 0; n < tree.nodeCount() && records == kNoNode; ++n)
            if (tree.node(n).name == "blob_records") records = n;
        QVERIFY(records != kNoNode);
        QVERIFY(material->selectNode(records));
        QTRY_VERIFY2(!w.tablePane()->title().contains(QStringLiteral("Material: paint")),
                     qPrintable(w.tablePane()->title()));
        QVERIFY(material->selectNode(mtpr));
        QTRY_VERIFY2(w.tablePane()->title().contains(QStringLiteral("Material: paint")),
                     qPrintable(w.tablePane()->title()));

        w.tabs()->setCurrentIndex(0);
        QVERIFY(selectLook(w, w.currentDocumentView()->document().parsed->materials().at(0).node));
        activate(w.tablePane()->mainTable(), 1); // AOTiling, from the shader in the zip
        QVERIFY(apptest::waitLoads(w));
        DocumentView* shader = w.currentDocumentView();
        QVERIFY(shader);
        QCOMPARE(shader->document().input, m_install.shader);
        QCOMPARE(shader->currentNode(), parameterNode(*shader->document().parsed, 0, "AOTiling"));

        w.tabs()->setCurrentIndex(0);
        QVERIFY(selectLook(w, w.currentDocumentView()->document().parsed->materials().at(0).node));
        activate(w.tablePane()->detailTable(), 3); // the texture
        QVERIFY(apptest::waitLoads(w));
        QVERIFY(w.currentDocumentView());
        QCOMPARE(w.currentDocumentView()->document().input, m_install.texture);
        QVERIFY(w.currentDocumentView()->document().texture);
        QCOMPARE(w.tabs()->count(), 4);
    }

    // Slot 2's material is not there: the chain stops at it with why, and only the instance's
    // own record is in effect.
    void aMissingMaterialShowsItsProblem() {
        MainWindow w;
        w.setPersistent(false);
        w.openInput(m_install.model);
        QVERIFY(apptest::waitLoads(w));
        QVERIFY(selectLook(w, w.currentDocumentView()->document().parsed->materials().at(1).node));
        TablePane* pane = w.tablePane();
        QCOMPARE(rowsOf(pane->mainModel()),
                 QStringList{QStringLiteral("DiffTintColorParam | color | (1, 1, 1, 1) | instance")});
        QCOMPARE(pane->detailModel()->rowCount(), 2);
        const QString found = cell(pane->detailModel(), 1, 2);
        // The path is in the column before: the problem says the rest.
        QCOMPARE(cell(pane->detailModel(), 1, 1), kGone);
        QVERIFY2(found.startsWith(QStringLiteral("was not found (tried ")), qPrintable(found));
        // What was tried is spelled as the path spells it, under the file's own root.
        QVERIFY2(found.contains(m_install.root + QStringLiteral("/Media/Materials/gone.materialbin, ")),
                 qPrintable(found));
        QVERIFY2(pane->title().contains(QStringLiteral("not found")), qPrintable(pane->title()));
        // A link that is not found leads nowhere.
        const int tabs = w.tabs()->count();
        activate(pane->detailTable(), 1);
        QCOMPARE(w.tabs()->count(), tabs);
    }

    // A material outside any install, opened on its own: its look is in the table from the start,
    // and the title says there is no root to follow its shader under.
    void aFileInNoInstallSaysSo() {
        QTemporaryDir loose;
        const QString path = loose.filePath(QStringLiteral("paint.materialbin"));
        QVERIFY(apptest::writeFile(path, materialBytes()));
        MainWindow w;
        w.setPersistent(false);
        w.openInput(path);
        QVERIFY(apptest::waitLoads(w));
        TablePane* pane = w.tablePane();
        QTRY_VERIFY(pane->detailModel() != nullptr);
        QVERIFY2(pane->title().contains(QStringLiteral("Material: paint")), qPrintable(pane->title()));
        QVERIFY2(pane->title().contains(QStringLiteral("No Game:\\ roots")), qPrintable(pane->title()));
        QCOMPARE(pane->mainModel()->rowCount(), 3); // the material's own three, nothing from a shader
        QCOMPARE(cell(pane->mainModel(), 0, 3), QStringLiteral("material"));
        QCOMPARE(cell(pane->detailModel(), 1, 0), QStringLiteral("shader"));
        QVERIFY(!cell(pane->detailModel(), 1, 2).isEmpty());
    }

    // A root given in Game Roots comes before the file's own: the missing material is found in a
    // second install, and the title names both roots.
    void rememberedRootsAreUsedAndShown() {
        QTemporaryDir other;
        const QString second = other.filePath(QStringLiteral("second"));
        QVERIFY(QDir().mkpath(second + QStringLiteral("/media/materials")));
        QVERIFY(apptest::writeFile(second + QStringLiteral("/media/materials/GONE.materialbin"),
                                   materialbin::writeMaterial(materialbin::makeMaterial("glass", "", {}))));
        {
            MainWindow w; // remembered as the 3D pane's model places are
            w.restoreSettings();
            w.gameRoots()->setRoots({second});
        }
        MainWindow w;
        w.restoreSettings();
        w.setPersistent(false);
        QCOMPARE(w.gameRoots()->roots(), QStringList{second});
        w.openInput(m_install.model);
        QVERIFY(apptest::waitLoads(w));
        QVERIFY(selectLook(w, w.currentDocumentView()->document().parsed->materials().at(1).node));
        TablePane* pane = w.tablePane();
        // Where it was found is said below its root; the row still leads to the whole path.
        QCOMPARE(cell(pane->detailModel(), 1, 2), QStringLiteral("media/materials/GONE.materialbin"));
        QVERIFY2(pane->title().contains(second + QStringLiteral(", ") + m_install.root),
                 qPrintable(pane->title()));
        activate(pane->detailTable(), 1);
        QVERIFY(apptest::waitLoads(w));
        QVERIFY(w.currentDocumentView());
        QCOMPARE(w.currentDocumentView()->document().input,
                 second + QStringLiteral("/media/materials/GONE.materialbin"));
        w.tabs()->setCurrentIndex(0);
        // Forgetting the root follows the chain again: the material is missing once more.
        w.gameRoots()->setRoots({});
        QTRY_VERIFY(pane->detailModel() &&
                    cell(pane->detailModel(), 1, 2).contains(QStringLiteral("not found")));
        QSettings().remove(QStringLiteral("gameRoots"));
    }

    // Everything the window resolves under one set of roots goes through one resolver: reading the
    // model's looks' textures (as the document loads) and following its slots' chains (the table
    // pane) share the install's. Game Roots' OK without a change (lookAgain) makes a new one.
    void theWindowSharesOneResolverPerRoots() {
        MainWindow w;
        w.setPersistent(false);
        w.openInput(m_install.model);
        QVERIFY(apptest::waitLoads(w));
        const std::shared_ptr<resolve::ResolverPool> pool = w.gameRoots()->resolvers();
        QCOMPARE(pool->size(), std::size_t(1)); // the document's looks, under the file's own root
        QVERIFY(selectLook(w, w.currentDocumentView()->document().parsed->materials().at(0).node));
        const std::shared_ptr<const resolve::GameResolver> kept =
            pool->forRoots({m_install.root.toStdString()});
        QCOMPARE(w.gameRoots()->resolverFor(m_install.model).get(), kept.get());
        QCOMPARE(pool->size(), std::size_t(1));
        w.gameRoots()->lookAgain();
        QVERIFY(w.gameRoots()->resolverFor(m_install.model).get() != kept.get());
        QCOMPARE(w.gameRoots()->resolverFor(m_install.model)->roots(),
                 std::vector<std::string>{m_install.root.toStdString()});
    }

    // What a user sees with slot 1 selected, on a window system: ASSETSCOPE_SCREENSHOT_DIR keeps
    // the picture (material-slot.png), that of the missing material (material-missing.png) and of
    // the shader a row jumped to (material-shader.png).
    void screenshot() {
        const QString dir = qEnvironmentVariable("ASSETSCOPE_SCREENSHOT_DIR");
        if (dir.isEmpty()) QSKIP("ASSETSCOPE_SCREENSHOT_DIR is not set");
        MainWindow w;
        w.setPersistent(false);
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.openInput(m_install.model);
        QVERIFY(apptest::waitLoads(w));
        const std::vector<MaterialLook> looks = w.currentDocumentView()->document().parsed->materials();
        QVERIFY(selectLook(w, looks.at(0).node));
        QTest::qWait(300);
        QVERIFY(w.grab().save(dir + QStringLiteral("/material-slot.png")));
        QVERIFY(selectLook(w, looks.at(1).node));
        QTest::qWait(300);
        QVERIFY(w.grab().save(dir + QStringLiteral("/material-missing.png")));
        QVERIFY(selectLook(w, looks.at(0).node));
        activate(w.tablePane()->mainTable(), 1); // AOTiling, from the shader in its zip
        QVERIFY(apptest::waitLoads(w));
        QTRY_VERIFY(w.tablePane()->detailModel() != nullptr);
        QTest::qWait(300);
        QVERIFY(w.grab().save(dir + QStringLiteral("/material-shader.png")));
    }

    // A crowd's material (its MtlI blob holds the sample brick wall) is a look of the crowd: its
    // MATL node shows the material's effective parameters over the sample shader, found in the
    // sample set's install, and its chain.
    void aCrowdsMaterialShowsItsLook() {
        QTemporaryDir set;
        std::string error;
        QVERIFY2(apptest::writeSampleSet(set.path(), error), error.c_str());
        MainWindow w;
        QVERIFY(apptest::showAndOpen(w, set.path() + QStringLiteral("/media/crowds/sample_crowd.crowdbin")));
        const std::vector<MaterialLook> looks = w.currentDocumentView()->document().parsed->materials();
        QCOMPARE(looks.size(), std::size_t{3}); // the bench's two slots, then the crowd's material
        QVERIFY(selectLook(w, looks.at(2).node));
        TablePane* pane = w.tablePane();
        QVERIFY2(pane->title().contains(QStringLiteral("Material: sample_brick_wall")),
                 qPrintable(pane->title()));
        QCOMPARE(pane->mainModel()->rowCount(), 16); // the material's 14 records over the shader's defaults
        const QStringList chain = rowsOf(pane->detailModel());
        QVERIFY(chain.size() >= 2);
        QCOMPARE(chain.at(0), QStringLiteral("material | (this file) | media/crowds/sample_crowd.crowdbin"));
        QCOMPARE(chain.at(1), QStringLiteral("shader | Game:\\Media\\Shaders\\sample_environment.shaderbin | "
                                             "media/shaders/sample_environment.shaderbin"));
        if (const QString dir = qEnvironmentVariable("ASSETSCOPE_SCREENSHOT_DIR"); !dir.isEmpty()) {
            QTest::qWait(300);
            QVERIFY(w.grab().save(dir + QStringLiteral("/material-crowd.png")));
        }
    }

    // The dialog adds folders once each, removes and reorders them.
    void theRootsDialogEditsTheList() {
        GameRootsDialog dialog({QStringLiteral("/a")});
        dialog.addRoot(QStringLiteral("/b/"));
        dialog.addRoot(QStringLiteral("/b"));
        QCOMPARE(dialog.roots(), (QStringList{QStringLiteral("/a"), QStringLiteral("/b")}));
        dialog.findChild<QPushButton*>(QStringLiteral("upButton"))->click();
        QCOMPARE(dialog.roots(), (QStringList{QStringLiteral("/b"), QStringLiteral("/a")}));
        dialog.findChild<QPushButton*>(QStringLiteral("removeButton"))->click();
        QCOMPARE(dialog.roots(), QStringList{QStringLiteral("/a")});
    }
};

QTEST_MAIN(TestMaterialWindow)
#include "tst_material_window.moc"
