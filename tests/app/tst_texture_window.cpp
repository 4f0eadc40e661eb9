// Textures in the main window, shown through core's document contract alone: the texel under
// the mouse in the status bar and the data inspector, a click selecting its bytes in the hex
// pane, the mip chain in the table pane and Export Texture…, over textures of a test-only
// format (test_format/raw_texture_samples.h says what each texel and offset is) and the sample
// set's textures read by the real texture format. Every expected value is worked out by hand.
#include "app_fixtures.h"
#include "dialogs/export_dialog.h"
#include "formats/registry.h"
#include "main_window.h"
#include "models/source_table_model.h"
#include "models/structure_model.h"
#include "raw_texture_samples.h"
#include "samples/sample_set.h"
#include "texture_test_support.h"
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
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace assetscope;
using namespace assetscope::app;
using namespace assetscope::apptest;

namespace {
constexpr std::uint32_t kHeader = rawtex::kHeaderSize;
} // namespace

class TestTextureWindow : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString m_rgba, m_bc1, m_tiled;
    QString m_samples; // the sample set's textures, read by the registry's texture format

    QString write(const QString& name, const rawtex::RawTexture& texture) {
        const QString path = m_dir.filePath(name);
        return apptest::writeFile(path, rawtex::writeRawTexture(texture)) ? path : QString();
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        addFormatHandler(rawtex::rawTextureHandler());
        QVERIFY(m_dir.isValid());
        m_rgba = write(QStringLiteral("rgba.rawtex"), rawtex::rgbaTexture());
        m_bc1 = write(QStringLiteral("bc1.rawtex"), rawtex::bc1Texture());
        rawtex::RawTexture tiled = rawtex::rgbaTexture();
        tiled.flags = rawtex::kTiledFlag;
        m_tiled = write(QStringLiteral("tiled.rawtex"), tiled);
        for (const QString& p : {m_rgba, m_bc1, m_tiled})
            QVERIFY(!p.isEmpty());
        std::vector<std::string> written;
        std::string error;
        QVERIFY2(
            samples::writeSampleSet(m_dir.filePath(QStringLiteral("samples")).toStdString(), written, error),
            error.c_str());
        m_samples = m_dir.filePath(QStringLiteral("samples/media/textures/"));
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

QTEST_MAIN(TestTextureWindow)
#include "tst_texture_window.moc"
