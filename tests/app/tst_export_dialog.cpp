#include "app_fixtures.h"
#include "dialogs/export_dialog.h"
#include "dialogs/zip_export.h"
#include "export/export_formats.h"
#include "open/open_input.h"
#include "test_support.h"
#include "textured_install.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

using namespace assetscope;
using namespace assetscope::app;

namespace {

// A file whose geometry is one triangle; records the selection it was asked for.
class TriangleFile : public ParsedFile {
public:
    TriangleFile() : ParsedFile(StructureTree()) {}
    std::string_view format() const override { return "test"; }
    std::vector<InfoLine> info() const override { return {}; }
    void count(CensusCounts&) const override {}
    std::optional<Bytes> writeBack() const override { return std::nullopt; }
    std::optional<exporting::ExportScene> exportScene(const ExportSelection& s,
                                                      std::string& reason) const override {
        last = s;
        if (!s.meshes.empty() && s.meshes[0] != 0) {
            reason = "no mesh " + std::to_string(s.meshes[0]);
            return std::nullopt;
        }
        exporting::ExportScene scene;
        scene.name = "triangle";
        exporting::ExportMesh mesh;
        mesh.name = "tri";
        mesh.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
        mesh.primitives.push_back({0, {0, 1, 2}});
        scene.meshes.push_back(mesh);
        scene.materials.push_back({});
        return scene;
    }
    mutable ExportSelection last;
};

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestExportDialog : public QObject {
    Q_OBJECT
private slots:
    void writesInsideTheFolder() {
        QTemporaryDir dir;
        TriangleFile file;
        ExportDialog dialog(file, QStringLiteral("model"), dir.path());
        QString error;
        QCOMPARE(dialog.targetPath(error), QDir(dir.path()).absoluteFilePath(QStringLiteral("model.glb")));
        for (const char* bad : {"../escape.glb", "sub/x.glb", "..", "", "a\\b.glb"}) {
            dialog.setFileName(QString::fromLatin1(bad));
            error.clear();
            QVERIFY2(dialog.targetPath(error).isEmpty(), bad);
            QVERIFY(!error.isEmpty());
            QVERIFY(!dialog.exportNow(error));
        }
        QVERIFY(
            !QFileInfo::exists(QFileInfo(dir.path()).dir().absoluteFilePath(QStringLiteral("escape.glb"))));
        dialog.setFolder(dir.path() + QStringLiteral("/does-not-exist"));
        dialog.setFileName(QStringLiteral("model.glb"));
        QVERIFY(!dialog.exportNow(error));

        dialog.setFolder(dir.path());
        dialog.setFormat(QStringLiteral("gltf"));
        dialog.setFileName(QStringLiteral("model.gltf"));
        dialog.setLod(2);
        QVERIFY2(dialog.exportNow(error), qPrintable(error));
        QCOMPARE(file.last.lod, std::optional<int>(2));
        QVERIFY(file.last.meshes.empty());
        QVERIFY(dialog.writtenFiles().size() >= 2); // .gltf and its .bin
        for (const QString& written : dialog.writtenFiles())
            QCOMPARE(QFileInfo(written).absolutePath(), QFileInfo(dir.path()).absoluteFilePath());
        QVERIFY(readAll(dir.filePath(QStringLiteral("model.gltf"))).contains("\"asset\""));
    }

    // Before exporting, the dialog says what the chosen format keeps and loses, in core's words
    // (exporting::keepsText), and says it again whenever the format changes.
    // ASSETSCOPE_DIALOG_SCREENSHOT=PREFIX saves the dialog for each format as PREFIX-<format>.png.
    void saysWhatAFormatKeeps() {
        QTemporaryDir dir;
        TriangleFile file;
        ExportDialog dialog(file, QStringLiteral("model"), dir.path());
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto* keeps = dialog.findChild<QLabel*>(QStringLiteral("formatKeeps"));
        auto* format = dialog.findChild<QComboBox*>(QStringLiteral("formatBox"));
        QVERIFY(keeps && format);
        QVERIFY(keeps->isVisible());
        QVERIFY(keeps->wordWrap());
        QCOMPARE(format->itemText(1), QStringLiteral("glTF (.gltf + .bin)"));
        QStringList shown;
        const QByteArray screenshot = qgetenv("ASSETSCOPE_DIALOG_SCREENSHOT");
        for (const exporting::ExportFormat& f : exporting::exportFormats()) {
            // Picked the way a person does: the combo box's own signal updates the label.
            format->setCurrentIndex(format->findData(QString::fromUtf8(f.name)));
            QCOMPARE(keeps->text(), QString::fromStdString(exporting::keepsText(f.keeps)));
            shown << keeps->text();
            // The label has the height its words need once the layout has run.
            QCoreApplication::processEvents();
            QVERIFY2(keeps->height() >= keeps->heightForWidth(keeps->width()),
                     qPrintable(QStringLiteral("%1 < %2")
                                    .arg(keeps->height())
                                    .arg(keeps->heightForWidth(keeps->width()))));
            if (!screenshot.isEmpty())
                QVERIFY(dialog.grab().save(QString::fromLocal8Bit(screenshot) + QLatin1Char('-') +
                                           QString::fromUtf8(f.name) + QStringLiteral(".png")));
        }
        // glb and gltf differ only in where the textures go; OBJ and FBX each say something else.
        QCOMPARE(shown[0].left(shown[0].indexOf(QStringLiteral(" as PNG"))),
                 shown[1].left(shown[1].indexOf(QStringLiteral(" as PNG"))));
        QVERIFY(shown[0].endsWith(QStringLiteral("inside the file.")));
        QVERIFY(shown[1].endsWith(QStringLiteral("beside it.")));
        QCOMPARE(QSet<QString>(shown.begin(), shown.end()).size(), 4);
        QVERIFY2(!shown[0].contains(QStringLiteral("loses")), qPrintable(shown[0]));
        QVERIFY2(shown[2].contains(QStringLiteral("UV set 0")) && shown[2].contains(QStringLiteral("loses")),
                 qPrintable(shown[2]));
        QVERIFY2(shown[3].contains(QStringLiteral("tangents")) && shown[3].contains(QStringLiteral("loses")),
                 qPrintable(shown[3]));
        dialog.setFormat(QStringLiteral("glb"));
        QCOMPARE(keeps->text(), shown[0]);
    }

    void asksBeforeReplacing() {
        QTemporaryDir dir;
        TriangleFile file;
        ExportDialog dialog(file, QStringLiteral("model"), dir.path());
        dialog.setFormat(QStringLiteral("obj"));
        const QString target = dir.filePath(QStringLiteral("model.obj"));
        QVERIFY(apptest::writeFile(target, {'k', 'e', 'e', 'p'}));
        QStringList asked;
        dialog.setConfirmOverwrite([&](const QStringList& existing) {
            asked = existing;
            return false;
        });
        QString error;
        QVERIFY(!dialog.exportNow(error));
        QCOMPARE(asked, QStringList{target});
        QCOMPARE(readAll(target), QByteArray("keep"));
        dialog.setConfirmOverwrite([](const QStringList&) { return true; });
        QVERIFY2(dialog.exportNow(error), qPrintable(error));
        QVERIFY(readAll(target).contains("v 0 1"));
        QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("model.mtl"))));
        // Now the .mtl exists as well: both are named when asking.
        dialog.setConfirmOverwrite([&](const QStringList& existing) {
            asked = existing;
            return false;
        });
        QVERIFY(!dialog.exportNow(error));
        QCOMPARE(asked.size(), 2);
    }

    // With its input, the dialog writes the model's looks' textures beside a .gltf (and asks
    // before replacing them); the Textures box unchecked writes none.
    void writesTheLooksTextures() {
        QTemporaryDir dir;
        const std::filesystem::path root = dir.filePath(QStringLiteral("install")).toStdString();
        test::writeTexturedInstall(root);
        const std::filesystem::path model = root / "media" / "models" / "box.modelbin";
        test::writeFile(model, test::texturedModel({test::kBrickMaterial}));
        const OpenedInput opened = openInput(model.string());
        QVERIFY(opened.ok());
        const QString out = dir.filePath(QStringLiteral("out"));
        QVERIFY(QDir().mkpath(out));
        ExportDialog dialog(*opened.parsed, QStringLiteral("box"), out);
        dialog.setLookSource(QString::fromStdString(model.string()));
        dialog.setFormat(QStringLiteral("gltf"));
        dialog.setFileName(QStringLiteral("box.gltf"));
        QString error;
        QVERIFY2(dialog.exportNow(error), qPrintable(error));
        QVERIFY2(dialog.notes().isEmpty(), qPrintable(dialog.notes().join(QLatin1Char('\n'))));
        const QString diffuse = QDir(out).absoluteFilePath(QStringLiteral("brick_diffuse.png"));
        QVERIFY(QFileInfo::exists(diffuse));
        QVERIFY2(dialog.writtenFiles().contains(diffuse),
                 qPrintable(dialog.writtenFiles().join(QLatin1Char(' '))));
        QVERIFY(readAll(QDir(out).filePath(QStringLiteral("box.gltf"))).contains("brick_diffuse.png"));
        QStringList asked;
        dialog.setConfirmOverwrite([&](const QStringList& existing) {
            asked = existing;
            return false;
        });
        QVERIFY(!dialog.exportNow(error));
        QCOMPARE(asked.size(), 4); // .gltf, .bin and the two PNGs
        QVERIFY(asked.contains(diffuse));

        dialog.setConfirmOverwrite([](const QStringList&) { return true; });
        dialog.setTextures(false);
        dialog.setFileName(QStringLiteral("plain.gltf"));
        QVERIFY2(dialog.exportNow(error), qPrintable(error));
        QVERIFY(!readAll(QDir(out).filePath(QStringLiteral("plain.gltf"))).contains("\"images\""));
        QCOMPARE(dialog.writtenFiles().size(), 2);
    }

    void selectionAndRefusals() {
        QTemporaryDir dir;
        TriangleFile file;
        ExportDialog dialog(file, QStringLiteral("m"), dir.path());
        dialog.setMeshes(QStringLiteral("x, 1"));
        QString error;
        QVERIFY(!dialog.exportNow(error));
        QVERIFY(error.contains(QStringLiteral("\"x\"")));
        dialog.setMeshes(QStringLiteral("3"));
        QVERIFY(!dialog.exportNow(error));
        QCOMPARE(error, QStringLiteral("no mesh 3")); // the core's reason, as is
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("m.glb"))));
        dialog.setMeshes(QStringLiteral("0"));
        QVERIFY2(dialog.exportNow(error), qPrintable(error));
        QCOMPARE(file.last.meshes, std::vector<std::uint32_t>{0});
        QCOMPARE(readAll(dir.filePath(QStringLiteral("m.glb"))).left(4), QByteArray("glTF"));
    }

    void archiveEntriesIntoNewZip() {
        const Bytes zipBytes = archive::writeZip({{"a/one.bin", {1, 2, 3}, 0},
                                                  {"a/", {}, 0},
                                                  {"../evil.bin", {6, 6, 6}, 0},
                                                  {"b/two.bin", Bytes(5000, 7), 0}});
        std::string openError;
        auto source = archive::ZipArchive::open(shareBytes(zipBytes), openError);
        QVERIFY2(source, openError.c_str());
        std::vector<const archive::ZipEntry*> all;
        for (const auto& e : source->entries())
            all.push_back(&e);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("picked.zip"));
        ZipExportResult result;
        QString error;
        QVERIFY2(exportEntriesToZip(*source, all, out, result, error), qPrintable(error));
        QCOMPARE(result.written, 2);
        QCOMPARE(result.skipped.size(), 2); // the folder and the unsafe name
        // Read back with core's reader.
        const QByteArray written = readAll(out);
        auto check = archive::ZipArchive::open(shareBytes(Bytes(written.begin(), written.end())), openError);
        QVERIFY2(check, openError.c_str());
        QCOMPARE(check->entries().size(), std::size_t{2});
        const archive::ZipEntry* two = check->find("b/two.bin");
        QVERIFY(two);
        std::string readError;
        const auto data = check->read(*two, {}, readError);
        QVERIFY(data);
        QCOMPARE(*data, Bytes(5000, 7));
        QVERIFY(!check->find("../evil.bin"));
    }
};

QTEST_MAIN(TestExportDialog)
#include "tst_export_dialog.moc"
