#pragma once

#include "bytes/byte_view.h"
#include "views/document_pane.h"

#include <QTableWidget>

namespace assetscope::app {

// What the bytes at the hex cursor read as (core's inspectBytes), one reading a row.
class DataInspector : public QTableWidget, public DocumentPane {
    Q_OBJECT
public:
    explicit DataInspector(QWidget* parent = nullptr);
    void documentChanged(DocumentView* view, const Document* document) override;
    void cursorMoved(DocumentView& view, std::uint64_t offset) override;
    void showBytes(SharedBytes bytes, std::uint64_t offset);
    QString valueOf(const QString& label) const; // for tests
};

} // namespace assetscope::app
