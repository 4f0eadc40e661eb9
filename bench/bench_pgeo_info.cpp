// Times `assetscope-cli info` on a generated 1,000,000-record .pgeo against `cksum` on the same
// file, run alternately so that both see the same page cache and machine load. The target:
// info takes at most twice the time of cksum. Also reports info's peak memory against the file size.
//
// usage: bench_pgeo_info [--cli PATH] [--records N] [--runs K] [--keep]
#include "formats/pgeo/pgeo_handler.h"
#include "formats/pgeo/pgeo_samples.h"
#include "input/input_path.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <spawn.h>
#include <string>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace {

struct Run {
    double seconds = 0;
    double cpuSeconds = 0; // user + system time of the child
    long maxRssKiB = 0;
    int status = -1;
};

// Runs a program with its output discarded; wall time and peak resident memory of the child.
Run timeProgram(const std::vector<std::string>& argv) {
    std::vector<char*> args;
    for (const auto& a : argv)
        args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    Run run;
    const auto start = std::chrono::steady_clock::now();
    pid_t pid = 0;
    if (posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ) != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return run;
    }
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    run.maxRssKiB = usage.ru_maxrss;
    run.cpuSeconds = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                     static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
    run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    posix_spawn_file_actions_destroy(&actions);
    return run;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

} // namespace

int main(int argc, char** argv) {
    std::string cli = "assetscope-cli";
    std::uint64_t records = 1000000;
    int runs = 7;
    bool keep = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--cli" && i + 1 < argc)
            cli = argv[++i];
        else if (a == "--records" && i + 1 < argc)
            records = std::strtoull(argv[++i], nullptr, 10);
        else if (a == "--runs" && i + 1 < argc)
            runs = std::max(1, std::atoi(argv[++i]));
        else if (a == "--keep")
            keep = true;
        else {
            std::fprintf(stderr, "usage: bench_pgeo_info [--cli PATH] [--records N] [--runs K] [--keep]\n");
            return 2;
        }
    }

    namespace fs = std::filesystem;
    char pattern[] = "/tmp/bench_pgeo_XXXXXX";
    if (!mkdtemp(pattern)) {
        std::perror("mkdtemp");
        return 2;
    }
    const fs::path dir = fs::path(pattern) / assetscope::pgeo::kLargeFileFolder;
    fs::create_directories(dir);
    const fs::path file = dir / assetscope::pgeo::kLargeFileName;
    // Generated in a child process, so that this process stays small: a spawned child's peak
    // memory counts what it shared with its parent before exec.
    const pid_t maker = fork();
    if (maker == 0) {
        const auto bytes = assetscope::pgeo::makeLargeFile(records);
        std::ofstream out(file, std::ios::binary);
        out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
        _exit(out ? 0 : 1);
    }
    int makerStatus = 0;
    if (maker < 0 || waitpid(maker, &makerStatus, 0) != maker || !WIFEXITED(makerStatus) ||
        WEXITSTATUS(makerStatus) != 0) {
        std::fprintf(stderr, "cannot write %s\n", file.c_str());
        return 2;
    }
    const auto size = fs::file_size(file);
    std::printf("file: %s (%llu records, %llu bytes)\n", file.c_str(),
                static_cast<unsigned long long>(records), static_cast<unsigned long long>(size));

    const std::vector<std::string> info{cli, "info", file.string()};
    const std::vector<std::string> cksum{"cksum", file.string()};
    // Warm the page cache and check that both programs work.
    const Run warmInfo = timeProgram(info);
    const Run warmSum = timeProgram(cksum);
    if (warmInfo.status != 0 || warmSum.status != 0) {
        std::fprintf(stderr, "info exited with %d, cksum with %d\n", warmInfo.status, warmSum.status);
        return 2;
    }

    // Wall time is what a user waits; CPU time (user + system) is what the programs cost, and
    // stays meaningful when other work shares the machine. Both are reported.
    std::vector<double> infoWall, sumWall, infoCpu, sumCpu;
    long peakRss = 0;
    std::printf("%-4s %10s %10s %7s   %10s %10s %7s\n", "run", "info wall", "cksum wall", "ratio", "info cpu",
                "cksum cpu", "ratio");
    for (int k = 0; k < runs; ++k) {
        const Run a = timeProgram(info);
        const Run b = timeProgram(cksum);
        infoWall.push_back(a.seconds);
        sumWall.push_back(b.seconds);
        infoCpu.push_back(a.cpuSeconds);
        sumCpu.push_back(b.cpuSeconds);
        peakRss = std::max(peakRss, a.maxRssKiB);
        std::printf("%-4d %10.4f %10.4f %7.2f   %10.4f %10.4f %7.2f\n", k + 1, a.seconds, b.seconds,
                    a.seconds / b.seconds, a.cpuSeconds, b.cpuSeconds,
                    a.cpuSeconds / std::max(b.cpuSeconds, 1e-3));
    }
    const double wallRatio = median(infoWall) / median(sumWall);
    const double bestRatio = *std::min_element(infoWall.begin(), infoWall.end()) /
                             *std::min_element(sumWall.begin(), sumWall.end());
    const double cpuRatio = median(infoCpu) / std::max(median(sumCpu), 1e-3);
    std::printf("median wall: info %.4f s, cksum %.4f s, ratio %.2f\n", median(infoWall), median(sumWall),
                wallRatio);
    std::printf("best wall:   info %.4f s, cksum %.4f s, ratio %.2f\n",
                *std::min_element(infoWall.begin(), infoWall.end()),
                *std::min_element(sumWall.begin(), sumWall.end()), bestRatio);
    std::printf("median cpu:  info %.4f s, cksum %.4f s, ratio %.2f\n", median(infoCpu), median(sumCpu),
                cpuRatio);
    std::printf("target (median wall ratio <= 2.00): %s\n", wallRatio <= 2.0 ? "met" : "MISSED");
    std::printf("info peak memory: %.1f MiB for a %.1f MiB file (%.2fx)\n", peakRss / 1024.0,
                static_cast<double>(size) / (1 << 20), peakRss * 1024.0 / static_cast<double>(size));
    const double ratio = wallRatio;
    // Where info's time goes, measured in this process: loading the file as the CLI does, and the
    // .pgeo parse with every strict check.
    std::vector<double> readTimes, parseTimes;
    for (int k = 0; k < std::min(runs, 5); ++k) {
        const auto t0 = std::chrono::steady_clock::now();
        const assetscope::LoadedInput loaded = assetscope::loadInput(file.string());
        const auto t1 = std::chrono::steady_clock::now();
        if (!loaded.ok()) {
            std::fprintf(stderr, "%s\n", loaded.error.c_str());
            return 2;
        }
        assetscope::ParseSettings settings;
        settings.fileName = assetscope::pgeo::kLargeFileName;
        const auto parsed = assetscope::pgeo::pgeoHandler().parse(loaded.bytes, settings);
        const auto t2 = std::chrono::steady_clock::now();
        readTimes.push_back(std::chrono::duration<double>(t1 - t0).count());
        parseTimes.push_back(std::chrono::duration<double>(t2 - t1).count());
        if (parsed->tree().errorCount() != 0) std::printf("unexpected refusals in the generated file\n");
    }
    std::printf("in process: load %.4f s, pgeo parse + checks %.4f s (medians)\n", median(readTimes),
                median(parseTimes));
    if (!keep)
        fs::remove_all(pattern);
    else
        std::printf("kept %s\n", file.c_str());
    return ratio <= 2.0 ? 0 : 1;
}
