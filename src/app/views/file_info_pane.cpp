#include "views/file_info_pane.h"

#include "document.h"

#include <QHeaderView>
#include <QLocale>

namespace assetscope::app {

FileInfoPane::FileInfoPane(QWidget* parent) : QTreeWidget(parent) {
    setObjectName(QStringLiteral("fileInfo"));
    setHeaderLabels({tr("Property"), tr("Value")});
    setRootIsDecorated(false);
    header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
}

void FileInfoPane::add(const QString& label, const QString& value) {
    auto* item = new QTreeWidgetItem(this, {label, value});
    item->setToolTip(1, value);
}

void FileInfoPane::documentChanged(DocumentView*, const Document* document) {
    clear();
    if (!document) return;
    add(tr("Input"), document->input);
    if (document->bytes)
        add(tr("Size"),
            tr("%1 bytes").arg(QLocale().toString(static_cast<qulonglong>(document->bytes->size()))));
    if (document->archive) {
        add(tr("Format"), tr("zip archive"));
        add(tr("Entries"), QString::number(document->archive->entries().size()));
        return;
    }
    if (!document->parsed) return;
    add(tr("Format"), QString::fromUtf8(document->parsed->format()));
    for (const auto& [label, value] : document->parsed->info())
        add(QString::fromStdString(label), QString::fromStdString(value));
    const StructureTree& tree = document->parsed->tree();
    add(tr("Nodes"), QLocale().toString(static_cast<qulonglong>(tree.nodeCount())));
    add(tr("Diagnostics"), tr("%1 errors, %2 warnings").arg(tree.errorCount()).arg(tree.warningCount()));
    std::uint64_t gaps = 0;
    for (const auto& r : document->unaccounted)
        gaps += r.end - r.begin;
    add(tr("Unaccounted"), tr("%1 bytes in %2 ranges").arg(gaps).arg(document->unaccounted.size()));
    add(tr("Read in"), tr("%1 s").arg(document->seconds, 0, 'f', 3));
}

} // namespace assetscope::app
