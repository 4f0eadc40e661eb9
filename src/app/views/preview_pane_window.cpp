// The 3D pane in the window: its picks, texels and choices told to the window's context, the
// table pane's marks shown, the remembered choices read back.
#include "document.h"
#include "game_roots.h"
#include "models/structure_model.h"
#include "views/document_context.h"
#include "views/document_view.h"
#include "views/preview_pane.h"

#include <QSettings>

#include <algorithm>

namespace assetscope::app {

void PreviewPane::attached(DocumentContext& context) {
    // Where a cell's models' looks are resolved first.
    setGameRoots(context.gameRoots().roots());
    setResolvers(context.gameRoots().resolvers());
    connect(&context.gameRoots(), &GameRoots::rootsChanged, this, &PreviewPane::setGameRoots);
    connect(this, &PreviewPane::instancePicked, this, &PreviewPane::selectPickedInstance);
    connect(this, &PreviewPane::meshPicked, this, &PreviewPane::selectPickedMesh);
    connect(this, &PreviewPane::texelHovered, this,
            [&context](const TexelProbe& probe) { context.hoverTexel(probe); });
    connect(this, &PreviewPane::texelHoverLeft, this, [&context] { context.hoverTexel(std::nullopt); });
    connect(this, &PreviewPane::texelClicked, this,
            [&context](const TexelProbe& probe) { context.clickTexel(probe); });
    connect(this, &PreviewPane::modelPlacesChanged, this, [&context](const QStringList& places) {
        context.remember(QStringLiteral("modelPlaces"), places);
    });
    connect(this, &PreviewPane::surfaceColorsChanged, this,
            [&context](int colors) { context.remember(QStringLiteral("previewColors"), colors); });
    connect(this, &PreviewPane::texturesMissing, this, &PreviewPane::showTexturesMissing);
}

void PreviewPane::restoreSettings(const QSettings& settings) {
    setModelPlaces(settings.value(QStringLiteral("modelPlaces")).toStringList());
    setSurfaceColors(settings.value(QStringLiteral("previewColors"), 0).toInt());
}

void PreviewPane::marked(const PaneMark& mark) {
    if (mark.row.kind == RowMark::Kind::Instance) highlightInstance(static_cast<qint64>(mark.row.index));
    if (mark.row.kind == RowMark::Kind::Triangle)
        highlightTriangle(mark.subject, static_cast<qint64>(mark.row.index));
}

void PreviewPane::selectPickedInstance(qint64 instance) {
    DocumentView* view = context() ? context()->currentView() : nullptr;
    if (!view || instance < 0 || !view->document().placements) return;
    const InstanceGroup* group = view->document().placements->groupOf(static_cast<std::uint64_t>(instance));
    if (group && group->array != kNoNode)
        context()->jumpToNode(
            view->model()->element(group->array, static_cast<std::uint64_t>(instance) - group->first));
}

void PreviewPane::selectPickedMesh(const Subject& subject, quint32 node, qint64 triangle) {
    DocumentView* view = context() ? context()->currentView() : nullptr;
    if (!view || !view->document().parsed) return;
    if (node == kNoNode) node = view->document().parsed->nodeOf(subject);
    if (node == kNoNode) return;
    context()->jumpToNode(node);
    // The table pane shows the mesh's triangles now: the picked one is selected there.
    const RowMark row{RowMark::Kind::Triangle, static_cast<std::uint64_t>(std::max<qint64>(triangle, 0))};
    context()->mark({row, subject}, this);
}

void PreviewPane::showTexturesMissing(const QString& text) {
    if (!context()) return;
    // Shown for a while (the pane keeps its own line of it), or until a drawing without anything
    // missing clears it.
    if (!text.isEmpty())
        context()->showStatus(text, 20000);
    else if (!m_statusShown.isEmpty())
        context()->clearStatus(m_statusShown);
    m_statusShown = text;
}

} // namespace assetscope::app
