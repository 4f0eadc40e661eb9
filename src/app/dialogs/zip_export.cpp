#include "dialogs/zip_export.h"

#include "input/atomic_file.h"

#include <quazip.h>
#include <quazipfile.h>
#include <quazipnewinfo.h>

namespace assetscope::app {

namespace {

// The zip as QuaZip writes it, at `zipPath` (the temporary file the export replaces the chosen
// one with).
bool writeEntries(const archive::ZipArchive& source, const std::vector<const archive::ZipEntry*>& entries,
                  const QString& zipPath, ZipExportResult& result, QString& error) {
    QuaZip zip(zipPath);
    zip.setUtf8Enabled(true);
    if (!zip.open(QuaZip::mdCreate)) {
        error = QObject::tr("cannot create %1 (QuaZip error %2)").arg(zipPath).arg(zip.getZipError());
        return false;
    }
    for (const archive::ZipEntry* entry : entries) {
        const QString name = QString::fromStdString(entry->name);
        if (entry->directory || entry->symlink || entry->unsafeName ||
            archive::isUnsafeEntryName(entry->name)) {
            result.skipped << QObject::tr("%1: %2").arg(name, entry->directory ? QObject::tr("folder")
                                                              : entry->symlink ? QObject::tr("symlink")
                                                                               : QObject::tr("unsafe name"));
            continue;
        }
        std::string readError;
        const std::optional<Bytes> bytes = source.read(*entry, archive::Limits{}, readError);
        if (!bytes) {
            result.skipped << QObject::tr("%1: %2").arg(name, QString::fromStdString(readError));
            continue;
        }
        QuaZipFile out(&zip);
        if (!out.open(QIODevice::WriteOnly, QuaZipNewInfo(name))) {
            error = QObject::tr("cannot add %1 (QuaZip error %2)").arg(name).arg(out.getZipError());
            zip.close();
            return false;
        }
        const qint64 size = static_cast<qint64>(bytes->size());
        if (out.write(reinterpret_cast<const char*>(bytes->data()), size) != size) {
            error = QObject::tr("cannot write %1").arg(name);
            out.close();
            zip.close();
            return false;
        }
        out.close();
        ++result.written;
    }
    zip.close();
    if (zip.getZipError() != 0) {
        error = QObject::tr("closing %1 failed (QuaZip error %2)").arg(zipPath).arg(zip.getZipError());
        return false;
    }
    return true;
}

} // namespace

bool exportEntriesToZip(const archive::ZipArchive& source,
                        const std::vector<const archive::ZipEntry*>& entries, const QString& zipPath,
                        ZipExportResult& result, QString& error) {
    // QuaZip writes the file itself, so it writes the temporary one: a failed export leaves the
    // chosen file as it was, not a zip cut short.
    QString writeError;
    std::string placeError;
    const bool ok = writeFileAtomicallyWith(
        zipPath.toStdString(),
        [&](const std::filesystem::path& temporary, std::string&) {
            result = {};
            return writeEntries(source, entries, QString::fromStdString(temporary.string()), result,
                                writeError);
        },
        placeError);
    if (!ok) error = writeError.isEmpty() ? QString::fromStdString(placeError) : writeError;
    return ok;
}

} // namespace assetscope::app
