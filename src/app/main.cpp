#include "archive/time_zone.h"
#include "input/atomic_file.h"
#include "main_window.h"

#include <QApplication>
#include <QBuffer>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QTimer>

#include <cstdio>

using assetscope::app::MainWindow;

namespace {

// Grabs the window once every input is read and the panes have settled, then quits.
void scheduleScreenshot(MainWindow& window, const QString& path) {
    auto shoot = [&window, path] {
        window.selectSomethingInteresting();
        QTimer::singleShot(400, &window, [&window, path] {
            const QPixmap pixmap = window.grab();
            // Encoded in memory (the format from the name's suffix, as QPixmap::save(path) would),
            // then written whole.
            QByteArray encoded;
            QBuffer buffer(&encoded);
            std::string error;
            const QByteArray format = QFileInfo(path).suffix().toLatin1();
            const bool ok =
                buffer.open(QIODevice::WriteOnly) &&
                pixmap.save(&buffer, format.isEmpty() ? "PNG" : format.constData()) &&
                assetscope::writeFileAtomically(
                    path.toStdString(),
                    std::string_view(encoded.constData(), static_cast<std::size_t>(encoded.size())), error);
            std::fprintf(ok ? stdout : stderr, "%s %s (%dx%d)\n", ok ? "saved" : "cannot write",
                         qPrintable(path), pixmap.width(), pixmap.height());
            QApplication::exit(ok ? 0 : 2);
        });
    };
    if (window.pendingLoads() == 0)
        QTimer::singleShot(200, &window, shoot);
    else
        QObject::connect(&window, &MainWindow::loadsFinished, &window, shoot);
    // A stuck load must not hang a script.
    QTimer::singleShot(180000, &window, [] {
        std::fprintf(stderr, "assetscope: screenshot timed out\n");
        QApplication::exit(2);
    });
}

} // namespace

int main(int argc, char* argv[]) {
    assetscope::archive::loadTimeZoneOnce(); // before Qt starts its threads
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("assetscope"));
    QApplication::setApplicationName(QStringLiteral("assetscope"));
    QApplication::setApplicationVersion(QStringLiteral(ASSETSCOPE_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("io.github.assetscope.assetscope"));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::tr("Inspect game asset files: structure, bytes, geometry."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption screenshot(
        QStringLiteral("screenshot"),
        QApplication::tr("Open the inputs, wait for them, save a PNG of the window to <file> and exit."),
        QStringLiteral("file"));
    parser.addOption(screenshot);
    parser.addPositionalArgument(
        QStringLiteral("inputs"),
        QApplication::tr("Files to open; archive.zip::inner/path opens an archive entry."),
        QStringLiteral("[FILE...]"));
    parser.process(app);

    MainWindow window;
    const bool shooting = parser.isSet(screenshot);
    window.setPersistent(!shooting);
    if (!shooting) window.restoreSettings();
    window.show();
    for (const QString& input : parser.positionalArguments())
        window.openInput(input);
    if (shooting) scheduleScreenshot(window, QFileInfo(parser.value(screenshot)).absoluteFilePath());
    return app.exec();
}
