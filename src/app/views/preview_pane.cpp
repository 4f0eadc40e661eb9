#include "views/preview_pane.h"

#include "ui_preview_pane.h"

#include "document.h"
#include "materials/look_textures.h"
#include "resolve/resolver_pool.h"
#include "views/document_view.h"
#include "views/preview_view.h"
#include "views/texture_pane.h"

#include <QAction>
#include <QComboBox>
#include <QGuiApplication>
#include <QLabel>
#include <QMenu>
#include <QStackedWidget>
#include <QToolBar>

#include <algorithm>

namespace assetscope::app {

bool PreviewPane::platformHasOpenGL() {
    const QString platform = QGuiApplication::platformName();
    return platform != QLatin1String("offscreen") && platform != QLatin1String("minimal");
}

PreviewPane::PreviewPane(QWidget* parent)
    : QWidget(parent), m_ui(std::make_unique<Ui::PreviewPane>()),
      m_textureImages(std::make_shared<materials::TextureImages>()),
      m_resolvers(std::make_shared<resolve::ResolverPool>()) {
    setObjectName(QStringLiteral("previewPane"));
    m_ui->setupUi(this);
    finishForm();
    if (!platformHasOpenGL()) {
        m_unavailable = tr("The 3D preview needs OpenGL 3.3, which the '%1' platform does not offer. "
                           "Everything else works; run on a display (or under xvfb-run) to see geometry.")
                            .arg(QGuiApplication::platformName());
        m_controls->hide();
        m_status->hide();
        showMessage(m_unavailable);
        return;
    }
    addView();
    setScene(nullptr, tr("Open a model or a texture to see it here."));
}

PreviewPane::~PreviewPane() = default;

void PreviewPane::finishForm() {
    m_stack = m_ui->previewStack;
    m_message = m_ui->previewMessage;
    m_status = m_ui->previewStatus;
    m_looksStatus = m_ui->previewLooksStatus;
    m_controls = m_ui->previewControls;
    m_meshes = m_ui->previewMeshes;
    m_lods = m_ui->previewLod;
    m_variants = m_ui->previewVariant;
    m_seasons = m_ui->previewSeason;
    m_colors = m_ui->previewColors;
    m_texture = m_ui->texturePane;
    m_status->setContentsMargins(6, 2, 6, 2);
    m_looksStatus->setContentsMargins(6, 0, 6, 2);
    m_looksStatus->hide();
    m_modelsMenu = new QMenu(m_ui->previewModels);
    m_ui->previewModels->setMenu(m_modelsMenu);
    connect(m_modelsMenu, &QMenu::aboutToShow, this, &PreviewPane::fillModelsMenu);
    // The toolbar's entries for the choices a file may lack, shown for the files that have them.
    auto entryOf = [this](QWidget* widget) {
        for (QAction* action : m_controls->actions())
            if (m_controls->widgetForAction(action) == widget) return action;
        return static_cast<QAction*>(nullptr);
    };
    m_lodAction = entryOf(m_lods);
    m_variantAction = entryOf(m_variants);
    m_seasonAction = entryOf(m_seasons);
    m_modelsAction = entryOf(m_ui->previewModels);
    for (QAction* action : {m_lodAction, m_variantAction, m_seasonAction, m_modelsAction})
        action->setVisible(false);
    connect(m_texture, &TexturePane::texelHovered, this, &PreviewPane::texelHovered);
    connect(m_texture, &TexturePane::hoverLeft, this, &PreviewPane::texelHoverLeft);
    connect(m_texture, &TexturePane::texelClicked, this, &PreviewPane::texelClicked);
}

void PreviewPane::addView() {
    m_view = new PreviewView(m_stack);
    m_view->setObjectName(QStringLiteral("previewView"));
    m_stack->addWidget(m_view);
    connect(m_view, &PreviewView::unavailable, this, [this](const QString& reason) {
        m_unavailable = reason;
        m_controls->hide();
        m_status->hide();
        if (!showsTexture()) showMessage(reason);
    });
    connect(m_view, &PreviewView::instancePicked, this, &PreviewPane::instancePicked);
    connect(m_view, &PreviewView::trianglePicked, this, [this](int mesh, qint64 triangle) {
        const exporting::ExportScene* scene = drawnScene();
        if (!scene || mesh < 0 || static_cast<std::size_t>(mesh) >= scene->meshes.size()) return;
        const exporting::ExportMesh& m = scene->meshes[static_cast<std::size_t>(mesh)];
        emit meshPicked(m.subject, m.node, triangle);
    });
    connect(m_meshes, &QComboBox::activated, this, [this](int i) { showMesh(i - 1); });
    for (QComboBox* choice : {m_lods, m_variants, m_seasons})
        connect(choice, &QComboBox::activated, this, &PreviewPane::rebuild);
    connect(m_ui->previewShading, &QComboBox::activated, this, [this](int i) {
        m_view->setShading(static_cast<PreviewView::Shading>(i));
        m_colors->setEnabled(static_cast<PreviewView::Shading>(i) == PreviewView::Shading::Lighting);
    });
    // In PreviewView::Colors order.
    connect(m_colors, &QComboBox::activated, this, [this](int i) {
        m_view->setColors(static_cast<PreviewView::Colors>(i));
        emit surfaceColorsChanged(i);
    });
    const std::pair<QAction*, void (PreviewView::*)(bool)> toggles[] = {
        {m_ui->actionWireframe, &PreviewView::setWireframe},
        {m_ui->actionGrid, &PreviewView::setShowGrid},
        {m_ui->actionAxes, &PreviewView::setShowAxes},
        {m_ui->actionBounds, &PreviewView::setShowBounds},
        {m_ui->actionNormals, &PreviewView::setShowNormals},
        {m_ui->actionTangents, &PreviewView::setShowTangents}};
    for (const auto& [action, setter] : toggles)
        connect(action, &QAction::toggled, m_view, setter);
    connect(m_ui->actionFrame, &QAction::triggered, m_view, &PreviewView::frameAll);
}

QString PreviewPane::message() const {
    return m_stack->currentWidget() == m_message ? m_message->text() : QString();
}

bool PreviewPane::offersLods() const {
    return m_lodAction && m_lodAction->isVisible();
}

bool PreviewPane::offersVariants() const {
    return m_variantAction && m_variantAction->isVisible();
}

bool PreviewPane::offersSeasons() const {
    return m_seasonAction && m_seasonAction->isVisible();
}

QString PreviewPane::status() const {
    return m_status->text();
}

void PreviewPane::showMessage(const QString& text) {
    m_message->setText(text);
    m_stack->setCurrentWidget(m_message);
}

bool PreviewPane::showsTexture() const {
    return m_stack->currentWidget() == m_texture;
}

bool PreviewPane::showTexture(const Document* document) {
    if (document && document->parsed && document->texture) {
        m_document = nullptr;
        m_scene = nullptr;
        m_built.reset();
        m_drawn = nullptr;
        if (m_view) m_view->clearScene();
        m_controls->hide();
        m_status->hide();
        reportLooks({});
        m_texture->setTexture(document->bytes, &*document->texture);
        m_stack->setCurrentWidget(m_texture);
        return true;
    }
    if (!showsTexture()) return false;
    m_texture->setTexture({}, nullptr);
    if (m_unavailable.isEmpty() && m_view) {
        m_controls->show();
        m_status->show();
        m_stack->setCurrentWidget(m_view);
    } else {
        showMessage(m_unavailable);
    }
    return false;
}

void PreviewPane::setScene(const exporting::ExportScene* scene, const QString& reason,
                           const std::vector<exporting::Mat4>* instances) {
    showTexture(nullptr);
    m_document = nullptr;
    m_scene = scene;
    m_built.reset();
    m_drawn = nullptr;
    reportLooks({});
    if (!m_unavailable.isEmpty()) return; // the message about OpenGL stays: it is the more useful one
    if (!m_view) return;
    m_lodAction->setVisible(false);
    m_variantAction->setVisible(false);
    m_seasonAction->setVisible(false);
    m_modelsAction->setVisible(false);
    m_status->clear();
    m_meshes->clear();
    const bool hasMeshes = scene && !scene->meshes.empty();
    const bool hasInstances = instances && !instances->empty();
    m_view->setInstances(hasInstances ? *instances : std::vector<exporting::Mat4>{});
    if (!hasMeshes && !hasInstances) {
        m_view->clearScene();
        m_controls->setEnabled(false);
        showMessage(reason.isEmpty() ? tr("Nothing to draw.") : reason);
        return;
    }
    if (hasMeshes) {
        listMeshes(*scene);
    } else {
        m_meshes->addItem(tr("%n placement(s) as boxes", nullptr, static_cast<int>(instances->size())));
    }
    m_controls->setEnabled(true);
    m_view->setScene(hasMeshes ? *scene : exporting::ExportScene{});
    m_stack->setCurrentWidget(m_view);
}

void PreviewPane::setDocument(const Document* document) {
    if (showTexture(document)) return;
    if (!document || !document->parsed) {
        setScene(nullptr, document ? document->sceneReason : tr("Open a model or a texture to see it here."));
        return;
    }
    if (m_document != document) {
        m_foundModels.reset();
        ++m_lookup;
    }
    m_document = document;
    m_choices = document->parsed->previewChoices();
    // Opened before the model places last changed: its models are looked up again.
    if (document->placements && document->modelPlaces != m_modelPlaces && !m_foundModels) lookUpModels();
    if (!m_view || !m_unavailable.isEmpty()) return;
    m_lods->clear();
    for (const std::string& lod : m_choices.lods)
        m_lods->addItem(QString::fromStdString(lod));
    m_lodAction->setVisible(m_choices.lods.size() > 1);
    m_variants->clear();
    for (const std::string& variant : m_choices.variants)
        m_variants->addItem(QString::fromStdString(variant));
    m_variantAction->setVisible(m_choices.variants.size() > 1);
    // The season box keeps its choice from file to file while the labels stay the same.
    const int season = m_seasons->currentIndex() >= 0 ? m_seasons->currentIndex() : ExportSelection{}.season;
    m_seasons->clear();
    for (const std::string& label : m_choices.seasons)
        m_seasons->addItem(QString::fromStdString(label));
    m_seasons->setCurrentIndex(std::min(season, m_seasons->count() - 1));
    m_seasonAction->setVisible(!m_choices.seasons.empty());
    m_modelsAction->setVisible(document->placements.has_value());
    rebuild();
}

ExportSelection PreviewPane::selection() const {
    ExportSelection s;
    if (m_lods->currentIndex() >= 0 &&
        static_cast<std::size_t>(m_lods->currentIndex()) < m_choices.lodNumbers.size())
        s.lod = m_choices.lodNumbers[static_cast<std::size_t>(m_lods->currentIndex())];
    s.variant = std::max(0, m_variants->currentIndex());
    s.season = std::max(0, m_seasons->currentIndex());
    return s;
}

void PreviewPane::rebuild() {
    if (!m_document || !m_view || !m_unavailable.isEmpty()) return;
    m_meshes->clear();
    m_status->clear();
    if (m_document->placements)
        rebuildPlacements(*m_document, selection());
    else
        rebuildScene(*m_document, selection());
}

void PreviewPane::rebuildPlacements(const Document& doc, const ExportSelection& chosen) {
    m_built.reset();
    m_drawn = nullptr;
    m_view->setScene(exporting::ExportScene{});
    // Core decodes every record's world matrix here, when the pane shows the file, and the view
    // keeps the only copy.
    std::optional<Placements> placements = doc.parsed->placements(chosen, true);
    const PlacementModels& found = *placementModels();
    std::vector<int> modelOf;
    std::vector<exporting::ExportScene> models;
    std::uint64_t modelled = 0;
    const std::uint64_t total = placements ? placements->instanceCount : 0;
    if (placements && !found.models.empty()) {
        for (const PlacedModel& m : found.models)
            models.push_back(m.scene);
        modelOf.reserve(total);
        for (std::size_t g = 0; g < placements->groups.size() && g < found.groupModel.size(); ++g) {
            modelOf.insert(modelOf.end(), placements->groups[g].count, found.groupModel[g]);
            if (found.groupModel[g] >= 0) modelled += placements->groups[g].count;
        }
    }
    const bool shown = placements && placements->hiddenReason.empty();
    const std::size_t curves = shown ? placements->curves.size() : 0;
    m_view->setPlacements(shown ? std::move(placements->world) : std::vector<exporting::Mat4>{},
                          std::move(modelOf), models,
                          shown ? placements->curves : std::vector<std::vector<exporting::Vec3>>{});
    m_meshes->addItem(tr("All placements (%1)").arg(total));
    m_controls->setEnabled(true);
    m_stack->setCurrentWidget(m_view);
    if (!shown) {
        m_status->setText(placements ? QString::fromStdString(placements->hiddenReason) : QString());
    } else {
        // Spelled out: without a translation loaded, tr()'s %n would leave "file(s)".
        const QString where =
            m_modelPlaces.isEmpty() ? tr("beside the file") : tr("beside the file or in the model places");
        const QString files = models.size() == 1
                                  ? tr("1 model file found %1").arg(where)
                                  : tr("%1 model files found %2").arg(models.size()).arg(where);
        m_status->setText(tr("%1 of %2 instances drawn as models, the rest as boxes; %3; %4. Click an "
                             "instance to select it.")
                              .arg(modelled)
                              .arg(total)
                              .arg(files, curves == 1 ? tr("1 curve") : tr("%1 curves").arg(curves)));
    }
    reportLooks(placedLookNotes());
}

void PreviewPane::rebuildScene(const Document& doc, const ExportSelection& chosen) {
    QString why = doc.sceneReason;
    m_built.reset();
    m_drawn = doc.scene ? &*doc.scene : nullptr;
    if (!sameSelection(chosen, doc.sceneSelection)) {
        std::string reason;
        m_built = doc.parsed->exportScene(chosen, reason);
        if (m_built) giveLookTextures(*m_built, doc.looks); // found when the document was read
        m_drawn = m_built ? &*m_built : nullptr;
        why = QString::fromStdString(reason);
    }
    reportLooks(doc.looks.notes);
    if (!m_drawn || m_drawn->meshes.empty()) {
        m_view->setInstances({});
        m_view->clearScene();
        m_controls->setEnabled(m_choices.lods.size() > 1);
        showMessage(why.isEmpty() ? tr("Nothing to draw.") : why);
        return;
    }
    listMeshes(*m_drawn);
    m_controls->setEnabled(true);
    m_view->setInstances({});
    m_view->setScene(*m_drawn);
    m_stack->setCurrentWidget(m_view);
    if (!why.isEmpty()) m_status->setText(why);
}

void PreviewPane::listMeshes(const exporting::ExportScene& scene) {
    m_meshes->addItem(tr("All meshes (%1)").arg(scene.meshes.size()));
    for (std::size_t i = 0; i < scene.meshes.size(); ++i)
        m_meshes->addItem(QStringLiteral("%1: %2").arg(i).arg(QString::fromStdString(scene.meshes[i].name)));
}

void PreviewPane::showMesh(int sceneMesh) {
    if (!m_view) return;
    const exporting::ExportScene* scene = drawnScene();
    if (!scene) return;
    m_meshes->setCurrentIndex(sceneMesh + 1);
    m_view->setScene(*scene, sceneMesh);
}

const exporting::ExportScene* PreviewPane::drawnScene() const {
    return m_drawn ? m_drawn : m_scene;
}

void PreviewPane::followSubject(const Subject& subject) {
    if (!m_document || !m_view || !m_unavailable.isEmpty()) return;
    const ParsedFile& parsed = *m_document->parsed;
    if (const std::optional<int> lod = parsed.previewLod(subject)) {
        const auto& numbers = m_choices.lodNumbers;
        const auto at = std::find(numbers.begin(), numbers.end(), *lod);
        const int index = static_cast<int>(at - numbers.begin());
        if (at != numbers.end() && index != m_lods->currentIndex()) {
            m_lods->setCurrentIndex(index);
            rebuild();
        }
    }
    if (m_document->placements) {
        for (const InstanceGroup& g : m_document->placements->groups)
            if (subject.row >= 0 && g.subject.sameTable(subject))
                highlightInstance(static_cast<qint64>(g.first) + subject.row);
        return;
    }
    if (!m_drawn) return;
    // The subject's own mesh alone; outside any mesh (or on a whole LOD) the whole scene again.
    for (std::size_t i = 0; i < m_drawn->meshes.size() && !subject.none(); ++i)
        if (m_drawn->meshes[i].subject.sameDrawing(subject)) {
            showMesh(static_cast<int>(i));
            return;
        }
    if (m_meshes->currentIndex() > 0) showMesh(-1);
}

void PreviewPane::highlightInstance(qint64 instance) {
    if (m_view) m_view->setHighlightInstance(instance);
}

void PreviewPane::highlightTriangle(const Subject& subject, qint64 triangle) {
    if (!m_view || !m_drawn) return;
    for (std::size_t i = 0; i < m_drawn->meshes.size(); ++i)
        if (m_drawn->meshes[i].subject.sameDrawing(subject)) {
            m_view->setHighlightTriangle(static_cast<int>(i), triangle);
            return;
        }
}

void PreviewPane::documentChanged(DocumentView* view, const Document* document) {
    if (view)
        setDocument(document);
    else
        setScene(nullptr, tr("Open a model or a texture to see it here."));
}

void PreviewPane::nodeSelected(DocumentView& view, NodeId node) {
    const Document& document = view.document();
    if (showsTexture() && document.tree() && node != kNoNode) {
        // A level's node in the tree (or its row in the table) shows that level.
        const Node& n = document.tree()->node(node);
        m_texture->showLevelStoredAt(n.offset, n.size);
        return;
    }
    if (document.parsed && node != kNoNode) followSubject(document.parsed->subjectOf(node));
}

} // namespace assetscope::app
