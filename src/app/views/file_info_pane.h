#pragma once

#include "views/document_pane.h"

#include <QTreeWidget>

namespace assetscope::app {

// Properties of the file in front: input, size, format and what its reader reports, node and
// diagnostic counts, unaccounted bytes, reading time.
class FileInfoPane : public QTreeWidget, public DocumentPane {
    Q_OBJECT
public:
    explicit FileInfoPane(QWidget* parent = nullptr);

    void documentChanged(DocumentView* view, const Document* document) override;

private:
    void add(const QString& label, const QString& value);
};

} // namespace assetscope::app
