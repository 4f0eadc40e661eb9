// The install tree's targets (issue 46) on a generated install: ZIPS deflated zips of ENTRIES entries
// each (folders of 1,000 entries, five kinds of names, 16 to 215 bytes each) under media/, plus LOOSE
// loose files in folders of 500:
//   first level  the root listed (and media/, where the zips are) < 0.5 s;
//   full index   InstallIndex::buildAll ≤ 1.2× `unzip -l` of every zip (one unzip, its own wildcard);
//   memory       ≤ 200 bytes per entry: the heap the index holds (mallinfo2 before and after), and
//                what it counts itself (memoryBytes);
//   filter       a filter over every entry < 0.3 s, for each kind of word;
//   ls           `assetscope-cli ls -r --json` of the whole install ≤ 1.5× `unzip -l` of its zips.
// Each is the median of RUNS runs; the two programs of a pair are timed alternately, after a sync.
//
// usage: bench_install [--cli PATH] [--zips N] [--entries N] [--loose N] [--runs K] [--keep DIR]
//        (--entries 2000 --loose 1000 for a quick run; --keep writes the install into DIR and leaves it
//        there, or uses the one a run with the same sizes left there)
#include "archive/zip_archive.h"
#include "bench_run.h"
#include "install/install_filter.h"
#include "install/install_index.h"

#include <malloc.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace assetscope;
using namespace assetscope::bench;
namespace fs = std::filesystem;

namespace {

struct Settings {
    std::string cli = "assetscope-cli";
    int zips = 50;
    int entries = 20000;
    int loose = 20000;
    int runs = 5;
    fs::path work;
    bool keep = false;
};

const char* const kKinds[] = {".modelbin", ".swatchbin", ".materialbin", ".pgeo", ".txt"};

Bytes contents(int index) {
    Bytes b(16 + static_cast<std::size_t>(index % 200));
    for (std::size_t i = 0; i < b.size(); ++i)
        b[i] = static_cast<std::uint8_t>((index * 31 + static_cast<int>(i) * 7) & 0xFF);
    return b;
}

// Entry `i` of zip `z`: "car_003/part_03456.swatchbin".
std::string entryName(int z, int i) {
    char name[64];
    std::snprintf(name, sizeof name, "car_%03d/part_%02d%05d%s", i / 1000, z, i, kKinds[i % 5]);
    return name;
}

std::uint64_t writeInstall(const Settings& s, const fs::path& root) {
    std::uint64_t entries = 0;
    fs::create_directories(root / "media");
    for (int z = 0; z < s.zips; ++z) {
        std::vector<archive::ZipInput> inputs;
        inputs.reserve(static_cast<std::size_t>(s.entries));
        for (int i = 0; i < s.entries; ++i)
            inputs.push_back({entryName(z, i), contents(i), 0});
        const Bytes zip = archive::writeZip(inputs, true);
        char name[32];
        std::snprintf(name, sizeof name, "pack_%02d.zip", z);
        std::ofstream(root / "media" / name, std::ios::binary)
            .write(reinterpret_cast<const char*>(zip.data()), static_cast<std::streamsize>(zip.size()));
        entries += static_cast<std::uint64_t>(s.entries);
    }
    for (int i = 0; i < s.loose; ++i) {
        char folder[32], name[48];
        std::snprintf(folder, sizeof folder, "loose_%03d", i / 500);
        std::snprintf(name, sizeof name, "file_%05d%s", i, kKinds[i % 5]);
        fs::create_directories(root / "media" / "loose" / folder);
        const Bytes b = contents(i);
        std::ofstream(root / "media" / "loose" / folder / name, std::ios::binary)
            .write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
    }
    return entries;
}

template <typename F> double medianOf(int runs, F&& run) {
    std::vector<double> times;
    for (int r = 0; r < runs; ++r) {
        const auto start = std::chrono::steady_clock::now();
        run();
        times.push_back(secondsSince(start));
    }
    return median(times);
}

} // namespace

int main(int argc, char** argv) {
    Settings s;
    std::string keep;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const char* value = i + 1 < argc ? argv[i + 1] : nullptr;
        if (a == "--cli" && value)
            s.cli = argv[++i];
        else if (a == "--zips" && value)
            s.zips = std::atoi(argv[++i]);
        else if (a == "--entries" && value)
            s.entries = std::atoi(argv[++i]);
        else if (a == "--loose" && value)
            s.loose = std::atoi(argv[++i]);
        else if (a == "--runs" && value)
            s.runs = std::atoi(argv[++i]);
        else if (a == "--keep" && value)
            keep = argv[++i];
        else {
            std::fprintf(stderr, "usage: bench_install [--cli PATH] [--zips N] [--entries N] [--loose N] "
                                 "[--runs K] [--keep DIR]\n");
            return 2;
        }
    }
    s.keep = !keep.empty();
    s.work =
        s.keep ? fs::path(keep) : fs::temp_directory_path() / ("bench_install_" + std::to_string(::getpid()));
    const fs::path root = s.work / "install";
    std::fflush(stdout);
    const auto writing = std::chrono::steady_clock::now();
    const bool reused = s.keep && fs::exists(root / "media");
    const std::uint64_t zipped =
        reused ? static_cast<std::uint64_t>(s.zips) * static_cast<std::uint64_t>(s.entries)
               : writeInstall(s, root);
    std::printf(
        "an install of %d zips x %d entries (%llu) + %d loose files, %s in %.1f s; medians of %d runs\n",
        s.zips, s.entries, static_cast<unsigned long long>(zipped), s.loose, reused ? "found" : "written",
        secondsSince(writing), s.runs);
    const std::string rootText = root.string();
    const std::vector<std::string> unzipList{"unzip", "-l", (root / "media" / "*.zip").string()};
    ::sync();
    runProgram(unzipList); // the page cache holds the zips for every run after

    // First level: the root, then media/ where the zips are (each listed from its folder only).
    std::size_t firstLevel = 0;
    const double first = medianOf(s.runs, [&] {
        install::InstallIndex index(rootText);
        index.list(index.root());
        const install::NodeId media = index.child(index.root(), 0);
        index.list(media);
        firstLevel = index.nodeCount();
    });
    std::printf("  first level: root and media/ listed (%zu names)     %.4f s   target < 0.5: %s\n",
                firstLevel, first, verdict(first < 0.5));

    // The whole index beside unzip -l, alternately.
    std::vector<double> indexTimes, unzipTimes, indexCpu, unzipCpu;
    std::size_t nodes = 0, counted = 0;
    long heap = 0;
    for (int r = 0; r < s.runs; ++r) {
        malloc_trim(0);
        // Small blocks in the arenas, large ones (the node arrays) mapped of their own.
        const auto heapNow = [] {
            const struct mallinfo2 m = mallinfo2();
            return static_cast<long>(m.uordblks + m.hblkhd);
        };
        const long before = heapNow();
        auto start = std::chrono::steady_clock::now();
        const double cpuStart = cpuSeconds();
        {
            install::InstallIndex index(rootText);
            index.buildAll();
            indexTimes.push_back(secondsSince(start));
            indexCpu.push_back(cpuSeconds() - cpuStart);
            nodes = index.nodeCount();
            counted = index.memoryBytes();
            heap = heapNow() - before;
        }
        const Run unzip = runProgram(unzipList);
        unzipTimes.push_back(unzip.seconds);
        unzipCpu.push_back(unzip.cpuSeconds);
    }
    const double built = median(indexTimes), unzipped = median(unzipTimes);
    std::printf(
        "  full index: %zu nodes   %.3f s (CPU %.3f)   unzip -l %.3f s (CPU %.3f)   %.2fx   target <= "
        "1.2: %s\n",
        nodes, built, median(indexCpu), unzipped, median(unzipCpu), built / unzipped,
        verdict(built <= 1.2 * unzipped));
    const double perNode = static_cast<double>(heap) / static_cast<double>(nodes);
    std::printf("  memory: heap %.1f MiB (mallinfo2), %.1f bytes per node; memoryBytes %.1f bytes per node   "
                "target <= 200: %s\n",
                static_cast<double>(heap) / 1048576.0, perNode,
                static_cast<double>(counted) / static_cast<double>(nodes), verdict(perNode <= 200));

    // Filters over every node of the whole index; and the first answer over what a fresh index
    // has listed so far (the window's first answer while its index is built).
    install::InstallIndex index(rootText);
    index.buildAll();
    for (const char* words :
         {"part_0012345", "*.swatchbin", "format:texture", "size>200", "part_01 size<100"}) {
        std::string error;
        const auto filter = install::InstallFilter::parse(words, error);
        std::size_t matches = 0;
        const double t =
            medianOf(s.runs, [&] { matches = install::matchingNodes(index, *filter, nullptr).size(); });
        std::printf("  filter %-18s %8zu matches of %zu   %.3f s   target < 0.3: %s\n", words, matches, nodes,
                    t, verdict(t < 0.3));
    }

    // ls -r --json beside unzip -l, alternately.
    std::vector<double> lsTimes, baseTimes, lsCpu, baseCpu;
    long lsPeak = 0;
    int lsStatus = 0;
    for (int r = 0; r < s.runs; ++r) {
        const Run ls = runProgram({s.cli, "ls", "-r", "--json", rootText});
        lsTimes.push_back(ls.seconds);
        lsCpu.push_back(ls.cpuSeconds);
        lsPeak = std::max(lsPeak, ls.maxRssKiB);
        lsStatus = ls.status;
        const Run unzip = runProgram(unzipList);
        baseTimes.push_back(unzip.seconds);
        baseCpu.push_back(unzip.cpuSeconds);
    }
    const double ls = median(lsTimes), base = median(baseTimes);
    std::printf(
        "  ls -r --json: %.3f s (CPU %.3f; exit %d, peak %.1f MiB)   unzip -l %.3f s (CPU %.3f)   %.2fx   "
        "target <= 1.5: %s\n",
        ls, median(lsCpu), lsStatus, static_cast<double>(lsPeak) / 1024.0, base, median(baseCpu), ls / base,
        verdict(ls <= 1.5 * base));
    if (!s.keep) fs::remove_all(s.work);
    return 0;
}
