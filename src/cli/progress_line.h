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

// Runs a walk (census, stats) with the progress line on stderr when `always` (--progress) asks
// for it, or when stderr is a terminal and `never` (--quiet) does not forbid it; `slot` is the
// walk options' progress pointer, set for the length of the walk.
template <typename Walk>
auto withProgressLine(bool always, bool never, CensusProgress*& slot, const char* command, Walk&& walk) {
    if (!always && (never || !ProgressLine::stderrIsTerminal())) return walk();
    CensusProgress progress;
    slot = &progress;
    const ProgressLine line(progress, command);
    auto result = walk();
    slot = nullptr;
    return result;
}

} // namespace assetscope::cli
