#include "models/field_finding.h"

#include "dialogs/folder_run_progress.h"

#include <QCoreApplication>

namespace assetscope::app {

namespace {
QString tr(const char* text) {
    return QCoreApplication::translate("FieldFinding", text);
}
} // namespace

QString folderFinding(const FieldStats& stats, std::uint64_t filesRead) {
    if (stats.occurrences == 0 || stats.values.empty())
        return tr("not in any of the %1 supported files read").arg(countText(filesRead));
    const FieldValueCount& top = stats.values.front();
    QString text = tr("%1 in %2 of %3 files")
                       .arg(QString::fromStdString(top.value), countText(top.files), countText(stats.files));
    QStringList more;
    if (stats.occurrences != stats.files)
        more << tr("%1 of %2 occurrences").arg(countText(top.count), countText(stats.occurrences));
    if (stats.distinct == 1)
        more << tr("no other value");
    else
        more << (stats.distinctIsLowerBound ? tr("at least %1 distinct values") : tr("%1 distinct values"))
                    .arg(countText(stats.distinct));
    if (stats.distinct > 1 && !stats.min.empty() && !stats.max.empty())
        more << tr("from %1 to %2").arg(QString::fromStdString(stats.min), QString::fromStdString(stats.max));
    if (filesRead > stats.files) more << tr("%1 supported files read in all").arg(countText(filesRead));
    return text + QStringLiteral(" (") + more.join(QStringLiteral(", ")) + QLatin1Char(')');
}

} // namespace assetscope::app
