#pragma once

#include "census/census.h"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace assetscope::cli {

// A progress line on stderr for long runs (census, stats): files done / found, MB/s, elapsed time and
// an estimate of what is left, rewritten in place a few times a second and erased when the run
// ends. Only stderr is written, so stdout stays the command's output byte for byte.
class ProgressLine {
public:
    // `command` starts the line: "census: 12 / 40 files, ...".
    explicit ProgressLine(const CensusProgress& progress, const char* command = "census");
    ~ProgressLine(); // erases the line
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;

    // Whether a progress line belongs on stderr by default: when it is a terminal.
    static bool stderrIsTerminal();

private:
    void run();
    void draw();

    const CensusProgress& m_progress;
    const char* m_command;
    const std::chrono::steady_clock::time_point m_start = std::chrono::steady_clock::now();
    std::size_t m_width = 0; // of the line last drawn, to blank it
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stop = false;
    std::thread m_thread;
};

} // namespace assetscope::cli
