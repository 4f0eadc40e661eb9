#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
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
