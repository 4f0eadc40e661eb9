#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <exception>
#include <string>
#include <vector>

// Running the programs a benchmark compares: wall time, CPU time and peak memory of a child.
namespace assetscope::bench {

struct Run {
    double seconds = 0;
    double cpuSeconds = 0; // user + system time of the child
    long maxRssKiB = 0;
    int status = -1; // exit code; -1 when it did not start or exit normally
};

// Runs argv[0] (searched on PATH) with stdout written to `output` (/dev/null by default) and
// stderr discarded.
Run runProgram(const std::vector<std::string>& argv, const std::string& output = "/dev/null");

double median(std::vector<double> values);

// This process's CPU time, user and system: what the in-process figures count, which a shared
// machine's load stretches less than wall time.
inline double cpuSeconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

inline double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// "met" or "MISSED": a figure against its target.
inline const char* verdict(bool met) {
    return met ? "met" : "MISSED";
}

// Runs `make` in a child process, so that this process stays as small as it started (a spawned
// program's peak memory counts what it shared with its parent before exec). Exits, saying
// "cannot write <what>", when the child fails.
template <typename F> void inChild(F&& make, const char* what) {
    std::fflush(stdout);
    const pid_t child = fork();
    if (child == 0) {
        try {
            make();
        } catch (const std::exception& e) {
            std::fprintf(stderr, "%s\n", e.what());
            _exit(1);
        }
        _exit(0);
    }
    int status = 0;
    if (child < 0 || waitpid(child, &status, 0) != child || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::fprintf(stderr, "cannot write %s\n", what);
        std::exit(2);
    }
}

} // namespace assetscope::bench
