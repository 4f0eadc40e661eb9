#include "dialogs/folder_run_progress.h"

#include <QCoreApplication>
#include <QLocale>
#include <QProgressBar>

#include <algorithm>

namespace assetscope::app {

namespace {
QString tr(const char* text) {
    return QCoreApplication::translate("FolderRun", text);
}
} // namespace

void showFolderProgress(QProgressBar& bar, std::uint64_t found, std::uint64_t done) {
    // Progress bars take int: big counts are scaled down.
    const int total = static_cast<int>(std::min<std::uint64_t>(found, 1'000'000));
    bar.setRange(0, total);
    bar.setValue(found ? static_cast<int>(std::min(done, found) * static_cast<std::uint64_t>(total) / found)
                       : 0);
}

QString countText(std::uint64_t count) {
    return QLocale().toString(static_cast<qulonglong>(count));
}

QString folderRunStatus(const FolderRunState& s, const QString& folder) {
    if (s.finished)
        return (s.cancelled ? tr("Cancelled after %1 of %2 files under %3.")
                            : tr("Read %1 of %2 files under %3."))
            .arg(countText(s.done), countText(s.found), folder);
    if (s.cancelled) return tr("Stopping…");
    if (s.listing && s.done == 0) return tr("Listing %1… %2 files found").arg(folder, countText(s.found));
    return tr("Reading %1 of %2 files…").arg(countText(s.done), countText(s.found));
}

} // namespace assetscope::app
