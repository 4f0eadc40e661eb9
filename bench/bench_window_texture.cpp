// Opens a 4096 x 4096 BC7 texture (a .swatchbin bundle with its whole mip chain, about 21 MiB)
// in the main window, the way a user does, and reports the time from openInput until the
// preview pane has painted the decoded picture of mip 0 (goal: under 0.5 s), split into reading
// and parsing the file, decoding the level and making its picture, and the first paint.
// Several runs; the first is reported apart (cold caches), then the best and the median.
//
// usage: bench_window_texture [--size N] [--runs N] [--write FILE]   (runs on the offscreen platform)
//   --write FILE  writes the texture (of --size, default 512 then) and exits: a picture to look at.
#include "decode/texel_blocks.h"
#include "formats/texture/texture_file.h"
#include "formats/texture/texture_writer.h"
#include "main_window.h"
#include "views/preview_pane.h"
#include "views/texture_pane.h"
#include "views/texture_view.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

namespace {

using namespace assetscope;

constexpr std::int32_t kEncodingBC7 = 9; // value 0 of the chain (public-reader-notes.md)

// A colour wheel in 7-bit BC7 mode 6 endpoints: hue by angle about the centre, darker by rings.
std::array<std::uint8_t, 4> wheel(double x, double y, double shade) {
    const double angle = std::atan2(y - 0.5, x - 0.5);
    std::array<std::uint8_t, 4> c{};
    for (int i = 0; i < 3; ++i) {
        const double v = 0.5 + 0.5 * std::cos(angle - i * 2.0943951);
        c[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(std::lround(127 * v * shade));
    }
    c[3] = 127;
    return c;
}

// One BC7 level: each block a mode 6 block from the wheel's colour to a darker one, its indices
// a diagonal ramp, its alpha fading out towards the corners.
Bytes bc7Level(std::uint32_t width, std::uint32_t height) {
    const std::uint32_t bw = (width + 3) / 4, bh = (height + 3) / 4;
    Bytes out;
    out.reserve(static_cast<std::size_t>(bw) * bh * 16);
    decode::blocks::TexelIndices ramp{};
    for (int i = 0; i < 16; ++i)
        ramp[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>((i % 4 + i / 4) * 2);
    for (std::uint32_t by = 0; by < bh; ++by)
        for (std::uint32_t bx = 0; bx < bw; ++bx) {
            const double x = (bx + 0.5) / bw, y = (by + 0.5) / bh;
            const double r = std::hypot(x - 0.5, y - 0.5);
            const double ring = 0.75 + 0.25 * std::cos(r * 60);
            auto a = wheel(x, y, ring), b = wheel(x, y, ring * 0.6);
            a[3] = b[3] = static_cast<std::uint8_t>(std::lround(127 * std::clamp(1.6 - 2.2 * r, 0.0, 1.0)));
            const auto block = decode::blocks::bc7Mode6(a, b, 1, 1, ramp);
            out.insert(out.end(), block.begin(), block.end());
        }
    return out;
}

Bytes textureFile(std::uint32_t size) {
    texture::TextureSpec s;
    s.header.width = static_cast<std::int32_t>(size);
    s.header.height = static_cast<std::int32_t>(size);
    std::uint8_t mips = 1;
    while ((size >> mips) > 0)
        ++mips;
    s.header.mips = mips;
    s.header.colourProfile = 1; // sRGB
    s.chainValues = {kEncodingBC7, texture::pitchValue(decode::TexelFormat::BC7, size, size)};
    for (std::uint32_t m = 0; m < mips; ++m) {
        const Bytes level = bc7Level(texture::mipExtent(size, m), texture::mipExtent(size, m));
        s.data.insert(s.data.end(), level.begin(), level.end());
    }
    return texture::writeTextureBundle(s);
}

struct Run {
    double loaded = 0, decoded = 0, painted = 0;
    double cpu =
        0; // the process's CPU time over the same span, every thread: what a shared machine cannot inflate
};

double cpuMs() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

bool openOnce(const QString& path, Run& run) {
    app::MainWindow window;
    window.setPersistent(false);
    window.resize(1400, 900);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window)) return false;
    app::TexturePane* pane = window.previewPane()->texturePane();
    QSignalSpy shown(pane, &app::TexturePane::pictureShown);
    QElapsedTimer timer;
    const double cpuStart = cpuMs();
    timer.start();
    window.openInput(path);
    QSignalSpy loaded(&window, &app::MainWindow::loadsFinished);
    if (window.pendingLoads() > 0 && !loaded.wait(30000)) return false;
    run.loaded = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    if (shown.isEmpty() && !shown.wait(30000)) return false;
    run.decoded = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    pane->view()->repaint();
    run.painted = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    run.cpu = cpuMs() - cpuStart;
    return pane->view()->picture().width() > 0;
}

} // namespace

int main(int argc, char** argv) {
    std::uint32_t size = 4096;
    int runs = 5;
    std::string write;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--size" && i + 1 < argc)
            size = static_cast<std::uint32_t>(std::stoul(argv[++i]));
        else if (a == "--runs" && i + 1 < argc)
            runs = std::max(1, std::stoi(argv[++i]));
        else if (a == "--write" && i + 1 < argc) {
            write = argv[++i];
            if (size == 4096) size = 512;
        } else {
            std::fprintf(stderr, "usage: bench_window_texture [--size N] [--runs N] [--write FILE]\n");
            return 2;
        }
    }
    if (size < 4 || size > 16384) {
        std::fprintf(stderr, "the size must lie between 4 and 16384\n");
        return 2;
    }
    const Bytes bytes = textureFile(size);
    if (!write.empty()) {
        std::ofstream out(write, std::ios::binary);
        out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
        return out ? 0 : 1;
    }
    setenv("QT_QPA_PLATFORM", "offscreen", 0);
    const auto dir =
        std::filesystem::temp_directory_path() / ("bench_window_texture_" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    const auto path = dir / "bench_bc7.swatchbin";
    {
        std::ofstream out(path, std::ios::binary);
        out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    }
    QApplication app(argc, argv);
    std::vector<Run> results;
    for (int i = 0; i < runs; ++i) {
        Run run;
        if (!openOnce(QString::fromStdString(path.string()), run)) {
            std::fprintf(stderr, "the picture did not show\n");
            std::filesystem::remove_all(dir);
            return 1;
        }
        results.push_back(run);
    }
    std::filesystem::remove_all(dir);
    std::printf("texture             %ux%u BC7_UNORM_SRGB, whole mip chain, %.1f MiB\n", size, size,
                static_cast<double>(bytes.size()) / (1024.0 * 1024.0));
    auto line = [](const char* name, const Run& r) {
        std::printf("%-19s read+parsed %.0f ms, picture made %.0f ms, painted %.0f ms after openInput "
                    "(%.0f ms of CPU time, all threads)\n",
                    name, r.loaded, r.decoded, r.painted, r.cpu);
    };
    line("first open", results.front());
    std::sort(results.begin(), results.end(),
              [](const Run& a, const Run& b) { return a.painted < b.painted; });
    line("best", results.front());
    line("median", results[results.size() / 2]);
    double load[1] = {0};
    if (getloadavg(load, 1) == 1)
        std::printf("machine             %d cores, load average %.1f while it ran\n",
                    QThread::idealThreadCount(), load[0]);
    return 0;
}
