#pragma once

#include "bytes/byte_view.h"
#include "views/document_pane.h"
#include "views/texel_probe.h"

#include <optional>

#include <QTableWidget>

namespace assetscope::app {

// What the bytes at the hex cursor read as (core's inspectBytes), one reading a row; above them,
// while a texture is shown, the texel under the mouse (or last clicked): where it is, its value
// and the bytes that hold it.
class DataInspector : public QTableWidget, public DocumentPane {
    Q_OBJECT
public:
    explicit DataInspector(QWidget* parent = nullptr);
    void documentChanged(DocumentView* view, const Document* document) override;
    void cursorMoved(DocumentView& view, std::uint64_t offset) override;
    void texelShown(const std::optional<TexelProbe>& probe) override { showTexel(probe); }
    // A comparison's side: the bytes at its cursor.
    void placeShown(const Document& document, NodeId node, std::uint64_t offset) override;
    void showBytes(SharedBytes bytes, std::uint64_t offset);
    // The texel rows; nullopt removes them.
    void showTexel(const std::optional<TexelProbe>& probe);
    QString valueOf(const QString& label) const; // for tests

private:
    void refill();

    SharedBytes m_bytes;
    std::uint64_t m_offset = 0;
    std::optional<TexelProbe> m_texel;
};

} // namespace assetscope::app
