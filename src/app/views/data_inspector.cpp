#include "views/data_inspector.h"

#include "document.h"
#include "document/byte_readings.h"
#include "views/document_view.h"

#include <QHeaderView>

namespace assetscope::app {

DataInspector::DataInspector(QWidget* parent) : QTableWidget(parent) {
    setColumnCount(2);
    setHorizontalHeaderLabels({tr("Reading"), tr("Value")});
    horizontalHeader()->setStretchLastSection(true);
    verticalHeader()->hide();
    setEditTriggers(NoEditTriggers);
    setSelectionBehavior(SelectRows);
    setAlternatingRowColors(true);
    setWordWrap(false);
}

void DataInspector::showBytes(SharedBytes bytes, std::uint64_t offset) {
    const auto rows = bytes ? inspectBytes(*bytes, offset) : std::vector<InspectorRow>{};
    setRowCount(static_cast<int>(rows.size()));
    for (int i = 0; i < static_cast<int>(rows.size()); ++i) {
        const auto& row = rows[static_cast<std::size_t>(i)];
        auto* label = new QTableWidgetItem(QString::fromStdString(row.label));
        auto* value = new QTableWidgetItem(row.value.empty() ? tr("(past the end)")
                                                             : QString::fromStdString(row.value));
        if (row.value.empty()) value->setForeground(palette().color(QPalette::PlaceholderText));
        setItem(i, 0, label);
        setItem(i, 1, value);
    }
    resizeColumnToContents(0);
    resizeRowsToContents();
}

QString DataInspector::valueOf(const QString& label) const {
    for (int i = 0; i < rowCount(); ++i)
        if (item(i, 0)->text() == label) return item(i, 1)->text();
    return {};
}

void DataInspector::documentChanged(DocumentView* view, const Document*) {
    if (!view) showBytes(nullptr, 0);
}

void DataInspector::cursorMoved(DocumentView& view, std::uint64_t offset) {
    showBytes(view.document().bytes, offset);
}

} // namespace assetscope::app
