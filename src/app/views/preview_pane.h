#pragma once

#include "contract/parsed_file.h"
#include "open/placement_models.h"
#include "scene/export_scene.h"
#include "views/document_pane.h"

#include <QStringList>
#include <QWidget>

#include <memory>
#include <optional>
#include <string>
#include <vector>

class QAction;
class QComboBox;
class QLabel;
class QMenu;
class QStackedWidget;
class QToolBar;

namespace Ui {
class PreviewPane;
}

namespace assetscope::materials {
class TextureImages;
}
namespace assetscope::resolve {
class ResolverPool;
}

namespace assetscope::app {

struct Document;
class PreviewView;
class TexturePane;
struct TexelProbe;

// The preview pane. For a file holding a texture: the texture as a picture (a TexturePane, which
// needs no OpenGL). Otherwise the 3D view: controls over a PreviewView, or a plain message where
// there is nothing to draw or no OpenGL 3.3 (the offscreen platform, an old driver) — everything
// else keeps working.
// For a document it draws core's export scene for the chosen LOD, material variant and season
// (a model, a MeshSet), or a placement file's instances as their models (boxes where no model
// was found) with its curves; it follows the selection and reports picks. Laid out in
// ui/preview_pane.ui (the 3D view itself is added where OpenGL is there).
// In the window, its picks, texels and choices go to the window's context (picking selects the
// node, a picked triangle's row is marked for the table pane), and the table pane's marks come
// back as highlights.
class PreviewPane : public QWidget, public DocumentPane {
    Q_OBJECT
public:
    explicit PreviewPane(QWidget* parent = nullptr);
    ~PreviewPane() override;
    void documentChanged(DocumentView* view, const Document* document) override;
    void nodeSelected(DocumentView& view, NodeId node) override;
    void marked(const PaneMark& mark) override;
    // The model places and the surface colours the window remembered.
    void restoreSettings(const QSettings& settings) override;

    // nullptr scene and no instances: show `reason` instead. Instances are placements drawn as
    // oriented unit boxes (row-vector world matrices).
    void setScene(const exporting::ExportScene* scene, const QString& reason,
                  const std::vector<exporting::Mat4>* instances = nullptr);
    // A document's geometry (nullptr: nothing). The document must outlive its use here.
    void setDocument(const Document* document);
    // Shows the subject: the scene mesh made from it alone (the whole scene when none is), on
    // the subject's LOD; a placed instance of it marked.
    void followSubject(const Subject& subject);
    void highlightInstance(qint64 instance);
    // Marks a triangle of the scene mesh made from `subject`.
    void highlightTriangle(const assetscope::Subject& subject, qint64 triangle);

    bool glAvailable() const { return m_view != nullptr && m_unavailable.isEmpty(); }
    QString message() const;
    QString status() const;
    PreviewView* view() const { return m_view; }
    TexturePane* texturePane() const { return m_texture; }
    bool showsTexture() const;
    QComboBox* lodBox() const { return m_lods; }
    QComboBox* variantBox() const { return m_variants; }
    QComboBox* seasonBox() const { return m_seasons; }
    QComboBox* meshBox() const { return m_meshes; }
    // Whether the toolbar offers the choice for the current document (a narrow toolbar may still
    // fold it into its overflow menu).
    bool offersLods() const;
    bool offersVariants() const;
    bool offersSeasons() const;
    // The folders and archives a placement file's models are looked for in after its own folder
    // (remembered by the window). Setting them looks the current file's models up again.
    QStringList modelPlaces() const { return m_modelPlaces; }
    void setModelPlaces(const QStringList& places);
    // The models the placements are drawn with: the document's, or those looked up since.
    const PlacementModels* placementModels() const;
    // The scene being drawn (meshes carry their subject and node); nullptr for placements.
    const exporting::ExportScene* drawnScene() const;
    // The window's decoded textures: every document it reads and every model lookup here share
    // them, so a texture is decoded once however many models and cells name it.
    std::shared_ptr<materials::TextureImages> textureImages() const { return m_textureImages; }
    // The window's game roots: where a cell's models' looks are resolved first.
    void setGameRoots(const QStringList& roots) { m_gameRoots = roots; }
    // The resolvers a cell's models' looks are resolved through: the window's (GameRoots), so
    // that the pane, the documents and the exports list an install once; the pane's own until set.
    void setResolvers(std::shared_ptr<resolve::ResolverPool> resolvers) {
        m_resolvers = std::move(resolvers);
    }
    // The colour lit surfaces take (PreviewView::Colors as an int; the window remembers it).
    QComboBox* colorsBox() const { return m_colors; }
    void setSurfaceColors(int colors);
    // What the drawing's looks did not find, as the status bar and the pane's line under the view
    // say it; empty when nothing.
    QString texturesMissingText() const { return m_texturesMissing; }

    // Whether this platform can give an OpenGL widget at all (not "offscreen" / "minimal").
    static bool platformHasOpenGL();

signals:
    // A triangle of a scene mesh was clicked: the mesh's source subject and tree node.
    void meshPicked(const assetscope::Subject& subject, quint32 node, qint64 triangle);
    void instancePicked(qint64 instance);
    // The person changed where models are looked for (the window remembers it).
    void modelPlacesChanged(const QStringList& places);
    // A model lookup finished and the placements were drawn again.
    void placementModelsFound();
    // The person chose how lit surfaces are coloured (the window remembers it).
    void surfaceColorsChanged(int colors);
    // A drawing started: what its looks did not find (missingTexturesText), empty when nothing.
    void texturesMissing(const QString& text);
    // The texture's texel under the mouse, the mouse leaving the picture, a texel clicked.
    void texelHovered(const assetscope::app::TexelProbe& probe);
    void texelHoverLeft();
    void texelClicked(const assetscope::app::TexelProbe& probe);

protected:
    void attached(DocumentContext& context) override;

private:
    // A pick in the window: the instance's element node, or the mesh's node and its triangle.
    void selectPickedInstance(qint64 instance);
    void selectPickedMesh(const assetscope::Subject& subject, quint32 node, qint64 triangle);
    // Says in the status bar what the drawing's looks did not find (until a drawing finds all).
    void showTexturesMissing(const QString& text);
    // What the form cannot hold: the style of its lines, the Models menu, the choices a file may
    // lack hidden; then the 3D view where OpenGL is there, its controls connected.
    void finishForm();
    void addView();
    void showMessage(const QString& text);
    // Shows the document's texture when it has one; else makes sure the 3D page is in front.
    bool showTexture(const Document* document);
    void rebuild();
    // rebuild's two halves: a placement file's instances, and a scene's meshes.
    void rebuildPlacements(const Document& document, const ExportSelection& chosen);
    void rebuildScene(const Document& document, const ExportSelection& chosen);
    // "All meshes (N)" and each mesh of the scene, in the mesh box.
    void listMeshes(const exporting::ExportScene& scene);
    void fillModelsMenu();
    void lookUpModels();
    void showMesh(int sceneMesh);
    // Says what the drawing's looks did not find (texturesMissing).
    void reportLooks(const std::vector<std::string>& notes);
    const std::vector<std::string>& placedLookNotes() const;
    ExportSelection selection() const;

    std::unique_ptr<Ui::PreviewPane> m_ui; // ui/preview_pane.ui
    QStackedWidget* m_stack = nullptr;
    QLabel* m_message = nullptr;
    QLabel* m_status = nullptr;
    QToolBar* m_controls = nullptr;
    QComboBox* m_meshes = nullptr;
    QComboBox* m_lods = nullptr;
    QComboBox* m_variants = nullptr;
    QComboBox* m_seasons = nullptr;
    QAction* m_lodAction = nullptr;
    QAction* m_variantAction = nullptr;
    QAction* m_seasonAction = nullptr;
    PreviewView* m_view = nullptr;
    TexturePane* m_texture = nullptr;
    const exporting::ExportScene* m_scene = nullptr;
    const Document* m_document = nullptr;
    // The scene drawn: the document's own (built with it, off the UI thread) while the choices
    // are the ones it was built for, else m_built, made here for other choices.
    const exporting::ExportScene* m_drawn = nullptr;
    std::optional<exporting::ExportScene> m_built;
    PreviewChoices m_choices;
    QString m_unavailable;
    QStringList m_modelPlaces;
    std::optional<PlacementModels> m_foundModels; // looked up for m_document with m_modelPlaces
    std::vector<std::string> m_foundLookNotes;    // what their looks did not find
    std::shared_ptr<materials::TextureImages> m_textureImages;
    QStringList m_gameRoots;
    std::shared_ptr<resolve::ResolverPool> m_resolvers;
    QComboBox* m_colors = nullptr;
    QString m_texturesMissing;
    QLabel* m_looksStatus = nullptr; // the pane's own line of it, every note in its tooltip
    QString m_statusShown;           // what the status bar was last given of it
    int m_lookup = 0;                // the latest lookup; older results are dropped
    QMenu* m_modelsMenu = nullptr;
    QAction* m_modelsAction = nullptr; // shown for placement files
};

} // namespace assetscope::app
