#pragma once

#include "export/export_scene.h"

#include <QMatrix4x4>
#include <QOpenGLFunctions_3_3_Core>
#include <QOpenGLWidget>
#include <QVector3D>

#include <memory>

class QOpenGLShaderProgram;

namespace assetscope::app {

// The 3D pane's drawing surface (OpenGL 3.3 core): meshes from core's ExportScene, orbit / pan /
// zoom, wireframe, shading by lighting, normal, UV checker, vertex colour or material group,
// grid, axes, bounding box and normals as lines.
class PreviewView : public QOpenGLWidget, protected QOpenGLFunctions_3_3_Core {
    Q_OBJECT
public:
    enum class Shading { Lighting, Normals, UvChecker, VertexColor, MaterialGroup };

    explicit PreviewView(QWidget* parent = nullptr);
    ~PreviewView() override;

    // The scene to draw (copied); -1 draws every mesh, else the one mesh.
    void setScene(const exporting::ExportScene& scene, int mesh = -1);
    void clearScene();
    // Placements: a unit box per row-vector world matrix (p' = p · M), drawn instanced.
    void setInstances(const std::vector<exporting::Mat4>& matrices);
    std::size_t instanceCount() const { return m_instances.size(); }
    void setShading(Shading shading);
    void setWireframe(bool on);
    void setShowGrid(bool on);
    void setShowAxes(bool on);
    void setShowBounds(bool on);
    void setShowNormals(bool on);
    void frameAll();

    bool glReady() const { return m_ready; }
    QString glInfo() const { return m_glInfo; }
    std::size_t drawnTriangles() const { return m_triangles; }

signals:
    // OpenGL 3.3 core could not be had (no context, old driver, shader error).
    void unavailable(const QString& reason);

protected:
    void initializeGL() override;
    void resizeGL(int w, int h) override;
    void paintGL() override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    struct GpuMesh;
    void upload();
    void uploadInstances();
    void updateBounds();
    void releaseBuffers();
    void buildLines();
    QMatrix4x4 sceneMatrix() const;
    QMatrix4x4 viewProjection() const;

    exporting::ExportScene m_scene;
    std::vector<exporting::Mat4> m_instances;
    unsigned m_boxVao = 0, m_boxVbo = 0, m_boxEbo = 0, m_instanceVbo = 0;
    int m_meshFilter = -1;
    bool m_dirty = false;
    bool m_ready = false;
    QString m_glInfo;
    std::unique_ptr<QOpenGLShaderProgram> m_meshProgram;
    std::unique_ptr<QOpenGLShaderProgram> m_lineProgram;
    std::vector<GpuMesh> m_meshes;
    unsigned m_lineVao = 0, m_lineVbo = 0;
    int m_gridVertices = 0, m_axisVertices = 0, m_boundsVertices = 0, m_normalVertices = 0;
    std::size_t m_triangles = 0;

    QVector3D m_min{-1, -1, -1}, m_max{1, 1, 1};
    QVector3D m_target;
    float m_distance = 5.0f;
    float m_yaw = 35.0f, m_pitch = 25.0f;
    QPoint m_lastMouse;
    Shading m_shading = Shading::Lighting;
    bool m_wireframe = false, m_grid = true, m_axes = true, m_bounds = false, m_normals = false;
};

} // namespace assetscope::app
