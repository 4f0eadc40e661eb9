// The 3D pane draws models as their looks say: a small install written here by the formats'
// writers (a model whose slot 1 derives from a material naming a red base-colour texture, and
// whose slot 2 derives from one naming a texture that is not there, both materials deriving from
// the sample shader), opened in the window; the pixels read back from the view.
#include "app_fixtures.h"
#include "decode/texel_format.h"
#include "formats/materialbin/material_writer.h"
#include "formats/modelbin/model_builder.h"
#include "formats/shaderbin/shaderbin_samples.h"
#include "formats/texture/texture_writer.h"
#include "main_window.h"
#include "materials/look_textures.h"
#include "samples/sample_set.h"
#include "shading/sample_parameters.h"
#include "views/document_view.h"
#include "views/preview_pane.h"
#include "views/preview_view.h"

#include <QComboBox>
#include <QDir>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

using namespace assetscope;
using namespace assetscope::app;

namespace {

constexpr std::uint8_t kDarkRed = 160; // the checker's other cells: (160, 0, 0)

// 64 x 64 R8G8B8A8 (encoding 13), one mip, sRGB: 8-texel cells of (255, 0, 0) and (160, 0, 0).
Bytes redChecker() {
    constexpr std::uint32_t size = 64;
    texture::TextureSpec spec;
    spec.header.width = spec.header.height = static_cast<std::int32_t>(size);
    spec.header.colourProfile = 1;
    spec.header.guid = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    spec.chainValues = {13, texture::pitchValue(decode::TexelFormat::R8G8B8A8Unorm, size, size)};
    for (std::uint32_t y = 0; y < size; ++y)
        for (std::uint32_t x = 0; x < size; ++x) {
            const bool dark = ((x / 8) + (y / 8)) % 2 != 0;
            spec.data.insert(spec.data.end(), {dark ? kDarkRed : std::uint8_t{255}, 0, 0, 255});
        }
    return texture::writeTextureBundle(spec);
}

Bytes material(const std::string& name, const std::string& diffuse) {
    using shading::sample_parameters::hashOf;
    std::vector<shading::ParameterRecord> records{
        shading::makeRecord({3, 1}, hashOf("DiffuseATexture"), ParameterType::Texture, {}, {}, diffuse),
        shading::makeRecord({3, 1}, hashOf("NormalTexture"), ParameterType::Texture, {}, {},
                            "Game:\\Media\\Textures\\red.swatchbin")};
    return materialbin::writeMaterial(materialbin::makeMaterial(
        name, "Game:\\Media\\Shaders\\sample_environment.shaderbin", std::move(records)));
}

// A 2 m box in slot 1 (vertex colour (0.5, 1, 1)), and a small box hidden inside it in slot 2.
Bytes model() {
    using namespace modelbin;
    BuildModel spec;
    spec.materials = {{1, "red_slot", "Game:\\Media\\Materials\\red.materialbin"},
                      {2, "missing_slot", "Game:\\Media\\Materials\\missing.materialbin"}};
    BuildMesh outer;
    outer.name = "outer";
    outer.materialGroups = {{-1, 1, -1, -1}};
    GeometryBuilder(outer).box({-1, -1, -1}, {1, 1, 1}, 0.5f);
    for (BuildVertex& v : outer.vertices)
        v.color = {0.5f, 1, 1, 1};
    BuildMesh inner;
    inner.name = "inner";
    inner.materialGroups = {{-1, 2, -1, -1}};
    GeometryBuilder(inner).box({-0.2f, -0.2f, -0.2f}, {0.2f, 0.2f, 0.2f}, 0.5f);
    spec.meshes = {outer, inner};
    return buildModelBytes(spec);
}

bool redish(const QColor& c) {
    return c.red() > 60 && c.red() > 3 * c.green() + 20 && c.red() > 3 * c.blue() + 20;
}

QString describe(const QColor& c) {
    return QStringLiteral("(%1, %2, %3)").arg(c.red()).arg(c.green()).arg(c.blue());
}

QColor centreOf(const QImage& image) {
    return image.pixelColor(image.width() / 2, image.height() / 2);
}

int redPixels(const QImage& image) {
    int n = 0;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2)
            n += redish(image.pixelColor(x, y)) ? 1 : 0;
    return n;
}

void choose(QComboBox* box, int index) {
    box->setCurrentIndex(index);
    emit box->activated(index);
}

// A quad facing +z filling the view's middle, UV (0, 0) at its top-left corner in set 0 and at
// its bottom-left in set 1, with a 4 x 4 sRGB texture whose top half is (128, 64, 32) and bottom
// half (32, 64, 128).
exporting::ExportScene texturedQuad(std::uint32_t uvSet) {
    exporting::ExportScene scene;
    scene.leftHanded = false; // drawn as given: the normal is (0, 0, 1)
    exporting::ExportMesh mesh;
    mesh.name = "quad";
    mesh.positions = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}};
    mesh.normals.assign(4, {0, 0, 1});
    mesh.uvs = {{{0, 1}, {1, 1}, {1, 0}, {0, 0}}, {{0, 0}, {1, 0}, {1, 1}, {0, 1}}};
    mesh.primitives.push_back({0, {0, 1, 2, 0, 2, 3}});
    scene.meshes.push_back(mesh);
    auto image = std::make_shared<exporting::MaterialImage>();
    image->source = "two_halves.swatchbin";
    image->width = image->height = 4;
    image->srgb = true;
    for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 4; ++x) {
            const bool top = y < 2;
            image->rgba.insert(image->rgba.end(),
                               {std::uint8_t(top ? 128 : 32), 64, std::uint8_t(top ? 32 : 128), 255});
        }
    exporting::Material material;
    material.name = "halves";
    material.texture(exporting::TextureRole::BaseColor) = {image, uvSet};
    scene.materials.push_back(material);
    return scene;
}

// The colour `stored` lit as the pane lights a surface facing +z: 0.3 + 0.7 |n · l| with
// l = (0.4, 0.8, 0.45) / 1.00125, so 0.61461 of it.
bool litAs(const QColor& pixel, int r, int g, int b) {
    constexpr double light = 0.3 + 0.7 * 0.45 / 1.0012492;
    auto near = [](int got, int stored) { return std::abs(got - stored * light) < 6; };
    return near(pixel.red(), r) && near(pixel.green(), g) && near(pixel.blue(), b);
}

} // namespace

class TestTexturedPreview : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString m_models;

    static bool needGl() {
        if (PreviewPane::platformHasOpenGL()) return true;
        if (qEnvironmentVariableIsSet("ASSETSCOPE_EXPECT_GL")) qFatal("expected an OpenGL platform");
        return false;
    }

    // The window's 3D view once the current document is drawn; null without OpenGL.
    static PreviewView* readyView(MainWindow& w) {
        PreviewPane* pane = w.previewPane();
        PreviewView* view = pane->view();
        if (!view) return nullptr;
        if (!QTest::qWaitFor([&] { return view->glReady() || !pane->glAvailable(); }, 10000)) return nullptr;
        if (!pane->glAvailable()) return nullptr;
        view->setShowGrid(false);
        view->setShowAxes(false);
        return view;
    }

    static void keepPicture(MainWindow& w, const QString& name) {
        const QString dir = qEnvironmentVariable("ASSETSCOPE_SCREENSHOT_DIR");
        if (!dir.isEmpty()) w.grab().save(QDir(dir).filePath(name));
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        const QString root = m_dir.path();
        QVERIFY(QDir(root).mkpath(QStringLiteral("media/shaders")));
        for (const archive::ZipInput& file : samples::shaderbinSamples())
            QVERIFY(apptest::writeFile(QDir(root).filePath(QString::fromStdString(file.name)), file.data));
        QVERIFY(QDir(root).mkpath(QStringLiteral("media/textures")));
        QVERIFY(QDir(root).mkpath(QStringLiteral("media/materials")));
        QVERIFY(QDir(root).mkpath(QStringLiteral("media/models")));
        QVERIFY(apptest::writeFile(root + QStringLiteral("/media/textures/red.swatchbin"), redChecker()));
        QVERIFY(apptest::writeFile(root + QStringLiteral("/media/materials/red.materialbin"),
                                   material("red", "Game:\\Media\\Textures\\red.swatchbin")));
        QVERIFY(apptest::writeFile(root + QStringLiteral("/media/materials/missing.materialbin"),
                                   material("missing", "Game:\\Media\\Textures\\gone.swatchbin")));
        m_models = root + QStringLiteral("/media/models/");
        // Named as the sample cell's houses, so the cell written beside it places this model.
        QVERIFY(apptest::writeFile(m_models + QStringLiteral("bld_sample_house_a_lod0.i.modelbin"), model()));
        QVERIFY(apptest::writeFile(m_models + QStringLiteral("prp_other_lod0.i.modelbin"), model()));
        for (const archive::ZipInput& file : samples::allSampleFiles())
            if (file.name.ends_with("c50_buildings_do.pgeo"))
                QVERIFY(apptest::writeFile(m_models + QStringLiteral("c50_buildings_do.pgeo"), file.data));
    }

    // Textured: the red checker on the box; plain: the material's grey; vertex colour: the
    // texture times (0.5, 1, 1), half the red at the same pixel. The slot whose texture is not
    // found draws untextured, and the status bar names the path.
    void aModelDrawsItsBaseColourTexture() {
        MainWindow w;
        w.setPersistent(false);
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.openInput(m_models + QStringLiteral("bld_sample_house_a_lod0.i.modelbin"));
        QVERIFY(apptest::waitLoads(w));
        PreviewPane* pane = w.previewPane();
        const QString missing = w.statusBar()->currentMessage();
        if (pane->glAvailable() || needGl()) {
            QVERIFY2(missing.startsWith(QStringLiteral("Untextured: slot 2 (missing_slot): ")),
                     qPrintable(missing));
            QVERIFY2(missing.contains(QStringLiteral("Game:\\Media\\Textures\\gone.swatchbin was not found")),
                     qPrintable(missing));
            QVERIFY2(!missing.contains(QStringLiteral("more)")), qPrintable(missing)); // one note only
            QCOMPARE(pane->texturesMissingText(), missing); // the pane's line under the view
        }
        PreviewView* view = readyView(w);
        if (!view) QSKIP("no OpenGL on this platform (run under xvfb-run)");
        QCOMPARE(view->colors(), PreviewView::Colors::Textured); // the default
        const QColor textured = centreOf(view->grabFramebuffer());
        QVERIFY2(redish(textured), qPrintable(describe(textured)));
        QCOMPARE(view->textureUploads(), std::size_t{1});
        keepPicture(w, QStringLiteral("textured-model.png"));

        choose(pane->colorsBox(), static_cast<int>(PreviewView::Colors::VertexColor));
        const QColor tinted = centreOf(view->grabFramebuffer());
        QVERIFY2(std::abs(tinted.redF() / textured.redF() - 0.5) < 0.08 && tinted.green() < 20,
                 qPrintable(describe(tinted) + QLatin1Char(' ') + describe(textured)));
        choose(pane->colorsBox(), static_cast<int>(PreviewView::Colors::Plain));
        const QColor plain = centreOf(view->grabFramebuffer());
        QVERIFY2(!redish(plain) && std::abs(plain.red() - plain.green()) < 8, qPrintable(describe(plain)));

        // The inner box alone (slot 2, its texture not found): untextured, the material's grey.
        choose(pane->colorsBox(), static_cast<int>(PreviewView::Colors::Textured));
        choose(pane->meshBox(), 2);
        const QColor inner = centreOf(view->grabFramebuffer());
        QVERIFY2(!redish(inner) && std::abs(inner.red() - inner.blue()) < 8, qPrintable(describe(inner)));
    }

    // By hand: the top of the texture is drawn at the top of the quad (UV (0, 0) is the image's
    // first row), the sRGB texels come out as stored (decoded for filtering, encoded back before
    // the pane's lighting), and the texture is sampled with the UV set its material names.
    void theTextureIsSampledAsStoredWithItsUvSet() {
        if (!needGl()) QSKIP("no OpenGL on this platform (run under xvfb-run)");
        PreviewView view;
        view.resize(300, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTRY_VERIFY(view.glReady() || !view.isVisible());
        view.setShowGrid(false);
        view.setShowAxes(false);
        for (std::uint32_t set : {0u, 1u}) {
            view.setScene(texturedQuad(set));
            const QImage image = view.grabFramebuffer();
            const QColor background = image.pixelColor(1, 1);
            const int x = image.width() / 2;
            int top = -1, bottom = -1;
            for (int y = 0; y < image.height(); ++y)
                if (apptest::differs(image.pixelColor(x, y), background)) {
                    if (top < 0) top = y;
                    bottom = y;
                }
            QVERIFY(top >= 0 && bottom - top > 50);
            const QColor upper = image.pixelColor(x, top + (bottom - top) / 5);
            const QColor lower = image.pixelColor(x, bottom - (bottom - top) / 5);
            const bool flipped = set == 1; // set 1 has v = 0 at the quad's bottom
            QVERIFY2(flipped ? litAs(upper, 32, 64, 128) : litAs(upper, 128, 64, 32),
                     qPrintable(describe(upper)));
            QVERIFY2(flipped ? litAs(lower, 128, 64, 32) : litAs(lower, 32, 64, 128),
                     qPrintable(describe(lower)));
        }
        // Without the UV set the material names, the quad is drawn untextured: its plain colour.
        auto scene = texturedQuad(2);
        view.setScene(scene);
        const QColor plain = centreOf(view.grabFramebuffer());
        QVERIFY2(litAs(plain, 204, 204, 204), qPrintable(describe(plain)));
        // One image per quad made here, each uploaded once; only the one drawn is kept.
        QCOMPARE(view.textureUploads(), std::size_t{3});
        QCOMPARE(view.texturesOnGpu(), std::size_t{1});
    }

    // A texture two models (and a cell placing one of them) name is decoded once for the window,
    // and uploaded once while the view shows them one after another; the cell's model draws
    // textured too.
    void theWindowDecodesATextureOnce() {
        MainWindow w;
        w.setPersistent(false);
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const auto images = w.previewPane()->textureImages();
        QCOMPARE(images->decoded(), std::size_t{0});
        w.openInput(m_models + QStringLiteral("bld_sample_house_a_lod0.i.modelbin"));
        w.openInput(m_models + QStringLiteral("prp_other_lod0.i.modelbin"));
        QVERIFY(apptest::waitLoads(w));
        QCOMPARE(images->decoded(), std::size_t{1});
        w.openInput(m_models + QStringLiteral("c50_buildings_do.pgeo"));
        QVERIFY(apptest::waitLoads(w));
        QCOMPARE(images->decoded(), std::size_t{1});
        PreviewPane* pane = w.previewPane();
        const PlacementModels* placed = pane->placementModels();
        QVERIFY(placed);
        QCOMPARE(placed->models.size(), std::size_t{1});
        const auto& materials = placed->models[0].scene.materials;
        QVERIFY(std::any_of(materials.begin(), materials.end(), [](const exporting::Material& m) {
            return m.texture(exporting::TextureRole::BaseColor).image != nullptr;
        }));
        // The cell's notes name the model the missing texture belongs to.
        const QString missing = w.statusBar()->currentMessage();
        if (pane->glAvailable())
            QVERIFY2(missing.contains(QStringLiteral("bld_sample_house_a_lod0.i.modelbin: slot 2")),
                     qPrintable(missing));
        PreviewView* view = readyView(w);
        if (!view) QSKIP("no OpenGL on this platform (run under xvfb-run)");
        QCOMPARE(view->boxInstanceCount(), std::size_t{0}); // every house drawn as the model
        const int red = redPixels(view->grabFramebuffer());
        QVERIFY2(red > 50, qPrintable(QString::number(red)));
        keepPicture(w, QStringLiteral("textured-cell.png"));
        choose(pane->colorsBox(), static_cast<int>(PreviewView::Colors::Plain));
        QCOMPARE(redPixels(view->grabFramebuffer()), 0);
        // Drawn from the one upload of this view's context, whichever document showed it first.
        QCOMPARE(view->textureUploads(), std::size_t{1});
    }

    // The sample set is an install whose models' looks all resolve: the house opens with every
    // slot that names a material textured, nothing noted missing. ASSETSCOPE_SCREENSHOT_DIR keeps
    // the window showing the whole house (textured-house.png: the README's picture).
    void theSampleHouseOpensTextured() {
        QTemporaryDir set;
        std::string error;
        QVERIFY2(apptest::writeSampleSet(set.path(), error), error.c_str());
        MainWindow w;
        QVERIFY(apptest::showAndOpen(
            w, set.path() + QStringLiteral("/media/models/bld_sample_house_a_lod0.i.modelbin")));
        DocumentView* docView = w.currentDocumentView();
        QVERIFY(docView);
        const Document& document = docView->document();
        QVERIFY2(document.looks.notes.empty(),
                 document.looks.notes.empty() ? "" : document.looks.notes.front().c_str());
        // Slots 1 to 8 name materials, each giving a base colour; slot 9 is the house's empty one.
        QCOMPARE(document.looks.bySlot.size(), std::size_t{9});
        for (const exporting::Material& slot : document.looks.bySlot)
            QVERIFY2(bool(slot.texture(exporting::TextureRole::BaseColor).image) == (slot.slot != 9),
                     slot.name.c_str());
        QVERIFY(!w.statusBar()->currentMessage().contains(QStringLiteral("Untextured")));
        QVERIFY(docView->selectNode(0)); // the whole model in the 3D pane
        if (!readyView(w)) QSKIP("no OpenGL on this platform (run under xvfb-run)");
        w.previewPane()->view()->setShowGrid(true);
        QTest::qWait(300);
        keepPicture(w, QStringLiteral("textured-house.png"));
    }
};

QTEST_MAIN(TestTexturedPreview)
#include "tst_textured_preview.moc"
