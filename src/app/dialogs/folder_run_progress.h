#pragma once

#include <QString>

#include <cstdint>

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

} // namespace assetscope::app
