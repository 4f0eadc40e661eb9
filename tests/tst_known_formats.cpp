// The formats as the window's start page and open dialog name them: from each format's handler,
// so a new format appears there without an edit in the window.
#include "open/known_formats.h"

#include <QtTest>

using namespace assetscope;

class TestKnownFormats : public QObject {
    Q_OBJECT
private slots:
    void everyFormatHasATitleAndFileNames() {
        const std::vector<KnownFormat> formats = knownFormats();
        QStringList names;
        for (const KnownFormat& f : formats) {
            names << QString::fromStdString(f.name);
            QVERIFY2(!f.title.empty(), f.name.c_str());
            QVERIFY2(!f.extensions.empty(), f.name.c_str());
        }
        QCOMPARE(names,
                 (QStringList{"grub", "texture", "materialbin", "shaderbin", "modelbin", "pgeo", "meshset"}));
    }

    void openDialogPatterns() {
        QCOMPARE(knownFilePatterns(),
                 std::string("*.crowdbin ManufacturerColors.bin *.swatchbin *.pb *.materialbin *.shaderbin "
                             "*.modelbin *.pgeo *.meshset *.chunk"));
    }
};

QTEST_GUILESS_MAIN(TestKnownFormats)
#include "tst_known_formats.moc"
