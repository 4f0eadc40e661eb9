// Textures in the window, shown through core's document contract alone: a test-only format
// (test_format/raw_texture_format) describes R8G8B8A8, BC1 and float levels, and the preview
// pane, the status bar, the data inspector, the hex pane and the table pane show them with no
// code of their own for it. Every expected texel, byte offset and pixel is worked out by hand
// below from the bytes written, not read back from the decoder.
#include "app_fixtures.h"
#include "decode/texel_blocks.h"
#include "dialogs/export_dialog.h"
#include "formats/registry.h"
#include "main_window.h"
#include "models/source_table_model.h"
#include "models/structure_model.h"
#include "raw_texture_format.h"
#include "samples/sample_set.h"
#include "views/data_inspector.h"
#include "views/document_view.h"
#include "views/hex_view.h"
#include "views/preview_pane.h"
#include "views/table_pane.h"
#include "views/texture_pane.h"
#include "views/texture_view.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <cstring>

using namespace assetscope;
using namespace assetscope::app;

namespace {

constexpr std::uint32_t kHeader = 28; // rawtex's header: tag and six u32

// R8G8B8A8, 8 x 4, two mips (8 x 4 then 4 x 2), two slices. Slice 0, mip 0: texel (x, y) is
// (32x, 64y, 7, 255), except (2, 0), which is (255, 0, 0, 128). Slice 0, mip 1: (200, 10x, 10y,
// 255). Slice 1: every texel (10, 20, 30, 255). Stored: s0m0 at 28 (128 bytes), s0m1 at 156 (32),
// s1m0 at 188 (128), s1m1 at 316 (32).
rawtex::RawTexture rgbaTexture() {
    rawtex::RawTexture t;
    t.encoding = static_cast<std::uint32_t>(decode::TexelFormat::R8G8B8A8Unorm);
    t.width = 8;
    t.height = 4;
    t.mips = 2;
    t.slices = 2;
    auto texel = [&t](int r, int g, int b, int a) {
        for (int v : {r, g, b, a})
            t.data.push_back(static_cast<std::uint8_t>(v));
    };
    for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 8; ++x)
            x == 2 && y == 0 ? texel(255, 0, 0, 128) : texel(32 * x, 64 * y, 7, 255);
    for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 4; ++x)
            texel(200, 10 * x, 10 * y, 255);
    for (int i = 0; i < 32 + 8; ++i)
        texel(10, 20, 30, 255);
    return t;
}

// BC1, 8 x 8 (four blocks, 2 x 2) then a 4 x 4 mip (one block). Every texel uses index 0 (the
// first endpoint) but texel (1, 2) of each block, which uses index 1 (the second). Endpoints
// (5:6:5, expanded by bit replication, 31 -> 255, 63 -> 255, 16 -> 132, 32 -> 130, 8 -> 66):
// block 0 red / blue, block 1 green / black, block 2 white / black, block 3 (132, 130, 66) /
// black. Block k of mip 0 is at 28 + 8k.
rawtex::RawTexture bc1Texture() {
    using namespace decode::blocks;
    rawtex::RawTexture t;
    t.encoding = static_cast<std::uint32_t>(decode::TexelFormat::BC1);
    t.width = 8;
    t.height = 8;
    t.mips = 2;
    TexelIndices indices{};
    indices[2 * 4 + 1] = 1;
    const std::uint32_t packed = packIndices2(indices);
    const std::uint16_t ends[5][2] = {{rgb565(31, 0, 0), rgb565(0, 0, 31)},
                                      {rgb565(0, 63, 0), 0},
                                      {rgb565(31, 63, 31), 0},
                                      {rgb565(16, 32, 8), 0},
                                      {rgb565(31, 0, 0), 0}};
    for (const auto& e : ends) {
        const Block8 block = bc1(e[0], e[1], packed);
        t.data.insert(t.data.end(), block.begin(), block.end());
    }
    return t;
}

// R32G32B32A32_FLOAT, 2 x 1: (2, 0.5, 0.25, 1) and (-1, 0, 0, 1).
rawtex::RawTexture floatTexture() {
    rawtex::RawTexture t;
    t.encoding = static_cast<std::uint32_t>(decode::TexelFormat::R32G32B32A32Float);
    t.width = 2;
    t.height = 1;
    for (float v : {2.0f, 0.5f, 0.25f, 1.0f, -1.0f, 0.0f, 0.0f, 1.0f}) {
        std::uint32_t bits;
        std::memcpy(&bits, &v, 4);
        for (int i = 0; i < 4; ++i)
            t.data.push_back(static_cast<std::uint8_t>(bits >> (8 * i)));
    }
    return t;
}

QColor pixel(const QImage& image, int x, int y) {
    return QColor::fromRgba(qUnpremultiply(image.pixel(x, y)));
}

void sendMouse(QWidget* w, QEvent::Type type, QPointF at, Qt::MouseButton button, Qt::MouseButtons buttons) {
    QMouseEvent event(type, at, w->mapToGlobal(at), button, buttons, Qt::NoModifier);
    QCoreApplication::sendEvent(w, &event);
}

void click(QWidget* w, QPointF at) {
    sendMouse(w, QEvent::MouseButtonPress, at, Qt::LeftButton, Qt::LeftButton);
    sendMouse(w, QEvent::MouseButtonRelease, at, Qt::LeftButton, Qt::NoButton);
}

bool settle(TexturePane& pane) {
    return QTest::qWaitFor([&] { return !pane.busy(); }, 20000);
}

} // namespace

class TestTextureView : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString m_rgba, m_bc1, m_float, m_tiled, m_unknown;
    QString m_samples; // the sample set's textures, read by the registry's texture format

    QString write(const QString& name, const rawtex::RawTexture& texture) {
        const QString path = m_dir.filePath(name);
        return apptest::writeFile(path, rawtex::writeRawTexture(texture)) ? path : QString();
    }

    // A pane showing `path`'s texture, sized so that fitting is known: 400 x 200 view pixels.
    std::shared_ptr<Document> load(const QString& path, TexturePane& pane) {
        std::shared_ptr<Document> doc = loadDocument(path);
        if (!doc->ok() || !doc->texture) return nullptr;
        pane.resize(600, 400);
        pane.show();
        pane.view()->setFixedSize(400, 200);
        pane.setTexture(doc->bytes, &*doc->texture);
        return settle(pane) ? doc : nullptr;
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        addFormatHandler(rawtex::rawTextureHandler());
        QVERIFY(m_dir.isValid());
        m_rgba = write(QStringLiteral("rgba.rawtex"), rgbaTexture());
        m_bc1 = write(QStringLiteral("bc1.rawtex"), bc1Texture());
        m_float = write(QStringLiteral("float.rawtex"), floatTexture());
        rawtex::RawTexture tiled = rgbaTexture();
        tiled.flags = rawtex::kTiledFlag;
        m_tiled = write(QStringLiteral("tiled.rawtex"), tiled);
        rawtex::RawTexture unknown = rgbaTexture();
        unknown.encoding = 200;
        m_unknown = write(QStringLiteral("unknown.rawtex"), unknown);
        for (const QString& p : {m_rgba, m_bc1, m_float, m_tiled, m_unknown})
            QVERIFY(!p.isEmpty());
        std::vector<std::string> written;
        std::string error;
        QVERIFY2(
            samples::writeSampleSet(m_dir.filePath(QStringLiteral("samples")).toStdString(), written, error),
            error.c_str());
        m_samples = m_dir.filePath(QStringLiteral("samples/media/textures/"));
    }

    void thePictureHoldsTheTexels() {
        TexturePane pane;
        const auto doc = load(m_rgba, pane);
        QVERIFY(doc);
        const QImage& picture = pane.view()->picture();
        QCOMPARE(picture.size(), QSize(8, 4));
        QCOMPARE(pixel(picture, 3, 2), QColor(96, 128, 7));
        QCOMPARE(pixel(picture, 7, 3), QColor(224, 192, 7));
        QCOMPARE(qAlpha(picture.pixel(2, 0)), 128);
        QVERIFY(pane.description().contains(QStringLiteral("R8G8B8A8_UNORM, 8 × 4, 2 mips, 2 slices")));

        // The BC1 blocks: each block's endpoint 0 everywhere, endpoint 1 at its texel (1, 2).
        TexturePane bc1;
        QVERIFY(load(m_bc1, bc1));
        const QImage& blocks = bc1.view()->picture();
        QCOMPARE(blocks.size(), QSize(8, 8));
        QCOMPARE(pixel(blocks, 0, 0), QColor(255, 0, 0));
        QCOMPARE(pixel(blocks, 1, 2), QColor(0, 0, 255));
        QCOMPARE(pixel(blocks, 6, 1), QColor(0, 255, 0));
        QCOMPARE(pixel(blocks, 5, 2), QColor(0, 0, 0));
        QCOMPARE(pixel(blocks, 0, 7), QColor(255, 255, 255));
        QCOMPARE(pixel(blocks, 7, 7), QColor(132, 130, 66));
        QCOMPARE(pixel(blocks, 5, 6), QColor(0, 0, 0));
    }

    void alphaIsDrawnOverACheckerboard() {
        TexturePane pane;
        QVERIFY(load(m_rgba, pane));
        TextureView* view = pane.view();
        const QImage painted = view->grab().toImage();
        QCOMPARE(painted.size(), view->size());
        // Texel (2, 0): (255, 0, 0) at alpha 128 over the checkerboard square under it, whose
        // squares are 8 pixels from the picture's corner: dark (153) where the squares' column
        // and row add up to an even number, light (204) otherwise.
        const QPointF centre = view->pointOf(QPoint(2, 0));
        const int column = static_cast<int>((centre.x() - view->origin().x()) / 8);
        const int row = static_cast<int>((centre.y() - view->origin().y()) / 8);
        const int under = (column + row) % 2 == 0 ? 153 : 204;
        const QColor got = painted.pixelColor(centre.toPoint());
        QVERIFY2(std::abs(got.red() - (128 + under * 127 / 255)) <= 3, qPrintable(got.name()));
        QVERIFY2(std::abs(got.green() - under * 127 / 255) <= 3, qPrintable(got.name()));
        // An opaque texel is its own colour.
        QCOMPARE(painted.pixelColor(view->pointOf(QPoint(3, 2)).toPoint()), QColor(96, 128, 7));
    }

    void fitZoomAndPan() {
        TexturePane pane;
        QVERIFY(load(m_rgba, pane));
        TextureView* view = pane.view();
        // 8 x 4 texels in 400 x 200 pixels: 50 pixels a texel, the picture filling the view.
        QVERIFY(view->fitting());
        QCOMPARE(view->zoom(), 50.0);
        QCOMPARE(view->origin(), QPointF(0, 0));
        pane.actualSizeAction()->trigger();
        QCOMPARE(view->zoom(), 1.0);
        QCOMPARE(view->origin(), QPointF(196, 98)); // centred: (400 - 8) / 2, (200 - 4) / 2
        QVERIFY(!view->fitting());
        pane.fitAction()->trigger();
        QCOMPARE(view->zoom(), 50.0);

        // One wheel notch zooms by √2 about the cursor: the picture point under it stays put.
        const QPointF at(130, 70);
        const QPointF before = (at - view->origin()) / view->zoom();
        QVERIFY(std::abs(before.x() - 2.6) < 1e-9 && std::abs(before.y() - 1.4) < 1e-9);
        QWheelEvent wheel(at, view->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(view, &wheel);
        QVERIFY(qFuzzyCompare(view->zoom(), 50.0 * std::sqrt(2.0)));
        const QPointF after = (at - view->origin()) / view->zoom();
        QVERIFY(std::abs(after.x() - 2.6) < 1e-9 && std::abs(after.y() - 1.4) < 1e-9);
        QCOMPARE(*view->texelAt(at), QPoint(2, 1));
        QVERIFY(!view->fitting());

        // A drag pans by the mouse's travel, and is not a click.
        QSignalSpy clicked(view, &TextureView::texelClicked);
        const QPointF origin = view->origin();
        sendMouse(view, QEvent::MouseButtonPress, QPointF(100, 100), Qt::LeftButton, Qt::LeftButton);
        sendMouse(view, QEvent::MouseMove, QPointF(130, 120), Qt::NoButton, Qt::LeftButton);
        sendMouse(view, QEvent::MouseButtonRelease, QPointF(130, 120), Qt::LeftButton, Qt::NoButton);
        QCOMPARE(view->origin(), origin + QPointF(30, 20));
        QCOMPARE(clicked.count(), 0);
        // Zoom stops at its limits.
        for (int i = 0; i < 40; ++i)
            view->zoomAbout(at, 2);
        QCOMPARE(view->zoom(), TextureView::kMaxZoom);
    }

    void channelToggles() {
        TexturePane pane;
        QVERIFY(load(m_rgba, pane));
        // G and B off: texel (3, 2) keeps its red alone.
        pane.channelAction(1)->setChecked(false);
        pane.channelAction(2)->setChecked(false);
        QVERIFY(settle(pane));
        QCOMPARE(pixel(pane.view()->picture(), 3, 2), QColor(96, 0, 0));
        QCOMPARE(qAlpha(pane.view()->picture().pixel(2, 0)), 128);
        // A off too: red alone, shown as grey and opaque.
        pane.channelAction(3)->setChecked(false);
        QVERIFY(settle(pane));
        QCOMPARE(pixel(pane.view()->picture(), 3, 2), QColor(96, 96, 96));
        QCOMPARE(pixel(pane.view()->picture(), 2, 0), QColor(255, 255, 255));
        // Alpha alone: texel (2, 0)'s 128 as grey.
        pane.channelAction(3)->setChecked(true);
        pane.channelAction(0)->setChecked(false);
        QVERIFY(settle(pane));
        QCOMPARE(pixel(pane.view()->picture(), 2, 0), QColor(128, 128, 128));
        QCOMPARE(pixel(pane.view()->picture(), 3, 2), QColor(255, 255, 255));
        // R, G and B without A: opaque colours.
        for (int c = 0; c < 3; ++c)
            pane.channelAction(c)->setChecked(true);
        pane.channelAction(3)->setChecked(false);
        QVERIFY(settle(pane));
        QCOMPARE(qAlpha(pane.view()->picture().pixel(2, 0)), 255);
        QCOMPARE(pixel(pane.view()->picture(), 2, 0), QColor(255, 0, 0));
        QVERIFY(!pane.offersExposure());
    }

    void mipAndSliceChoosers() {
        TexturePane pane;
        QVERIFY(load(m_rgba, pane));
        QCOMPARE(pane.mipBox()->count(), 2);
        QCOMPARE(pane.mipBox()->itemText(1), QStringLiteral("Mip 1: 4 × 2"));
        QCOMPARE(pane.sliceBox()->count(), 2);
        pane.mipBox()->setCurrentIndex(1);
        QVERIFY(settle(pane));
        QCOMPARE(pane.view()->picture().size(), QSize(4, 2));
        QCOMPARE(pixel(pane.view()->picture(), 3, 1), QColor(200, 30, 10));
        QCOMPARE(pane.chosenLevel()->offset, std::uint64_t{kHeader + 128});
        pane.sliceBox()->setCurrentIndex(1); // keeps mip 1
        QVERIFY(settle(pane));
        QCOMPARE(pane.chosenLevel()->offset, std::uint64_t{kHeader + 128 + 32 + 128});
        QCOMPARE(pixel(pane.view()->picture(), 0, 0), QColor(10, 20, 30));
        QVERIFY(pane.showLevel(0, 1));
        QVERIFY(settle(pane));
        QCOMPARE(pane.view()->picture().size(), QSize(8, 4));
        QVERIFY(!pane.showLevel(2, 0));
        QVERIFY(pane.description().contains(
            QStringLiteral("showing mip 0 of slice 1 (8 × 4), 128 bytes at 0xBC")));
    }

    void floatsHaveAnExposure() {
        TexturePane pane;
        QVERIFY(load(m_float, pane));
        QVERIFY(pane.offersExposure());
        // 2 clamps to 1; 0.5 * 255 = 127.5 rounds to 128; 0.25 * 255 = 63.75 to 64; -1 to 0.
        QCOMPARE(pixel(pane.view()->picture(), 0, 0), QColor(255, 128, 64));
        QCOMPARE(pixel(pane.view()->picture(), 1, 0), QColor(0, 0, 0));
        pane.exposureBox()->setValue(-1); // halved: 1, 0.25, 0.125 -> 255, 64, 32
        QVERIFY(settle(pane));
        QCOMPARE(pixel(pane.view()->picture(), 0, 0), QColor(255, 64, 32));
        QCOMPARE(pane.probe(0, 0)->valueText, QStringLiteral("R 2 G 0.5 B 0.25 A 1"));
        QCOMPARE(pane.probe(1, 0)->valueText, QStringLiteral("R -1 G 0 B 0 A 1"));
        QCOMPARE(pane.probe(1, 0)->bytesText(), QStringLiteral("texel at 0x2C (44), 16 bytes"));
    }

    void tiledAndUnknownEncodingsSaySo() {
        TexturePane tiled;
        auto doc = loadDocument(m_tiled);
        QVERIFY(doc->texture);
        tiled.setTexture(doc->bytes, &*doc->texture);
        QVERIFY(tiled.view()->picture().isNull());
        QVERIFY(tiled.view()->message().contains(QStringLiteral("stored tiled")));
        QVERIFY(tiled.view()->message().contains(QStringLiteral("untiling needs the console's library")));
        QVERIFY(tiled.view()->message().contains(QStringLiteral("320 bytes at 0x1C")));
        TexturePane unknown;
        auto doc2 = loadDocument(m_unknown);
        QVERIFY(doc2->texture);
        unknown.setTexture(doc2->bytes, &*doc2->texture);
        QVERIFY(unknown.view()->message().contains(QStringLiteral("encoding 200")));
        QVERIFY(!unknown.busy());
    }

    void theWindowReportsAndSelectsTexels() {
        MainWindow w;
        w.setPersistent(false);
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.openInput(m_rgba);
        QVERIFY(apptest::waitLoads(w));
        DocumentView* doc = w.currentDocumentView();
        QVERIFY(doc);
        PreviewPane* preview = w.previewPane();
        QVERIFY(preview->showsTexture());
        QVERIFY(w.findChild<QAction*>(QStringLiteral("actionExportTexture"))->isEnabled());
        TexturePane* pane = preview->texturePane();
        QVERIFY(settle(*pane));
        QCOMPARE(pane->view()->picture().size(), QSize(8, 4));
        TextureView* view = pane->view();

        // Hovering texel (3, 2): its place, value and bytes (28 + (2 * 8 + 3) * 4 = 104).
        sendMouse(view, QEvent::MouseMove, view->pointOf(QPoint(3, 2)), Qt::NoButton, Qt::NoButton);
        const QString status = w.texelStatus()->text();
        QVERIFY2(status.contains(QStringLiteral("(3, 2), mip 0, slice 0")), qPrintable(status));
        QVERIFY2(status.contains(QStringLiteral("R 96 G 128 B 7 A 255")), qPrintable(status));
        QVERIFY2(status.contains(QStringLiteral("texel at 0x68 (104), 4 bytes")), qPrintable(status));
        QVERIFY(w.texelStatus()->isVisible());
        QCOMPARE(w.dataInspector()->valueOf(QStringLiteral("Texel")),
                 QStringLiteral("(3, 2), mip 0, slice 0"));
        QCOMPARE(w.dataInspector()->valueOf(QStringLiteral("Texel value")),
                 QStringLiteral("R 96 G 128 B 7 A 255"));
        QVERIFY(pane->status().contains(QStringLiteral("R 96 G 128 B 7 A 255")));

        // A click selects the texel's four bytes in the hex pane, inside the level's node.
        click(view, view->pointOf(QPoint(3, 2)));
        QCOMPARE(doc->hexView()->fieldRange(), (ByteRange{104, 108}));
        QCOMPARE(doc->hexView()->cursorOffset(), std::uint64_t{104});
        QCOMPARE(doc->hexView()->copyAsHex(), QStringLiteral("60 80 07 FF"));
        QCOMPARE(QString::fromStdString(doc->model()->tree().node(doc->currentNode()).name),
                 QStringLiteral("slice_0_mip_0"));
        QCOMPARE(w.dataInspector()->valueOf(QStringLiteral("u32")),
                 QStringLiteral("4278681696 (0xFF078060)"));
        QCOMPARE(view->markedTexels(), QRect(3, 2, 1, 1));
        // Off the picture the clicked texel stays reported.
        QEvent leave(QEvent::Leave);
        QCoreApplication::sendEvent(view, &leave);
        QVERIFY(w.texelStatus()->text().contains(QStringLiteral("(3, 2)")));

        // The table lists the chain; a row shows its level.
        auto* table = qobject_cast<SourceTableModel*>(w.tablePane()->mainModel());
        QVERIFY(table);
        QAbstractItemModelTester tester(table, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(table->rowCount(), 4);
        QVERIFY(w.tablePane()->title().contains(QStringLiteral("Mip chain")));
        auto cell = [table](int row, int column) { return table->index(row, column).data().toString(); };
        QCOMPARE(cell(0, 0), QStringLiteral("0"));
        const QStringList second{cell(1, 0), cell(1, 1), cell(1, 2), cell(1, 3), cell(1, 4)};
        QCOMPARE(second, (QStringList{"1", "0", "4 x 2", "0x9C", "32"}));
        QCOMPARE(cell(2, 1), QStringLiteral("1"));
        QCOMPARE(cell(3, 3), QStringLiteral("0x13C"));
        QCOMPARE(w.tablePane()->mainTable()->currentIndex().row(), 0); // the level clicked in
        w.tablePane()->mainTable()->selectRow(2);
        QCOMPARE(QString::fromStdString(doc->model()->tree().node(doc->currentNode()).name),
                 QStringLiteral("slice_1_mip_0"));
        QVERIFY(settle(*pane));
        QCOMPARE(pane->chosenLevel()->slice, 1u);
        QCOMPARE(pixel(view->picture(), 0, 0), QColor(10, 20, 30));
    }

    void aBlockIsSelectedWhole() {
        MainWindow w;
        w.setPersistent(false);
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.openInput(m_bc1);
        QVERIFY(apptest::waitLoads(w));
        TexturePane* pane = w.previewPane()->texturePane();
        QVERIFY(settle(*pane));
        // Texel (5, 6) lies in block (1, 1), the fourth: 28 + 3 * 8 = 52, eight bytes.
        click(pane->view(), pane->view()->pointOf(QPoint(5, 6)));
        QCOMPARE(w.currentDocumentView()->hexView()->fieldRange(), (ByteRange{52, 60}));
        QCOMPARE(pane->view()->markedTexels(), QRect(4, 4, 4, 4));
        QVERIFY(w.texelStatus()->text().contains(QStringLiteral("4x4 block at 0x34 (52), 8 bytes")));
        QCOMPARE(w.dataInspector()->valueOf(QStringLiteral("Texel block")),
                 QStringLiteral("4x4 block at 0x34 (52), 8 bytes"));
        // Every stored byte belongs to a level: the hex pane has nothing unaccounted.
        QVERIFY(w.currentDocumentView()->document().unaccounted.empty());

        // A tiled texture: what it is instead of a picture, the texel line gone.
        w.openInput(m_tiled);
        QVERIFY(apptest::waitLoads(w));
        QVERIFY(w.previewPane()->showsTexture());
        QVERIFY(!w.texelStatus()->isVisible());
        QVERIFY(pane->view()->message().contains(QStringLiteral("stored tiled")));
        QVERIFY(w.tablePane()->title().contains(QStringLiteral("stored tiled")));
    }

    // The sample set's textures, read by the real texture format, shown the same way. Their
    // texels are the sample set's (texture_samples.cpp): BC7 mode 6 endpoint 127 with p-bit 1 is
    // 255 and 0 is 1, so the decal's mip 0 is (255, 1, 1, 255) and its mip 3 white at alpha 127.
    void sampleTexturesThroughTheRegistry() {
        MainWindow w;
        w.setPersistent(false);
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.openInput(m_samples + QStringLiteral("sample_decal.pb"));
        QVERIFY(apptest::waitLoads(w));
        TexturePane* pane = w.previewPane()->texturePane();
        QVERIFY(w.previewPane()->showsTexture());
        QVERIFY(settle(*pane));
        QCOMPARE(pane->view()->picture().size(), QSize(16, 16));
        QCOMPARE(pixel(pane->view()->picture(), 9, 14), QColor(255, 1, 1));
        QCOMPARE(qAlpha(pane->view()->picture().pixel(9, 14)), 255);
        QCOMPARE(pane->mipBox()->count(), 5);
        QVERIFY(pane->showLevel(3, 0));
        QVERIFY(settle(*pane));
        QCOMPARE(pane->view()->picture().size(), QSize(2, 2));
        QCOMPARE(qAlpha(pane->view()->picture().pixel(1, 1)), 127);
        // Texel (5, 6) of mip 0 lies in block (1, 1) of 4 x 4: the sixth, 5 * 16 bytes in.
        QVERIFY(pane->showLevel(0, 0));
        QVERIFY(settle(*pane));
        const TextureLevel level = *pane->chosenLevel();
        click(pane->view(), pane->view()->pointOf(QPoint(5, 6)));
        QCOMPARE(w.currentDocumentView()->hexView()->fieldRange(),
                 (ByteRange{level.offset + 80, level.offset + 96}));
        QCOMPARE(w.dataInspector()->valueOf(QStringLiteral("Texel value")),
                 QStringLiteral("R 255 G 1 B 1 A 255"));

        // Six slices of BC1, one colour each: slice 3 is (31, 63, 0), yellow.
        w.openInput(m_samples + QStringLiteral("sample_cube.pb"));
        QVERIFY(apptest::waitLoads(w));
        QVERIFY(settle(*pane));
        QCOMPARE(pane->sliceBox()->count(), 6);
        pane->sliceBox()->setCurrentIndex(3);
        QVERIFY(settle(*pane));
        QCOMPARE(pixel(pane->view()->picture(), 0, 0), QColor(255, 255, 0));
        // The tiled rain mask says why there is no picture.
        w.openInput(m_samples + QStringLiteral("sample_rain_mask.swatchbin"));
        QVERIFY(apptest::waitLoads(w));
        QVERIFY(pane->view()->picture().isNull());
        QVERIFY(pane->view()->message().contains(QStringLiteral("stored tiled")));
    }

    // The window as a person sees it: ASSETSCOPE_SCREENSHOT_DIR saves texture.png there, of the
    // texture ASSETSCOPE_TEXTURE names (the decal sample by default), one texel clicked.
    void screenshot() {
        const QString dir = qEnvironmentVariable("ASSETSCOPE_SCREENSHOT_DIR");
        if (dir.isEmpty()) QSKIP("ASSETSCOPE_SCREENSHOT_DIR is not set");
        QString input = qEnvironmentVariable("ASSETSCOPE_TEXTURE");
        if (input.isEmpty()) input = m_samples + QStringLiteral("sample_decal.pb");
        MainWindow w;
        w.setPersistent(false);
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.resizeDocks({w.findChild<QDockWidget*>(QStringLiteral("tableDock")),
                       w.findChild<QDockWidget*>(QStringLiteral("previewDock"))},
                      {560, 940}, Qt::Horizontal);
        w.resizeDocks({w.findChild<QDockWidget*>(QStringLiteral("tableDock"))}, {470}, Qt::Vertical);
        w.openInput(input);
        QVERIFY(apptest::waitLoads(w));
        TexturePane* pane = w.previewPane()->texturePane();
        QVERIFY(settle(*pane));
        TextureView* view = pane->view();
        const QSize texels = view->picture().size();
        QVERIFY(!texels.isEmpty());
        // Zoomed in on the upper left quarter, so texels show as squares, then a texel clicked.
        view->zoomAbout(view->pointOf(QPoint(texels.width() / 3, texels.height() / 3)), 3);
        const QPoint texel(texels.width() * 3 / 8 + 1, texels.height() * 3 / 8 + 2);
        click(view, view->pointOf(texel));
        sendMouse(view, QEvent::MouseMove, view->pointOf(texel), Qt::NoButton, Qt::NoButton);
        QTest::qWait(100);
        QVERIFY(w.grab().save(dir + QStringLiteral("/texture.png")));
    }

    void exportTextureWritesPngAndDds() {
        std::shared_ptr<Document> doc = loadDocument(m_rgba);
        QVERIFY(doc->ok() && doc->texture);
        QTemporaryDir out;
        ExportDialog dialog(*doc->parsed, QStringLiteral("rgba"), out.path(), nullptr,
                            exporting::ExportKind::Texture);
        QCOMPARE(dialog.windowTitle(), QStringLiteral("Export Texture"));
        auto* formats = dialog.findChild<QComboBox*>(QStringLiteral("formatBox"));
        QStringList names;
        for (int i = 0; i < formats->count(); ++i)
            names << formats->itemData(i).toString();
        QCOMPARE(names, (QStringList{"png", "dds"}));
        auto* mip = dialog.findChild<QSpinBox*>(QStringLiteral("mipBox"));
        auto* meshes = dialog.findChild<QLineEdit*>(QStringLiteral("meshesEdit"));
        dialog.show();
        QVERIFY(mip->isVisible() && !meshes->isVisible());
        QCOMPARE(mip->maximum(), 1);

        // PNG: mip 1 of slice 0, decoded: 4 x 2, texel (3, 1) is (200, 30, 10).
        dialog.setFormat(QStringLiteral("png"));
        QVERIFY(dialog.keepsText().startsWith(QStringLiteral("Keeps one level")));
        dialog.setLevel(1, 0);
        QString error;
        QVERIFY2(dialog.exportNow(error), qPrintable(error));
        QCOMPARE(dialog.writtenFiles(), QStringList{out.filePath(QStringLiteral("rgba.png"))});
        const QImage png(out.filePath(QStringLiteral("rgba.png")));
        QCOMPARE(png.size(), QSize(4, 2));
        QCOMPARE(png.pixelColor(3, 1), QColor(200, 30, 10));

        // DDS: every level as stored, after the magic, the 124-byte header and the 20-byte DX10
        // header: the file's 320 level bytes from offset 28 at offset 148.
        dialog.setFormat(QStringLiteral("dds"));
        QVERIFY(!mip->isEnabled());
        QVERIFY(dialog.keepsText().contains(QStringLiteral("lossless")));
        QVERIFY2(dialog.exportNow(error), qPrintable(error));
        QFile dds(out.filePath(QStringLiteral("rgba.dds")));
        QVERIFY(dds.open(QIODevice::ReadOnly));
        const QByteArray bytes = dds.readAll();
        QCOMPARE(bytes.size(), 148 + 320);
        QCOMPARE(bytes.left(4), QByteArray("DDS "));
        QCOMPARE(bytes.mid(148),
                 QByteArray(reinterpret_cast<const char*>(doc->bytes->data()) + kHeader, 320));
        // Replacing asks first; a "no" writes nothing.
        dialog.setConfirmOverwrite([](const QStringList&) { return false; });
        QVERIFY(!dialog.exportNow(error));
        QVERIFY(error.contains(QStringLiteral("Nothing written")));
        // A tiled texture is refused as PNG with the writer's reason.
        std::shared_ptr<Document> tiled = loadDocument(m_tiled);
        ExportDialog refused(*tiled->parsed, QStringLiteral("tiled"), out.path(), nullptr,
                             exporting::ExportKind::Texture);
        refused.setFormat(QStringLiteral("png"));
        QVERIFY(!refused.exportNow(error));
        QVERIFY(!QFileInfo::exists(out.filePath(QStringLiteral("tiled.png"))));
    }
};

QTEST_MAIN(TestTextureView)
#include "tst_texture_view.moc"
