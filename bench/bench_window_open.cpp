// Opens a generated 1,000,000-record .pgeo the way the window does (core's parse off the UI
// thread's code path, the structure model, the tree view, the hex and table panes) and reports:
//   - the time until the tree is shown, and how many nodes the tree holds (records stay lazy);
//   - peak resident memory against the file size (target: at most 2 × the file + a fixed amount,
//     the fixed amount being what the process holds before it reads the file);
//   - the time per step when scrolling the hex pane and the table pane through the whole file.
// The parent writes the file and runs itself with --open so that generating the file does not
// count against the window's memory.
//
// usage: bench_window_open [--records N] [--keep]       (runs on the offscreen platform)
#include "document.h"
#include "formats/pgeo/pgeo_handler.h"
#include "formats/pgeo/pgeo_samples.h"
#include "models/structure_model.h"
#include "views/document_view.h"
#include "views/hex_view.h"
#include "views/table_pane.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QScrollBar>
#include <QTableView>
#include <QTreeView>

#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <spawn.h>
#include <string>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace {

long statusKiB(const char* field) {
    std::ifstream in("/proc/self/status");
    std::string line;
    const std::string key = std::string(field) + ":";
    while (std::getline(in, line))
        if (line.rfind(key, 0) == 0) return std::stol(line.substr(key.size()));
    return -1;
}

struct Steps {
    double total = 0, worst = 0;
    int count = 0;
    void add(double ms) {
        total += ms;
        worst = std::max(worst, ms);
        ++count;
    }
};

int openAndScroll(const std::string& path) {
    int argc = 1;
    char name[] = "bench_window_open";
    char* argv[] = {name, nullptr};
    QApplication app(argc, argv);
    const long fixedKiB = statusKiB("VmRSS"); // Qt and the program, before the file
    QElapsedTimer timer;
    timer.start();
    auto document = assetscope::app::loadDocument(QString::fromStdString(path));
    if (!document->ok()) {
        std::fprintf(stderr, "cannot open %s: %s\n", path.c_str(), qPrintable(document->error));
        return 1;
    }
    const double parsed = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    assetscope::app::DocumentView view(document);
    assetscope::app::TablePane table;
    table.setDocumentView(&view);
    QObject::connect(&view, &assetscope::app::DocumentView::currentNodeChanged, &table,
                     &assetscope::app::TablePane::followNode);
    view.resize(1200, 800);
    table.resize(900, 500);
    view.show();
    table.show();
    view.treeView()->viewport()->repaint();
    QCoreApplication::processEvents();
    const double shown = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    const auto nodes = document->tree()->nodeCount();

    // Hex pane: 400 jumps from the start to the end of the file, each painted.
    Steps hex;
    const std::uint64_t size = view.hexView()->size();
    for (int step = 0; step <= 400; ++step) {
        QElapsedTimer t;
        t.start();
        view.hexView()->scrollToOffset(size * static_cast<std::uint64_t>(step) / 400);
        view.hexView()->viewport()->repaint();
        hex.add(static_cast<double>(t.nsecsElapsed()) / 1e6);
    }
    // Table pane: every block's instance table, scrolled from top to bottom in 40 steps each.
    Steps rows;
    const auto& pgeo = dynamic_cast<const assetscope::pgeo::ParsedPgeo&>(*document->parsed);
    const std::size_t blocks = pgeo.file().listA.size() + pgeo.file().listB.size();
    for (std::size_t b = 0; b < blocks; ++b) {
        const auto array =
            pgeo.nodeOf(assetscope::Subject{assetscope::pgeo::kBlockSubject, static_cast<std::int64_t>(b)});
        QElapsedTimer t;
        t.start();
        view.selectNode(array);
        table.mainTable()->viewport()->repaint();
        rows.add(static_cast<double>(t.nsecsElapsed()) / 1e6);
        QScrollBar* bar = table.mainTable()->verticalScrollBar();
        for (int step = 1; step <= 40; ++step) {
            t.restart();
            bar->setValue(bar->maximum() * step / 40);
            table.mainTable()->viewport()->repaint();
            rows.add(static_cast<double>(t.nsecsElapsed()) / 1e6);
        }
    }
    const long peakKiB = statusKiB("VmHWM");
    const double fileMiB = static_cast<double>(size) / (1024.0 * 1024.0);
    std::printf("file                %.1f MiB, %llu instance records in %zu blocks\n", fileMiB,
                static_cast<unsigned long long>(pgeo.file().instanceCount()), blocks);
    std::printf("parse               %.0f ms\n", parsed);
    std::printf("tree shown          %.0f ms after the start, %zu tree nodes (records stay lazy)\n", shown,
                nodes);
    std::printf("hex scroll          %d steps: %.2f ms mean, %.2f ms worst\n", hex.count,
                hex.total / hex.count, hex.worst);
    std::printf("table scroll        %d steps over %zu blocks: %.2f ms mean, %.2f ms worst\n", rows.count,
                blocks, rows.total / std::max(1, rows.count), rows.worst);
    std::printf(
        "memory              peak %.1f MiB; fixed %.1f MiB before the file; peak - fixed = %.2f x the file\n",
        peakKiB / 1024.0, fixedKiB / 1024.0, (peakKiB - fixedKiB) / 1024.0 / fileMiB);
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    std::uint64_t records = 1000000;
    bool keep = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--open" && i + 1 < argc) {
            setenv("QT_QPA_PLATFORM", "offscreen", 0);
            return openAndScroll(argv[i + 1]);
        }
        if (a == "--records" && i + 1 < argc)
            records = std::stoull(argv[++i]);
        else if (a == "--keep")
            keep = true;
        else {
            std::fprintf(stderr, "usage: bench_window_open [--records N] [--keep]\n");
            return 2;
        }
    }
    // The file, in a cell folder as the game stores it.
    const auto dir = std::filesystem::temp_directory_path() /
                     ("bench_window_open_" + std::to_string(getpid())) / assetscope::pgeo::kLargeFileFolder;
    std::filesystem::create_directories(dir);
    const auto path = (dir / assetscope::pgeo::kLargeFileName).string();
    {
        const assetscope::Bytes bytes = assetscope::pgeo::makeLargeFile(records);
        std::ofstream out(path, std::ios::binary);
        out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    }
    std::vector<char*> args{argv[0], const_cast<char*>("--open"), const_cast<char*>(path.c_str()), nullptr};
    pid_t pid = 0;
    int status = -1;
    // The child reports its own VmHWM: getrusage's maxrss would carry the high-water mark of the
    // memory the child shared with this process before exec (posix_spawn clones it).
    if (posix_spawn(&pid, "/proc/self/exe", nullptr, nullptr, args.data(), environ) == 0)
        waitpid(pid, &status, 0);
    if (!keep) std::filesystem::remove_all(dir.parent_path());
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
