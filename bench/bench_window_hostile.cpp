// How long the window's UI thread stalls while hostile files open: the bundle bomb and the
// metadata cascade of tests/regressions/modelbin/ are opened as models while a 5 ms timer on the
// UI thread measures the longest gap between its ticks, from the open until after the last
// diagnostic is activated and the last node selected. Goal: under 400 ms on the 2-core machine.
// tst_bad_input_window bounds what the UI thread is given (nodes, diagnostics); this times it.
//
// usage: bench_window_hostile [repeats]       (runs on the offscreen platform)
#include "main_window.h"
#include "views/document_view.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

using namespace assetscope;

namespace {

void waitForLoads(app::MainWindow& window) {
    if (window.pendingLoads() == 0) return;
    QEventLoop loop;
    QObject::connect(&window, &app::MainWindow::loadsFinished, &loop, &QEventLoop::quit);
    loop.exec();
}

void settle(int ms) {
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

// The longest UI stall, in ms, of opening `path` and using it.
qint64 openAndUse(app::MainWindow& w, QTableView* diagnostics, const QString& path) {
    QElapsedTimer sinceTick;
    qint64 longest = 0;
    QTimer ticker;
    ticker.setInterval(5);
    QObject::connect(&ticker, &QTimer::timeout, [&] { longest = std::max(longest, sinceTick.restart()); });
    sinceTick.start();
    ticker.start();
    w.openInput(path);
    waitForLoads(w);
    if (app::DocumentView* view = w.currentDocumentView(); view && view->document().tree()) {
        const int rows = diagnostics->model()->rowCount();
        if (rows > 0) emit diagnostics->activated(diagnostics->model()->index(rows - 1, 0));
        view->selectNode(static_cast<NodeId>(view->document().tree()->nodeCount() - 1));
    }
    settle(300);
    ticker.stop();
    w.tabs()->tabCloseRequested(w.tabs()->currentIndex());
    return longest;
}

} // namespace

int main(int argc, char** argv) {
    setenv("QT_QPA_PLATFORM", "offscreen", 0);
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    const int repeats = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
    QTemporaryDir dir;
    app::MainWindow w;
    w.setPersistent(false);
    w.resize(1400, 900);
    w.show();
    auto* diagnostics = w.findChild<QTableView*>(QStringLiteral("diagnosticsView"));
    if (!diagnostics || !dir.isValid()) return 1;
    std::printf("%-32s %10s %10s  (longest UI stall over %d opens, ms)\n", "input", "median", "worst", repeats);
    for (const char* name : {"diagnostic-flood-29k.bin", "metadata-cascade-timeout.bin"}) {
        QFile source(QStringLiteral(ASSETSCOPE_SOURCE_DIR "/tests/regressions/modelbin/") + name);
        if (!source.open(QIODevice::ReadOnly)) return 1;
        // As a model, the way the fuzz target that found it read it.
        const QString path = dir.filePath(QString::fromLatin1(name).replace(".bin", ".modelbin"));
        QFile out(path);
        if (!out.open(QIODevice::WriteOnly) || out.write(source.readAll()) < 0) return 1;
        out.close();
        std::vector<qint64> stalls;
        for (int i = 0; i < repeats; ++i)
            stalls.push_back(openAndUse(w, diagnostics, path));
        std::sort(stalls.begin(), stalls.end());
        std::printf("%-32s %10lld %10lld\n", name, static_cast<long long>(stalls[stalls.size() / 2]),
                    static_cast<long long>(stalls.back()));
    }
    return 0;
}
