#pragma once

#include "census/census.h"

#include <QString>

#include <atomic>
#include <cstdint>
#include <functional>

class QFutureWatcherBase;
class QObject;
class QProgressBar;

namespace assetscope::app {

// What the folder dialogs (census, values across a folder) show while their run goes on: the
// files read against the files found so far, on a bar that only takes int.
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

// What a folder dialog shares with its run on a worker thread: the counts it polls and the flag
// that stops the run. Held through a shared_ptr, so a run outlives a dialog closed under it.
struct FolderRunShared {
    CensusProgress progress;
    std::atomic<bool> cancel{false};
};

// Calls `poll` on `owner`'s thread every 100 ms until `watcher` finishes, so a dialog shows the
// run's counts without ever waiting on it. Connected before the dialog's own `finished` handler,
// the polling has stopped by the time that handler runs.
void pollUntilFinished(QObject& owner, QFutureWatcherBase& watcher, const std::function<void()>& poll);

} // namespace assetscope::app
