#include "progress_line.h"

#include <cstdio>
#include <string>
#include <unistd.h>

namespace assetscope::cli {

namespace {

std::string clock(double seconds) {
    const auto s = static_cast<long long>(seconds);
    char text[32];
    if (s >= 3600)
        std::snprintf(text, sizeof text, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
    else
        std::snprintf(text, sizeof text, "%lld:%02lld", s / 60, s % 60);
    return text;
}

constexpr auto kInterval = std::chrono::milliseconds(250);

} // namespace

bool ProgressLine::stderrIsTerminal() {
    return ::isatty(STDERR_FILENO) == 1;
}

ProgressLine::ProgressLine(const CensusProgress& progress, const char* command)
    : m_progress(progress), m_command(command), m_thread([this] { run(); }) {}

ProgressLine::~ProgressLine() {
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    m_thread.join();
    // Blank the line and return to its start: what follows on the terminal starts clean.
    std::fprintf(stderr, "\r%*s\r", static_cast<int>(m_width), "");
    std::fflush(stderr);
}

void ProgressLine::run() {
    std::unique_lock lock(m_mutex);
    do {
        draw();
    } while (!m_wake.wait_for(lock, kInterval, [this] { return m_stop; }));
}

void ProgressLine::draw() {
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
    const std::uint64_t done = m_progress.done.load(std::memory_order_relaxed);
    const std::uint64_t found = m_progress.found.load(std::memory_order_relaxed);
    const double megabytes = static_cast<double>(m_progress.bytes.load(std::memory_order_relaxed)) / 1e6;
    char line[160];
    int n = std::snprintf(line, sizeof line, "%s: %llu / %llu files, %.1f MB/s, %s elapsed", m_command,
                          static_cast<unsigned long long>(done), static_cast<unsigned long long>(found),
                          elapsed > 0 ? megabytes / elapsed : 0.0, clock(elapsed).c_str());
    // The estimate counts the files found so far: the walk may still be finding more.
    if (done > 0 && found > done && n > 0 && n < static_cast<int>(sizeof line))
        n += std::snprintf(
            line + n, sizeof line - static_cast<std::size_t>(n), ", about %s left",
            clock(elapsed * static_cast<double>(found - done) / static_cast<double>(done)).c_str());
    const auto width = static_cast<std::size_t>(std::max(n, 0));
    // Pad over a longer line drawn before.
    std::fprintf(stderr, "\r%s%*s", line, static_cast<int>(m_width > width ? m_width - width : 0), "");
    std::fflush(stderr);
    m_width = std::max(m_width, width);
}

} // namespace assetscope::cli
