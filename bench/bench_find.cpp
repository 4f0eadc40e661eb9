// `find` beside `census` on bench_batch's census corpus (20,000 small model bundles in a deflated
// zip), each pair timed alternately in one run (medians), after a `sync`:
//   field   find --jobs 2 --field KEY --value V ≤ 1.2× census --jobs 2 (a field read with nodes off
//           through the tap, as stats reads it);
//   bytes   find --jobs 2 --bytes HEX ≤ 1.5× census --jobs 2;
// each for a value that matches in no file and one that matches in every file (the first 1000
// matches then read their files again with nodes on, for the paths). Then, in this process, one
// byte and one text search of a 1,000,000-record .pgeo held in memory, as the window's find bar
// runs it (goal: well under 0.3 s).
//
// usage: bench_find --cli PATH [--runs K] [--files N] [--records N]
#include "bench_corpus.h"
#include "bench_run.h"
#include "find/find_in_file.h"
#include "formats/pgeo/pgeo_samples.h"

#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

using namespace assetscope;
using namespace assetscope::bench;
namespace fs = std::filesystem;

namespace {

struct Settings {
    std::string cli = "assetscope-cli";
    int runs = 7;
    int files = 20000;
    std::uint64_t records = 1000000;
    fs::path work;
};

// Medians of `runs` alternate runs of each command.
std::vector<double> alternate(const std::vector<std::vector<std::string>>& commands, int runs) {
    std::vector<std::vector<double>> times(commands.size());
    ::sync();
    for (int r = 0; r < runs; ++r)
        for (std::size_t c = 0; c < commands.size(); ++c) {
            const Run run = runProgram(commands[c]);
            // find exits 1 when nothing matched: that is a result, not a failure.
            if (run.status != 0 && run.status != 1)
                std::fprintf(stderr, "%s exited with %d\n", commands[c][1].c_str(), run.status);
            times[c].push_back(run.seconds);
        }
    std::vector<double> out;
    for (const auto& t : times)
        out.push_back(median(t));
    return out;
}

void corpusTargets(const Settings& s) {
    const fs::path zip = s.work / "models.zip";
    std::fflush(stdout);
    // The corpus is written in a child, so that the memory it took is not this process's.
    const pid_t child = fork();
    if (child == 0) _exit(writeModelZip(zip, s.files) > 0 ? 0 : 1);
    int status = 0;
    if (child < 0 || waitpid(child, &status, 0) != child || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::fprintf(stderr, "cannot write the corpus\n");
        std::exit(2);
    }
    std::printf("find beside census: %d model bundles, %.1f MiB deflated, --jobs 2, medians of %d runs\n",
                s.files, static_cast<double>(fs::file_size(zip)) / 1048576.0, s.runs);
    const std::string in = zip.string();
    const std::vector<std::vector<std::string>> commands{
        {s.cli, "census", "--jobs", "2", in},
        {s.cli, "find", "--jobs", "2", "--field", "grub/header/blob_count", "--value", "999", in},
        {s.cli, "find", "--jobs", "2", "--field", "grub/blob_record/tag", "--value", "Modl", in},
        {s.cli, "find", "--jobs", "2", "--bytes", "de ad ?? ef", in},
        {s.cli, "find", "--jobs", "2", "--bytes", "6c 64 6f 4d", in}, // "Modl" as stored: every file
    };
    const std::vector<double> t = alternate(commands, s.runs);
    const double census = t[0];
    std::printf("  census                         %.3f s\n", census);
    const char* labels[] = {"", "find --field, no match      ", "find --field, every file    ",
                            "find --bytes, no match      ", "find --bytes, every file    "};
    for (std::size_t i = 1; i < t.size(); ++i) {
        const double goal = i <= 2 ? 1.2 : 1.5;
        std::printf("  %s  %.3f s  %.2fx census   target <= %.1f: %s\n", labels[i], t[i], t[i] / census, goal,
                    verdict(t[i] <= goal * census));
    }
    fs::remove(zip);
}

void pgeoTargets(const Settings& s) {
    const SharedBytes bytes = shareBytes(pgeo::makeLargeFile(s.records));
    std::printf("find in one file: a %llu-record .pgeo, %.1f MiB in memory, best of %d\n",
                static_cast<unsigned long long>(s.records), static_cast<double>(bytes->size()) / 1048576.0,
                s.runs);
    const FindTarget target{"c50_props_do.pgeo", "c50_props_do.pgeo", bytes, nullptr, {}};
    const std::pair<FindKind, const char*> searches[] = {
        {FindKind::Bytes, "de ad ?? ef"}, {FindKind::Bytes, "00 00 80 3f"}, {FindKind::Text, "BLD_"}};
    for (const auto& [kind, text] : searches) {
        const CompiledFind query = compileFind({kind, text, {}});
        if (!query.ok()) continue;
        FindControl control;
        control.maxMatches = 1000;
        double best = 1e9;
        std::uint64_t total = 0;
        for (int r = 0; r < s.runs; ++r) {
            const auto start = std::chrono::steady_clock::now();
            total = findInFile(target, *query.query, control).total;
            best = std::min(best,
                            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        }
        std::printf("  %-5s %-13s %10llu matches  %.3f s   target < 0.3: %s\n",
                    std::string(findKindName(kind)).c_str(), text, static_cast<unsigned long long>(total),
                    best, verdict(best < 0.3));
    }
}

} // namespace

int main(int argc, char** argv) {
    Settings s;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const char* value = i + 1 < argc ? argv[i + 1] : nullptr;
        if (a == "--cli" && value)
            s.cli = argv[++i];
        else if (a == "--runs" && value)
            s.runs = std::atoi(argv[++i]);
        else if (a == "--files" && value)
            s.files = std::atoi(argv[++i]);
        else if (a == "--records" && value)
            s.records = std::strtoull(argv[++i], nullptr, 10);
        else {
            std::fprintf(stderr, "usage: bench_find --cli PATH [--runs K] [--files N] [--records N]\n");
            return 2;
        }
    }
    s.work = fs::temp_directory_path() / ("bench_find_" + std::to_string(::getpid()));
    fs::create_directories(s.work);
    corpusTargets(s);
    pgeoTargets(s);
    fs::remove_all(s.work);
    return 0;
}
