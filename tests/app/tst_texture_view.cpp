// A texture as a picture in the preview's texture pane, shown through core's document contract
// alone: a test-only format (test_format/raw_texture_format) describes R8G8B8A8, BC1 and float
// levels (test_format/raw_texture_samples.h says what each texel is), and the pane pictures
// them, zooms, pans, toggles channels and chooses levels with no code of its own for the
// format. Every expected pixel is worked out by hand from the bytes written.
#include "app_fixtures.h"
#include "decode/texel_blocks.h"
#include "formats/registry.h"
#include "raw_texture_samples.h"
#include "texture_test_support.h"
#include "views/texture_pane.h"
#include "views/texture_view.h"

#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace assetscope;
using namespace assetscope::app;
using namespace assetscope::apptest;

namespace {
constexpr std::uint32_t kHeader = rawtex::kHeaderSize;
} // namespace

class TestTextureView : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString m_rgba, m_bc1, m_float, m_tiled, m_unknown;

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
        m_rgba = write(QStringLiteral("rgba.rawtex"), rawtex::rgbaTexture());
        m_bc1 = write(QStringLiteral("bc1.rawtex"), rawtex::bc1Texture());
        m_float = write(QStringLiteral("float.rawtex"), rawtex::floatTexture());
        rawtex::RawTexture tiled = rawtex::rgbaTexture();
        tiled.flags = rawtex::kTiledFlag;
        m_tiled = write(QStringLiteral("tiled.rawtex"), tiled);
        rawtex::RawTexture unknown = rawtex::rgbaTexture();
        unknown.encoding = 200;
        m_unknown = write(QStringLiteral("unknown.rawtex"), unknown);
        for (const QString& p : {m_rgba, m_bc1, m_float, m_tiled, m_unknown})
            QVERIFY(!p.isEmpty());
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

    // Levels chosen faster than they decode: decodes overlap on the texture threads, each waiting
    // for its own strips, and the picture ends as the last level chosen. (A decode that waited
    // for strips on the pool it occupied once hung here and in the window.)
    void levelsChosenFasterThanTheyDecode() {
        using namespace decode::blocks;
        rawtex::RawTexture big;
        big.encoding = static_cast<std::uint32_t>(decode::TexelFormat::BC1);
        big.width = big.height = 1024;
        big.slices = 2;
        for (std::uint16_t colour : {rgb565(31, 0, 0), rgb565(0, 0, 31)}) // slice 0 red, slice 1 blue
            for (int block = 0; block < 256 * 256; ++block) {
                const Block8 b = bc1(colour, 0, 0);
                big.data.insert(big.data.end(), b.begin(), b.end());
            }
        const QString path = write(QStringLiteral("big.rawtex"), big);
        TexturePane pane;
        QVERIFY(load(path, pane));
        for (int i = 0; i < 9; ++i)
            pane.sliceBox()->setCurrentIndex(i % 2 == 0 ? 1 : 0);
        QVERIFY(settle(pane));
        QCOMPARE(pane.chosenLevel()->slice, 1u);
        QCOMPARE(pixel(pane.view()->picture(), 1023, 1023), QColor(0, 0, 255));
        QCOMPARE(pixel(pane.view()->picture(), 0, 512), QColor(0, 0, 255));
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
};

QTEST_MAIN(TestTextureView)
#include "tst_texture_view.moc"
