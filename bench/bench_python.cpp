// The Python module (docs/python.md) beside the command line it stands in for, each pair timed
// alternately in one run (medians), so that both see the same page cache and machine load:
//   walk        every node of a 1,000,000-record .pgeo from Python (walk(), and walk() reading
//               each node's name, offset, size and value) ≤ 3× `dump` of it to /dev/null;
//   placements  placements() of the same file ≤ 0.5× `placements --csv` to /dev/null;
//   meshes      meshes() of the sample terrain patch (561 KB) ≤ 1.2× the decode alone
//               (ParsedFile::exportScene in this process), best of K each: asked again of one
//               document (the scene the module keeps) and the first call of new documents;
//   import      `import assetscope` ≤ 0.2 s (timed inside python3, and python3's whole run beside
//               `python3 -c pass`).
// Whole processes are timed: a Python run pays for starting python3 and importing the module
// and numpy, the command line for starting itself. Nothing here is a test.
//
// usage: bench_python [--cli PATH] [--python PATH] [--module DIR] [--runs K] [--records N]
//                     [--only walk|placements|meshes|import] [--keep DIR]
//        (--keep writes the inputs into DIR and leaves them there for the next run)
#include "bench_run.h"
#include "formats/pgeo/pgeo_samples.h"
#include "open/open_input.h"
#include "samples/sample_set.h"

#include <stdlib.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

using namespace assetscope;
using namespace assetscope::bench;
namespace fs = std::filesystem;

namespace {

struct Settings {
    std::string cli = ASSETSCOPE_BENCH_CLI;
    std::string python = ASSETSCOPE_BENCH_PYTHON;
    std::string module = ASSETSCOPE_BENCH_PYTHON_DIR;
    int runs = 5;
    std::uint64_t records = 1000000;
    std::string only;
    fs::path work;
    bool keep = false;
};

bool wants(const Settings& s, const char* section) {
    return s.only.empty() || s.only == section;
}

std::string readText(const fs::path& path) {
    std::ifstream in(path);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Runs the commands alternately, `runs` times each, stdout of each to its own file; each
// command's median wall time, the median of the first number each printed (a figure a Python
// script measured itself; NaN when none) and the further numbers it printed last (what it counted).
struct Timed {
    std::vector<double> wall;
    std::vector<double> cpu; // median user + system time
    std::vector<double> printed;
    std::vector<std::vector<double>> counted;
    std::vector<long> peakKiB;
};
Timed alternate(const Settings& s, const std::vector<std::vector<std::string>>& commands) {
    std::vector<std::vector<double>> times(commands.size());
    std::vector<std::vector<double>> cpu(commands.size());
    std::vector<std::vector<double>> printed(commands.size());
    Timed t;
    t.peakKiB.assign(commands.size(), 0);
    t.counted.resize(commands.size());
    ::sync();
    for (int r = 0; r < s.runs; ++r)
        for (std::size_t c = 0; c < commands.size(); ++c) {
            const fs::path out = s.work / ("out" + std::to_string(c) + ".txt");
            const bool python = commands[c][0] == s.python;
            const Run run = runProgram(commands[c], python ? out.string() : "/dev/null");
            if (run.status != 0)
                std::fprintf(stderr, "%s exited with %d\n", commands[c][0].c_str(), run.status);
            times[c].push_back(run.seconds);
            cpu[c].push_back(run.cpuSeconds);
            t.peakKiB[c] = std::max(t.peakKiB[c], run.maxRssKiB);
            if (python) {
                std::istringstream text(readText(out));
                double value = std::numeric_limits<double>::quiet_NaN();
                text >> value;
                printed[c].push_back(value);
                t.counted[c].clear();
                for (double count = 0; text >> count;)
                    t.counted[c].push_back(count);
            }
        }
    for (std::size_t c = 0; c < commands.size(); ++c) {
        t.wall.push_back(median(times[c]));
        t.cpu.push_back(median(cpu[c]));
        t.printed.push_back(printed[c].empty() ? std::numeric_limits<double>::quiet_NaN()
                                               : median(printed[c]));
    }
    return t;
}

void writeFile(const fs::path& path, const Bytes& bytes) {
    fs::create_directories(path.parent_path());
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!out) throw std::runtime_error("cannot write " + path.string());
}

fs::path largePgeo(const Settings& s) {
    const fs::path file = s.work / pgeo::kLargeFileFolder / pgeo::kLargeFileName;
    if (!fs::exists(file)) {
        inChild([&] { writeFile(file, pgeo::makeLargeFile(s.records)); }, "the input");
        std::printf("pgeo: %llu records, %.1f MiB\n", static_cast<unsigned long long>(s.records),
                    static_cast<double>(fs::file_size(file)) / 1048576.0);
    }
    return file;
}

// The Python side of each pair: a script given to `python3 -c`, the input as its argument. Each
// prints the seconds it spent after `import assetscope` first, then what it counted.
constexpr const char* kWalk = R"(import sys, time
import assetscope
start = time.perf_counter()
n = 0
for node in assetscope.open(sys.argv[1]).walk():
    n += 1
print(time.perf_counter() - start, n)
)";
constexpr const char* kWalkValues = R"(import sys, time
import assetscope
start = time.perf_counter()
n = 0
for node in assetscope.open(sys.argv[1]).walk():
    node.name, node.offset, node.size, node.value
    n += 1
print(time.perf_counter() - start, n)
)";
// argv[2] is placements()' text: "str" (the default) or "bytes".
constexpr const char* kPlacements = R"(import sys, time
import assetscope
start = time.perf_counter()
rows = assetscope.open(sys.argv[1]).placements(text=sys.argv[2])
print(time.perf_counter() - start, len(rows), rows.itemsize)
)";
// What a script pays before placements() can start: python3, the module, numpy (which the
// array needs) and opening the file.
constexpr const char* kOpenOnly = R"(import sys, time
import assetscope
start = time.perf_counter()
import numpy
document = assetscope.open(sys.argv[1])
print(time.perf_counter() - start)
)";
constexpr const char* kImport = R"(import time
start = time.perf_counter()
import assetscope
print(time.perf_counter() - start)
)";
// meshes() asked again of the same document (the scene it keeps: the arrays made again over the
// same buffers), then the first meshes() of a newly opened document (the decode and the arrays).
constexpr const char* kMeshes = R"(import sys, time
import assetscope
path, runs = sys.argv[1], int(sys.argv[2])
document = assetscope.open(path)
count = len(document.meshes())  # numpy imported, the scene decoded and kept
again = float("inf")
for _ in range(runs):
    start = time.perf_counter()
    meshes = document.meshes()
    again = min(again, time.perf_counter() - start)
    del meshes
fresh = float("inf")
for _ in range(runs):
    document = assetscope.open(path)
    start = time.perf_counter()
    meshes = document.meshes()
    fresh = min(fresh, time.perf_counter() - start)
    del meshes, document  # freed outside the time, as the decode's scene is
print(again, fresh, count)
)";

void walkTargets(const Settings& s) {
    const std::string file = largePgeo(s).string();
    const Timed t = alternate(
        s, {{s.cli, "dump", file}, {s.python, "-c", kWalk, file}, {s.python, "-c", kWalkValues, file}});
    std::printf("walk: every node (%.0f)\n", t.counted[1].empty() ? 0.0 : t.counted[1][0]);
    std::printf("  dump > /dev/null       %7.3f s   peak %6.1f MiB\n", t.wall[0], t.peakKiB[0] / 1024.0);
    std::printf(
        "  walk()                 %7.3f s   %.2fx dump   target <= 3: %s   (%.3f s after the import)   "
        "peak %6.1f MiB\n",
        t.wall[1], t.wall[1] / t.wall[0], verdict(t.wall[1] <= 3 * t.wall[0]), t.printed[1],
        t.peakKiB[1] / 1024.0);
    std::printf(
        "  walk() reading name, offset, size, value   %7.3f s   %.2fx dump   (%.3f s after the import)   "
        "peak %6.1f MiB\n",
        t.wall[2], t.wall[2] / t.wall[0], t.printed[2], t.peakKiB[2] / 1024.0);
    std::printf("  (medians of %d runs)\n", s.runs);
}

void placementsTargets(const Settings& s) {
    const std::string file = largePgeo(s).string();
    const Timed t = alternate(s, {{s.cli, "placements", "--csv", file},
                                  {s.python, "-c", kPlacements, file, "str"},
                                  {s.python, "-c", kOpenOnly, file},
                                  {s.python, "-c", kPlacements, file, "bytes"}});
    const auto& shape = t.counted[1];
    std::printf("placements: %.0f rows of %.0f bytes\n", shape.size() > 0 ? shape[0] : 0.0,
                shape.size() > 1 ? shape[1] : 0.0);
    std::printf("  placements --csv > /dev/null  %7.3f s   CPU %.3f s   peak %6.1f MiB\n", t.wall[0],
                t.cpu[0], t.peakKiB[0] / 1024.0);
    std::printf(
        "  placements()                  %7.3f s   %.2fx   target <= 0.5: %s   (%.3f s after the import)   "
        "CPU %.3f s (%.2fx)   peak %6.1f MiB\n",
        t.wall[1], t.wall[1] / t.wall[0], verdict(t.wall[1] <= 0.5 * t.wall[0]), t.printed[1], t.cpu[1],
        t.cpu[1] / t.cpu[0], t.peakKiB[1] / 1024.0);
    const auto& bytesShape = t.counted[3];
    std::printf("  placements(text=\"bytes\")      %7.3f s   %.2fx   (%.3f s after the import)   CPU %.3f s "
                "(%.2fx)   peak %6.1f MiB   rows of %.0f bytes\n",
                t.wall[3], t.wall[3] / t.wall[0], t.printed[3], t.cpu[3], t.cpu[3] / t.cpu[0],
                t.peakKiB[3] / 1024.0, bytesShape.size() > 1 ? bytesShape[1] : 0.0);
    std::printf("  python3, import numpy and open() alone (what placements() starts from)  %7.3f s   %.2fx   "
                "CPU %.3f s (%.2fx)   peak %6.1f MiB\n",
                t.wall[2], t.wall[2] / t.wall[0], t.cpu[2], t.cpu[2] / t.cpu[0], t.peakKiB[2] / 1024.0);
    std::printf("  (medians of %d runs)\n", s.runs);
}

void meshesTargets(const Settings& s) {
    const std::string name = "media/models/terr_sample_patch_32bit.i.modelbin";
    const fs::path file = s.work / name;
    for (const auto& f : samples::allSampleFiles())
        if (f.name == name) writeFile(file, f.data);
    if (!fs::exists(file)) {
        std::printf("meshes: the sample set has no %s\n", name.c_str());
        return;
    }
    const int best = std::max(5, s.runs * 4);
    const OpenedInput opened = openInput(file.string());
    if (!opened.ok()) {
        std::printf("meshes: cannot open %s\n", file.string().c_str());
        return;
    }
    double decode = std::numeric_limits<double>::infinity();
    double firstDecode = 0;
    std::size_t meshes = 0;
    for (int r = 0; r < best; ++r) {
        std::string reason;
        const auto start = std::chrono::steady_clock::now();
        const auto scene = opened.parsed->exportScene(ExportSelection{}, reason);
        const auto end = std::chrono::steady_clock::now();
        const double seconds = std::chrono::duration<double>(end - start).count();
        if (r == 0) firstDecode = seconds;
        decode = std::min(decode, seconds);
        meshes = scene ? scene->meshes.size() : 0;
    }
    const fs::path out = s.work / "meshes.txt";
    struct Figures {
        double again = std::numeric_limits<double>::quiet_NaN();
        double fresh = std::numeric_limits<double>::quiet_NaN();
    };
    const auto timedMeshes = [&] {
        runProgram({s.python, "-c", kMeshes, file.string(), std::to_string(best)}, out.string());
        Figures f;
        std::istringstream(readText(out)) >> f.again >> f.fresh;
        return f;
    };
    const Figures python = timedMeshes();
    // The first meshes() of each document with glibc keeping freed memory: between two decodes
    // python3 gives the freed scene's pages back to the kernel, and the next decode faults fresh
    // ones in, where this process's own loop above reuses them.
    ::setenv("MALLOC_MMAP_THRESHOLD_", "8000000", 1);
    ::setenv("MALLOC_TRIM_THRESHOLD_", "100000000", 1);
    const Figures kept = timedMeshes();
    ::unsetenv("MALLOC_MMAP_THRESHOLD_");
    ::unsetenv("MALLOC_TRIM_THRESHOLD_");
    std::printf("meshes: %s, %.0f KB, %zu meshes, best of %d\n", fs::path(name).filename().c_str(),
                static_cast<double>(fs::file_size(file)) / 1000.0, meshes, best);
    std::printf("  exportScene (the decode alone)  %7.3f ms   (its first run here %.3f ms)\n", decode * 1e3,
                firstDecode * 1e3);
    std::printf("  meshes() again, the kept scene  %7.3f ms   %.2fx   target <= 1.2: %s\n",
                python.again * 1e3, python.again / decode, verdict(python.again <= 1.2 * decode));
    std::printf("  meshes() of a new document      %7.3f ms   %.2fx   target <= 1.2: %s\n",
                python.fresh * 1e3, python.fresh / decode, verdict(python.fresh <= 1.2 * decode));
    std::printf("  the same, glibc keeping freed memory (MALLOC_MMAP_THRESHOLD_=8000000 "
                "MALLOC_TRIM_THRESHOLD_=100000000)   %.3f ms   %.2fx\n",
                kept.fresh * 1e3, kept.fresh / decode);
}

void importTargets(const Settings& s) {
    const Timed t = alternate(s, {{s.python, "-c", "pass"}, {s.python, "-c", kImport}});
    std::printf("import\n");
    std::printf("  import assetscope      %7.4f s inside python3   target <= 0.2: %s\n", t.printed[1],
                verdict(t.printed[1] <= 0.2));
    std::printf("  python3 -c 'import assetscope'  %7.4f s   python3 -c pass  %7.4f s\n", t.wall[1],
                t.wall[0]);
    std::printf("  (medians of %d runs)\n", s.runs);
}

} // namespace

int main(int argc, char** argv) {
    Settings s;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const bool value = i + 1 < argc;
        if (a == "--cli" && value)
            s.cli = argv[++i];
        else if (a == "--python" && value)
            s.python = argv[++i];
        else if (a == "--module" && value)
            s.module = argv[++i];
        else if (a == "--runs" && value)
            s.runs = std::max(1, std::atoi(argv[++i]));
        else if (a == "--records" && value)
            s.records = std::strtoull(argv[++i], nullptr, 10);
        else if (a == "--only" && value)
            s.only = argv[++i];
        else if (a == "--keep" && value) {
            s.work = argv[++i];
            s.keep = true;
        } else {
            std::fprintf(stderr, "usage: bench_python [--cli PATH] [--python PATH] [--module DIR] [--runs K] "
                                 "[--records N] [--only walk|placements|meshes|import] [--keep DIR]\n");
            return 2;
        }
    }
    ::setenv("PYTHONPATH", s.module.c_str(), 1);
    ::setenv("PYTHONDONTWRITEBYTECODE", "1", 1);
    char pattern[] = "/tmp/bench_python_XXXXXX";
    if (s.keep) {
        fs::create_directories(s.work);
    } else if (!mkdtemp(pattern)) {
        std::perror("mkdtemp");
        return 2;
    } else {
        s.work = pattern;
    }
    std::printf("python %s, module %s\n", s.python.c_str(), s.module.c_str());
    if (wants(s, "import")) importTargets(s);
    if (wants(s, "meshes")) meshesTargets(s);
    if (wants(s, "walk")) walkTargets(s);
    if (wants(s, "placements")) placementsTargets(s);
    if (!s.keep) fs::remove_all(s.work);
    return 0;
}
