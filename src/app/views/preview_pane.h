#pragma once

#include "export/export_scene.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QStackedWidget;
class QToolBar;

namespace assetscope::app {

class PreviewView;

// The 3D pane: controls over a PreviewView, or a plain message where there is nothing to draw
// or no OpenGL 3.3 (the offscreen platform, an old driver) — everything else keeps working.
class PreviewPane : public QWidget {
    Q_OBJECT
public:
    explicit PreviewPane(QWidget* parent = nullptr);

    // nullptr scene and no instances: show `reason` instead. Instances are placements drawn as
    // oriented unit boxes (row-vector world matrices).
    void setScene(const exporting::ExportScene* scene, const QString& reason,
                  const std::vector<exporting::Mat4>* instances = nullptr);
    bool glAvailable() const { return m_view != nullptr && m_unavailable.isEmpty(); }
    QString message() const;
    PreviewView* view() const { return m_view; }

    // Whether this platform can give an OpenGL widget at all (not "offscreen" / "minimal").
    static bool platformHasOpenGL();

private:
    void showMessage(const QString& text);

    QStackedWidget* m_stack = nullptr;
    QLabel* m_message = nullptr;
    QToolBar* m_controls = nullptr;
    QComboBox* m_meshes = nullptr;
    PreviewView* m_view = nullptr;
    const exporting::ExportScene* m_scene = nullptr;
    QString m_unavailable;
};

} // namespace assetscope::app
