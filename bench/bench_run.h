#pragma once

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

} // namespace assetscope::bench
