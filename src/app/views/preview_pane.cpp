#include "views/preview_pane.h"

#include "views/preview_view.h"

#include <QAction>
#include <QComboBox>
#include <QGuiApplication>
#include <QLabel>
#include <QStackedWidget>
#include <QToolBar>
#include <QVBoxLayout>

namespace assetscope::app {

bool PreviewPane::platformHasOpenGL() {
    const QString platform = QGuiApplication::platformName();
    return platform != QLatin1String("offscreen") && platform != QLatin1String("minimal");
}

PreviewPane::PreviewPane(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    m_controls = new QToolBar(this);
    m_controls->setObjectName(QStringLiteral("previewControls"));
    m_controls->setIconSize(QSize(16, 16));
    layout->addWidget(m_controls);
    m_stack = new QStackedWidget(this);
    layout->addWidget(m_stack, 1);
    m_message = new QLabel(m_stack);
    m_message->setObjectName(QStringLiteral("previewMessage"));
    m_message->setAlignment(Qt::AlignCenter);
    m_message->setWordWrap(true);
    m_message->setMargin(12);
    m_stack->addWidget(m_message);

    if (!platformHasOpenGL()) {
        m_unavailable = tr("The 3D preview needs OpenGL 3.3, which the '%1' platform does not offer. "
                           "Everything else works; run on a display (or under xvfb-run) to see geometry.")
                            .arg(QGuiApplication::platformName());
        m_controls->hide();
        showMessage(m_unavailable);
        return;
    }
    m_view = new PreviewView(m_stack);
    m_view->setObjectName(QStringLiteral("previewView"));
    m_stack->addWidget(m_view);
    connect(m_view, &PreviewView::unavailable, this, [this](const QString& reason) {
        m_unavailable = reason;
        m_controls->hide();
        showMessage(reason);
    });

    m_meshes = new QComboBox(m_controls);
    m_meshes->setObjectName(QStringLiteral("previewMeshes"));
    m_meshes->setToolTip(tr("Mesh to show"));
    m_controls->addWidget(m_meshes);
    connect(m_meshes, &QComboBox::activated, this, [this](int i) {
        if (m_scene) m_view->setScene(*m_scene, i - 1);
    });
    auto* shading = new QComboBox(m_controls);
    shading->setObjectName(QStringLiteral("previewShading"));
    shading->addItems(
        {tr("Lighting"), tr("Normals"), tr("UV checker"), tr("Vertex colour"), tr("Material group")});
    m_controls->addWidget(shading);
    connect(shading, &QComboBox::activated, this,
            [this](int i) { m_view->setShading(static_cast<PreviewView::Shading>(i)); });
    auto toggle = [this](const QString& text, bool on, auto setter) {
        QAction* a = m_controls->addAction(text);
        a->setCheckable(true);
        a->setChecked(on);
        connect(a, &QAction::toggled, m_view, setter);
        return a;
    };
    toggle(tr("Wireframe"), false, &PreviewView::setWireframe)->setShortcut(QKeySequence(Qt::Key_W));
    toggle(tr("Grid"), true, &PreviewView::setShowGrid);
    toggle(tr("Axes"), true, &PreviewView::setShowAxes);
    toggle(tr("Bounds"), false, &PreviewView::setShowBounds);
    toggle(tr("Normals"), false, &PreviewView::setShowNormals);
    m_controls->addAction(tr("Frame"), m_view, &PreviewView::frameAll);
    setScene(nullptr, tr("Open a model to see it here."));
}

QString PreviewPane::message() const {
    return m_stack->currentWidget() == m_message ? m_message->text() : QString();
}

void PreviewPane::showMessage(const QString& text) {
    m_message->setText(text);
    m_stack->setCurrentWidget(m_message);
}

void PreviewPane::setScene(const exporting::ExportScene* scene, const QString& reason,
                           const std::vector<exporting::Mat4>* instances) {
    m_scene = scene;
    if (!m_unavailable.isEmpty()) return; // the message about OpenGL stays: it is the more useful one
    if (!m_view) return;
    m_meshes->clear();
    const bool hasMeshes = scene && !scene->meshes.empty();
    const bool hasInstances = instances && !instances->empty();
    if (!hasMeshes && !hasInstances) {
        m_view->clearScene();
        m_controls->setEnabled(false);
        showMessage(reason.isEmpty() ? tr("Nothing to draw.") : reason);
        return;
    }
    if (hasMeshes) {
        m_meshes->addItem(tr("All meshes (%1)").arg(scene->meshes.size()));
        for (std::size_t i = 0; i < scene->meshes.size(); ++i)
            m_meshes->addItem(
                QStringLiteral("%1: %2").arg(i).arg(QString::fromStdString(scene->meshes[i].name)));
    } else {
        m_meshes->addItem(tr("%n placement(s) as boxes", nullptr, static_cast<int>(instances->size())));
    }
    m_controls->setEnabled(true);
    m_view->clearScene();
    if (hasInstances) m_view->setInstances(*instances);
    m_view->setScene(hasMeshes ? *scene : exporting::ExportScene{});
    m_stack->setCurrentWidget(m_view);
}

} // namespace assetscope::app
