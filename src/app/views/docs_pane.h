#pragma once

#include "views/doc_comparison.h"
#include "views/document_pane.h"

#include <QWidget>

class QLabel;

namespace assetscope::app {

// The selected field's documented row (structure, documented offset, size, type, confidence,
// note) beside where it was actually read; a mismatch is spelled out in red.
class DocsPane : public QWidget, public DocumentPane {
    Q_OBJECT
public:
    explicit DocsPane(QWidget* parent = nullptr);
    void documentChanged(DocumentView* view, const Document* document) override;
    void nodeSelected(DocumentView& view, NodeId node) override;
    void showNode(const StructureTree* tree, NodeId id);
    const DocComparison& comparison() const { return m_comparison; }
    QString text() const; // the pane's text without markup (tests, copy)

private:
    QLabel* m_label = nullptr;
    DocComparison m_comparison;
};

} // namespace assetscope::app
