#pragma once

#include "archive/zip_archive.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace assetscope::app {

struct ZipExportResult {
    int written = 0;
    QStringList skipped; // "name: why" for folders, symlinks, unsafe names, unreadable entries
};

// Writes the given entries of `source` (decompressed by core) into a new zip at `zipPath` with
// QuaZip, keeping their names. Folders, symlinks and names that would escape an extraction folder
// are left out and listed. False with `error` when the zip cannot be written.
bool exportEntriesToZip(const archive::ZipArchive& source,
                        const std::vector<const archive::ZipEntry*>& entries, const QString& zipPath,
                        ZipExportResult& result, QString& error);

} // namespace assetscope::app
