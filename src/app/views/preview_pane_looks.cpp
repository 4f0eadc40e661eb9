// The 3D pane's looks: the choice of surface colours (textured, vertex colour, plain), remembered
// by the window, and what the drawing's looks did not find, said in the window's status bar.
#include "document.h"
#include "scene_looks.h"
#include "views/preview_pane.h"
#include "views/preview_view.h"

#include <QComboBox>
#include <QLabel>
#include <QToolBar>

#include <algorithm>

namespace assetscope::app {

void PreviewPane::setSurfaceColors(int colors) {
    if (!m_colors) return;
    colors = std::clamp(colors, 0, m_colors->count() - 1);
    m_colors->setCurrentIndex(colors);
    if (m_view) m_view->setColors(static_cast<PreviewView::Colors>(colors));
}

void PreviewPane::reportLooks(const std::vector<std::string>& notes) {
    m_texturesMissing = missingTexturesText(notes);
    constexpr std::size_t kShownNotes = 20;
    QStringList lines;
    for (std::size_t i = 0; i < notes.size() && i < kShownNotes; ++i)
        lines << QString::fromStdString(notes[i]);
    if (notes.size() > kShownNotes) lines << tr("… and %1 more").arg(notes.size() - kShownNotes);
    m_looksStatus->setText(m_texturesMissing);
    m_looksStatus->setToolTip(lines.join(QLatin1Char('\n')));
    m_looksStatus->setVisible(!m_texturesMissing.isEmpty());
    emit texturesMissing(m_texturesMissing);
}

const std::vector<std::string>& PreviewPane::placedLookNotes() const {
    if (m_foundModels) return m_foundLookNotes;
    static const std::vector<std::string> none;
    return m_document ? m_document->looks.notes : none;
}

} // namespace assetscope::app
