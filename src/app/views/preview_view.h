#pragma once

#include "scene/export_scene.h"
#include "views/preview_textures.h"

#include <QMatrix4x4>
#include <QOpenGLFunctions_3_3_Core>
#include <QOpenGLWidget>
#include <QVector3D>

#include <memory>
#include <optional>

class QOpenGLShaderProgram;

namespace assetscope::app {

// The 3D pane's drawing surface (OpenGL 3.3 core): meshes from core's ExportScene, orbit / pan /
// zoom, wireframe, shading by lighting, normal, UV checker, vertex colour or material group,
// grid, axes, bounding box and normals as lines. Under lighting, surfaces take their colour from
// their material's base-colour texture, the vertex colours or the material's plain colour.
class PreviewView : public QOpenGLWidget, protected QOpenGLFunctions_3_3_Core {
    Q_OBJECT
public:
    enum class Shading { Lighting, Normals, UvChecker, VertexColor, MaterialGroup };
    // The colour lit surfaces take (Shading::Lighting). Textured: the base-colour texture where
    // the material has one (the plain colour elsewhere); VertexColor: the vertex colours, times
    // the texture where there is one; Plain: the material's colour.
    enum class Colors { Textured, VertexColor, Plain };

    explicit PreviewView(QWidget* parent = nullptr);
    ~PreviewView() override;

    // The scene to draw (copied); -1 draws every mesh, else the one mesh.
    void setScene(const exporting::ExportScene& scene, int mesh = -1);
    void clearScene();
    // Placements: a unit box per row-vector world matrix (p' = p · M), drawn instanced.
    void setInstances(const std::vector<exporting::Mat4>& matrices);
    // Placements with models: instance i is drawn as models[modelOf[i]] (a unit box when -1 or
    // modelOf is short), and curves as polylines.
    // The matrices are taken over (a million placements are 64 MB: no copy is kept elsewhere).
    void setPlacements(std::vector<exporting::Mat4> matrices, std::vector<int> modelOf,
                       const std::vector<exporting::ExportScene>& models,
                       const std::vector<std::vector<exporting::Vec3>>& curves);
    std::size_t instanceCount() const { return m_instances.size(); }
    std::size_t boxInstanceCount() const { return boxMatrices().size(); }
    std::size_t curveCount() const { return m_curves.size(); }

    // Marks an instance (-1: none) or a triangle of a scene mesh (-1: none) with a bright outline.
    void setHighlightInstance(qint64 instance);
    void setHighlightTriangle(int mesh, qint64 triangle);

    // What lies under a widget position (logical pixels; scaled by devicePixelRatio to the
    // framebuffer): the nearest triangle of a shown mesh or the nearest instance.
    struct Pick {
        int mesh = -1;        // scene mesh
        qint64 triangle = -1; // within the mesh, along its primitives
        qint64 instance = -1; // placement
    };
    Pick pickAt(QPointF position) const;
    void setShading(Shading shading);
    void setColors(Colors colors);
    Colors colors() const { return m_colors; }
    // Textures on the GPU now, and uploads since the view was made (each image once).
    std::size_t texturesOnGpu() const { return m_textures.size(); }
    std::size_t textureUploads() const { return m_textures.uploads(); }
    void setWireframe(bool on);
    void setShowGrid(bool on);
    void setShowAxes(bool on);
    void setShowBounds(bool on);
    void setShowNormals(bool on);
    void setShowTangents(bool on);
    void frameAll();

    bool glReady() const { return m_ready; }
    QString glInfo() const { return m_glInfo; }
    std::size_t drawnTriangles() const { return m_triangles; }

signals:
    // OpenGL 3.3 core could not be had (no context, old driver, shader error).
    void unavailable(const QString& reason);
    // A click (without dragging) picked something.
    void trianglePicked(int mesh, qint64 triangle);
    void instancePicked(qint64 instance);

protected:
    void initializeGL() override;
    void resizeGL(int w, int h) override;
    void paintGL() override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    struct GpuMesh {
        unsigned vao = 0, vbo = 0, ebo = 0;
        struct Draw {
            int first = 0;
            int count = 0;
            std::uint32_t material = 0;
        };
        std::vector<Draw> draws;
        bool hasNormals = false;
        unsigned uvVbo = 0;       // every UV set (uploadUvSets); 0 without
        std::vector<bool> uvSets; // per set: whether the mesh has it
        std::size_t vertices = 0;
    };
    struct PlacedGpu;
    void enableVertexAttributes();
    void enableInstanceMatrices(unsigned vbo);
    GpuMesh uploadMesh(const exporting::ExportMesh& mesh, unsigned instanceVbo);
    void upload();
    void uploadInstances();
    void updateBounds();
    void releaseBuffers();
    void buildLines();
    // buildLines' parts: the grid, the axes and the bounds around a scene of this radius; the
    // curves; the lines handed to the GPU.
    void pushGuides(std::vector<float>& lines, float radius);
    void pushCurves(std::vector<float>& lines);
    void uploadLines(const std::vector<float>& lines);
    void pushHighlight(std::vector<float>& lines) const;
    void drawSurfaces(const QMatrix4x4& vp, const QMatrix4x4& model);
    void drawMesh(const GpuMesh& mesh, const std::vector<exporting::Material>& materials,
                  std::uint32_t groupOffset, std::optional<int> instances);
    void drawLines(const QMatrix4x4& vp);
    // Binds the material's base-colour texture for the next draw of `mesh`, or draws untextured.
    void useBaseTexture(const GpuMesh& mesh, const exporting::Material* material);
    // The instances drawn as boxes: all of them when no placed model was found.
    const std::vector<exporting::Mat4>& boxMatrices() const {
        return m_models.empty() ? m_instances : m_boxMatrices;
    }
    QVector3D instanceBoxLo(qint64 instance) const;
    QVector3D instanceBoxHi(qint64 instance) const;
    QMatrix4x4 sceneMatrix() const;
    QMatrix4x4 viewProjection() const;

    exporting::ExportScene m_scene;
    std::vector<exporting::Mat4> m_instances;
    std::vector<int> m_modelOf;                                 // per instance: index into m_models, or -1
    std::vector<exporting::ExportScene> m_models;               // placed models
    std::vector<std::pair<QVector3D, QVector3D>> m_modelBounds; // per placed model, its own frame
    std::vector<exporting::Mat4> m_boxMatrices;                 // instances drawn as boxes
    std::vector<std::vector<exporting::Vec3>> m_curves;
    std::vector<PlacedGpu> m_placed;
    qint64 m_highlightInstance = -1;
    int m_highlightMesh = -1;
    qint64 m_highlightTriangle = -1;
    bool m_linesDirty = false;
    int m_curveVertices = 0, m_highlightVertices = 0, m_tangentVertices = 0;
    bool m_tangents = false;
    QPoint m_pressPosition;
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
    Colors m_colors = Colors::Textured;
    PreviewTextures m_textures;
    bool m_wireframe = false, m_grid = true, m_axes = true, m_bounds = false, m_normals = false;
};

} // namespace assetscope::app
