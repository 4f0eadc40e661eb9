// The batch targets, each a ratio of two programs timed alternately in one run, so that both see
// the same page cache and machine load:
//   census  census --jobs 2 of a deflated zip of 20,000 small model bundles ≤ 1.0× `unzip -p` of
//           it, and --jobs 2 at least 1.7× faster than --jobs 1 (beside the machine's own
//           ceiling: two --jobs 1 runs side by side);
//   pgeo    info on a 1,000,000-record .pgeo ≤ 1.5× `cksum` of it; placements --csv ≤ 15×
//           `cksum` of the CSV it writes; dump --json beside `cksum` of its JSON, for reference;
//   growth  census --jobs 2 of 2,000, 20,000 and 200,000 bundles, zipped and as a folder: time
//           per file and peak memory.
//
// usage: bench_batch --cli PATH [--runs K] [--files N] [--records N] [--growth N,N,...]
//                    [--only census|pgeo|growth]
//        bench_batch --write-zip FILE [--files N]   (the census corpus alone, for a profiler)
#include "archive/zip_archive.h"
#include "bench_corpus.h"
#include "bench_run.h"
#include "formats/pgeo/pgeo_samples.h"

#include <stdlib.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

using namespace assetscope;
using namespace assetscope::bench;
namespace fs = std::filesystem;

namespace {

struct Settings {
    std::string cli = "assetscope-cli";
    int runs = 5;
    int files = 20000;
    std::uint64_t records = 1000000;
    std::vector<int> growth{2000, 20000, 200000};
    std::string only;
    std::string writeZip;
    fs::path work;
};

bool wants(const Settings& s, const char* section) {
    return s.only.empty() || s.only == section;
}

// Times the commands alternately, `runs` times each; their median wall times, in order.
struct Timed {
    std::vector<double> wall;
    std::vector<long> peakKiB;
};
Timed alternate(const std::vector<std::vector<std::string>>& commands,
                const std::vector<std::string>& outputs, int runs) {
    std::vector<std::vector<double>> times(commands.size());
    Timed t;
    t.peakKiB.assign(commands.size(), 0);
    for (int r = 0; r < runs; ++r)
        for (std::size_t c = 0; c < commands.size(); ++c) {
            const Run run = runProgram(commands[c], outputs.empty() ? "/dev/null" : outputs[c]);
            if (run.status != 0)
                std::fprintf(stderr, "%s exited with %d\n", commands[c][0].c_str(), run.status);
            times[c].push_back(run.seconds);
            t.peakKiB[c] = std::max(t.peakKiB[c], run.maxRssKiB);
        }
    for (const auto& v : times)
        t.wall.push_back(median(v));
    return t;
}

std::uint64_t uncompressedSize(const fs::path& zip) {
    std::string error;
    const auto archive = archive::ZipArchive::openFile(zip.string(), error);
    std::uint64_t total = 0;
    if (archive)
        for (const auto& entry : archive->entries())
            total += entry.size;
    return total;
}

void censusTargets(const Settings& s) {
    const fs::path zip = s.work / "models.zip";
    inChild([&] { writeModelZip(zip, s.files); }, "the corpus");
    const std::uint64_t raw = uncompressedSize(zip);
    std::printf("census: %d model bundles, %.1f MiB (%.0f bytes each), %.1f MiB deflated\n", s.files,
                static_cast<double>(raw) / 1048576.0, static_cast<double>(raw) / s.files,
                static_cast<double>(fs::file_size(zip)) / 1048576.0);
    // The machine's own ceiling for two workers: two separate --jobs 1 runs side by side share
    // its memory and caches, so even they do not finish in the time one takes alone.
    const std::string one = "'" + s.cli + "' census --jobs 1 '" + zip.string() + "' > /dev/null";
    const Timed t = alternate({{"unzip", "-p", zip.string()},
                               {s.cli, "census", "--jobs", "2", zip.string()},
                               {s.cli, "census", "--jobs", "1", zip.string()},
                               {"sh", "-c", one + " & " + one + "; wait"}},
                              {}, s.runs);
    const double unzip = t.wall[0], jobs2 = t.wall[1], jobs1 = t.wall[2], pair = t.wall[3];
    std::printf("  unzip -p          %.3f s\n", unzip);
    std::printf("  census --jobs 2   %.3f s  %.2fx unzip -p   target <= 1.00: %s\n", jobs2, jobs2 / unzip,
                verdict(jobs2 <= unzip));
    std::printf("  census --jobs 1   %.3f s  --jobs 2 is %.2fx faster   target >= 1.70: %s\n", jobs1,
                jobs1 / jobs2, verdict(jobs1 / jobs2 >= 1.7));
    std::printf("  two --jobs 1 side by side  %.3f s: the machine's ceiling for two workers is %.2fx\n", pair,
                2 * jobs1 / pair);
    std::printf("  (medians of %d runs)\n", s.runs);
    fs::remove(zip);
}

void pgeoTargets(const Settings& s) {
    const fs::path dir = s.work / pgeo::kLargeFileFolder;
    fs::create_directories(dir);
    const fs::path file = dir / pgeo::kLargeFileName;
    inChild(
        [&] {
            const auto bytes = pgeo::makeLargeFile(s.records);
            std::ofstream out(file, std::ios::binary);
            out.write(reinterpret_cast<const char*>(bytes.data()),
                      static_cast<std::streamsize>(bytes.size()));
            if (!out) throw std::runtime_error("cannot write " + file.string());
        },
        "the .pgeo");
    std::printf("pgeo: %llu records, %.1f MiB\n", static_cast<unsigned long long>(s.records),
                static_cast<double>(fs::file_size(file)) / 1048576.0);
    const std::string csv = (s.work / "placements.csv").string();
    const std::string json = (s.work / "dump.json").string();
    const auto mib = [](const std::string& path) {
        return static_cast<double>(fs::file_size(path)) / 1048576.0;
    };
    // One pair at a time, each after the dirty pages of the one before are written out: the
    // 3 GB dump's write-back would otherwise slow whatever runs beside it.
    const auto settled = [&](const std::vector<std::vector<std::string>>& commands,
                             const std::vector<std::string>& outputs) {
        ::sync();
        return alternate(commands, outputs, s.runs);
    };
    const Timed info = settled({{s.cli, "info", file.string()}, {"cksum", file.string()}}, {});
    std::printf("  info              %.4f s  cksum %.4f s  %.2fx   target <= 1.50: %s   peak %.1f MiB\n",
                info.wall[0], info.wall[1], info.wall[0] / info.wall[1],
                verdict(info.wall[0] <= 1.5 * info.wall[1]), info.peakKiB[0] / 1024.0);
    runProgram({s.cli, "placements", "--csv", file.string()}, csv); // the output cksum reads
    const Timed rows =
        settled({{s.cli, "placements", "--csv", file.string()}, {"cksum", csv}}, {csv, "/dev/null"});
    std::printf("  placements --csv  %.4f s  cksum of its %.1f MiB %.4f s  %.2fx   target <= 15: %s\n",
                rows.wall[0], mib(csv), rows.wall[1], rows.wall[0] / rows.wall[1],
                verdict(rows.wall[0] <= 15 * rows.wall[1]));
    fs::remove(csv);
    runProgram({s.cli, "dump", "--json", file.string()}, json);
    const Timed dump =
        settled({{s.cli, "dump", "--json", file.string()}, {"cksum", json}}, {json, "/dev/null"});
    std::printf("  dump --json       %.4f s  cksum of its %.1f MiB %.4f s  %.2fx\n", dump.wall[0], mib(json),
                dump.wall[1], dump.wall[0] / dump.wall[1]);
    std::printf("  (medians of %d runs)\n", s.runs);
    fs::remove_all(dir);
    fs::remove(json);
}

void growth(const Settings& s) {
    std::printf("growth: census --jobs 2, medians of %d runs\n", s.runs);
    std::printf("  %8s  %-6s  %10s  %12s  %10s\n", "files", "input", "time s", "us per file", "peak MiB");
    for (const int count : s.growth) {
        const fs::path zip = s.work / ("growth_" + std::to_string(count) + ".zip");
        const fs::path folder = s.work / ("growth_" + std::to_string(count));
        inChild([&] { writeModelZip(zip, count); }, "the corpus");
        inChild([&] { writeModelFolder(folder, count); }, "the corpus");
        for (const auto& [label, input] : {std::pair{"zip", zip}, std::pair{"folder", folder}}) {
            const Timed t = alternate({{s.cli, "census", "--jobs", "2", input.string()}}, {}, s.runs);
            std::printf("  %8d  %-6s  %10.3f  %12.1f  %10.1f\n", count, label, t.wall[0],
                        t.wall[0] * 1e6 / count, t.peakKiB[0] / 1024.0);
        }
        fs::remove(zip);
        fs::remove_all(folder);
    }
}

std::vector<int> parseList(const std::string& text) {
    std::vector<int> out;
    std::stringstream in(text);
    for (std::string item; std::getline(in, item, ',');)
        out.push_back(std::atoi(item.c_str()));
    return out;
}

} // namespace

int main(int argc, char** argv) {
    Settings s;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const bool value = i + 1 < argc;
        if (a == "--cli" && value)
            s.cli = argv[++i];
        else if (a == "--runs" && value)
            s.runs = std::max(1, std::atoi(argv[++i]));
        else if (a == "--files" && value)
            s.files = std::max(1, std::atoi(argv[++i]));
        else if (a == "--records" && value)
            s.records = std::strtoull(argv[++i], nullptr, 10);
        else if (a == "--growth" && value)
            s.growth = parseList(argv[++i]);
        else if (a == "--only" && value)
            s.only = argv[++i];
        else if (a == "--write-zip" && value)
            s.writeZip = argv[++i];
        else {
            std::fprintf(stderr, "usage: bench_batch --cli PATH [--runs K] [--files N] [--records N] "
                                 "[--growth N,N,...] [--only census|pgeo|growth] [--write-zip FILE]\n");
            return 2;
        }
    }
    if (!s.writeZip.empty()) {
        writeModelZip(s.writeZip, s.files);
        return 0;
    }
    char pattern[] = "/tmp/bench_batch_XXXXXX";
    if (!mkdtemp(pattern)) {
        std::perror("mkdtemp");
        return 2;
    }
    s.work = pattern;
    if (wants(s, "census")) censusTargets(s);
    if (wants(s, "pgeo")) pgeoTargets(s);
    if (wants(s, "growth")) growth(s);
    fs::remove_all(s.work);
    return 0;
}
