#include "views/data_inspector.h"

#include "contract/byte_readings.h"
#include "document.h"
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
    m_bytes = std::move(bytes);
    m_offset = offset;
    refill();
}

void DataInspector::showTexel(const std::optional<TexelProbe>& probe) {
    m_texel = probe;
    refill();
}

void DataInspector::refill() {
    std::vector<std::pair<QString, QString>> rows;
    if (m_texel) {
        rows.emplace_back(tr("Texel"), m_texel->positionText());
        rows.emplace_back(tr("Texel value"), m_texel->valueText);
        rows.emplace_back(m_texel->block ? tr("Texel block") : tr("Texel bytes"), m_texel->bytesText());
    }
    for (const InspectorRow& row : m_bytes ? inspectBytes(*m_bytes, m_offset) : std::vector<InspectorRow>{})
        rows.emplace_back(QString::fromStdString(row.label), QString::fromStdString(row.value));
    setRowCount(static_cast<int>(rows.size()));
    for (int i = 0; i < static_cast<int>(rows.size()); ++i) {
        const auto& [label, text] = rows[static_cast<std::size_t>(i)];
        auto* value = new QTableWidgetItem(text.isEmpty() ? tr("(past the end)") : text);
        if (text.isEmpty()) value->setForeground(palette().color(QPalette::PlaceholderText));
        setItem(i, 0, new QTableWidgetItem(label));
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

void DataInspector::placeShown(const Document& document, NodeId, std::uint64_t offset) {
    showBytes(document.bytes, offset);
}

void DataInspector::documentChanged(DocumentView* view, const Document*) {
    m_texel.reset();
    if (!view) showBytes(nullptr, 0);
}

void DataInspector::cursorMoved(DocumentView& view, std::uint64_t offset) {
    showBytes(view.document().bytes, offset);
}

} // namespace assetscope::app
