#pragma once

#include "census/census.h"

#include <QString>

#include <atomic>
#include <cstdint>

class QProgressBar;

namespace assetscope::app {

// What the folder dialogs show while their run goes on (FolderRunner::show): the files read
// against the files found so far, on a bar that only takes int.
void showFolderProgress(QProgressBar& bar, std::uint64_t found, std::uint64_t done);

// A count as the dialogs print it, in the user's locale ("7,412").
QString countText(std::uint64_t count);

// The status line of a folder run: listing, reading, cancelled or finished.
struct FolderRunState {
    std::uint64_t found = 0;
    std::uint64_t done = 0;
    bool listing = false; // the walk has not finished (so `found` is no total yet)
    bool finished = false;
    bool cancelled = false;
};
QString folderRunStatus(const FolderRunState& state, const QString& folder);

// What a folder run shares with its work on a worker thread: the counts it polls, the flag that
// stops the work and, for a work that lists every file before reading any (the census), whether
// it has finished listing. Held through a shared_ptr, so a run outlives a dialog closed under it.
struct FolderRunShared {
    CensusProgress progress;
    std::atomic<bool> cancel{false};
    std::atomic<bool> walked{false};
};

} // namespace assetscope::app
