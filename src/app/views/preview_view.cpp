#include "views/preview_view.h"

#include "views/line_vertices.h"
#include "views/preview_picking.h"

#include <QMouseEvent>
#include <QOpenGLContext>
#include <QOpenGLShaderProgram>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace assetscope::app {

struct PreviewView::PlacedGpu {
    std::vector<GpuMesh> meshes;
    unsigned instanceVbo = 0;
    int instances = 0;
};

namespace {

QVector3D groupColor(std::uint32_t group) {
    // Spread hues by the golden ratio so neighbouring groups differ.
    const float h = std::fmod(0.13f + static_cast<float>(group) * 0.618034f, 1.0f);
    const QColor c = QColor::fromHsvF(h, 0.55f, 0.9f);
    return {static_cast<float>(c.redF()), static_cast<float>(c.greenF()), static_cast<float>(c.blueF())};
}

} // namespace

PreviewView::PreviewView(QWidget* parent) : QOpenGLWidget(parent) {
    QSurfaceFormat format;
    format.setVersion(3, 3);
    format.setProfile(QSurfaceFormat::CoreProfile);
    format.setDepthBufferSize(24);
    format.setSamples(4);
    setFormat(format);
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(200, 150);
}

PreviewView::~PreviewView() {
    if (m_ready && context()) {
        makeCurrent();
        releaseBuffers();
        m_textures.release(*this);
        if (m_lineVbo) glDeleteBuffers(1, &m_lineVbo);
        if (m_lineVao) glDeleteVertexArrays(1, &m_lineVao);
        m_meshProgram.reset();
        m_lineProgram.reset();
        doneCurrent();
    }
}

void PreviewView::setScene(const exporting::ExportScene& scene, int mesh) {
    m_highlightTriangle = -1;
    m_scene = scene;
    m_meshFilter = mesh;
    m_dirty = true;
    updateBounds();
    frameAll();
}

void PreviewView::setInstances(const std::vector<exporting::Mat4>& matrices) {
    setPlacements(matrices, {}, {}, {});
}

void PreviewView::setPlacements(std::vector<exporting::Mat4> matrices, std::vector<int> modelOf,
                                const std::vector<exporting::ExportScene>& models,
                                const std::vector<std::vector<exporting::Vec3>>& curves) {
    m_instances = std::move(matrices);
    m_modelOf = std::move(modelOf);
    m_models = models;
    m_curves = curves;
    m_modelBounds.clear();
    for (const auto& scene : m_models) {
        QVector3D lo(1e30f, 1e30f, 1e30f), hi(-1e30f, -1e30f, -1e30f);
        for (const auto& mesh : scene.meshes)
            for (const auto& p : mesh.positions) {
                const QVector3D v(p[0], p[1], p[2]);
                lo = QVector3D(std::min(lo.x(), v.x()), std::min(lo.y(), v.y()), std::min(lo.z(), v.z()));
                hi = QVector3D(std::max(hi.x(), v.x()), std::max(hi.y(), v.y()), std::max(hi.z(), v.z()));
            }
        if (lo.x() > hi.x()) lo = hi = QVector3D();
        m_modelBounds.emplace_back(lo, hi);
    }
    m_boxMatrices.clear();
    for (std::size_t i = 0; i < m_instances.size(); ++i) {
        const int model = i < m_modelOf.size() ? m_modelOf[i] : -1;
        if (model < 0 || static_cast<std::size_t>(model) >= m_models.size())
            m_boxMatrices.push_back(m_instances[i]);
    }
    m_highlightInstance = -1;
    m_dirty = true;
    updateBounds();
    frameAll();
}

QVector3D PreviewView::instanceBoxLo(qint64 instance) const {
    const auto i = static_cast<std::size_t>(instance);
    const int model = i < m_modelOf.size() ? m_modelOf[i] : -1;
    if (model >= 0 && static_cast<std::size_t>(model) < m_modelBounds.size())
        return m_modelBounds[static_cast<std::size_t>(model)].first;
    return {-0.5f, -0.5f, -0.5f};
}

QVector3D PreviewView::instanceBoxHi(qint64 instance) const {
    const auto i = static_cast<std::size_t>(instance);
    const int model = i < m_modelOf.size() ? m_modelOf[i] : -1;
    if (model >= 0 && static_cast<std::size_t>(model) < m_modelBounds.size())
        return m_modelBounds[static_cast<std::size_t>(model)].second;
    return {0.5f, 0.5f, 0.5f};
}

void PreviewView::setHighlightInstance(qint64 instance) {
    m_highlightInstance = instance;
    m_linesDirty = true;
    update();
}

void PreviewView::setHighlightTriangle(int mesh, qint64 triangle) {
    m_highlightMesh = mesh;
    m_highlightTriangle = triangle;
    m_linesDirty = true;
    update();
}

PreviewView::Pick PreviewView::pickAt(QPointF position) const {
    Pick pick;
    const qreal dpr = devicePixelRatioF();
    const QSize framebuffer(qRound(width() * dpr), qRound(height() * dpr));
    const Ray ray = rayThroughPixel(viewProjection() * sceneMatrix(), position * dpr, framebuffer);
    float best = std::numeric_limits<float>::infinity();
    for (std::size_t i = 0; i < m_scene.meshes.size(); ++i) {
        if (m_meshFilter >= 0 && static_cast<int>(i) != m_meshFilter) continue;
        if (const auto hit = hitMesh(m_scene.meshes[i], ray); hit && hit->t < best) {
            best = hit->t;
            pick.mesh = static_cast<int>(i);
            pick.triangle = hit->triangle;
        }
    }
    for (std::size_t i = 0; i < m_instances.size(); ++i) {
        const QMatrix4x4 inverse = columnMatrix(m_instances[i]).inverted();
        // The same t along the ray in the instance's own frame: the map is affine.
        const Ray local{inverse.map(ray.origin), inverse.mapVector(ray.direction)};
        const auto id = static_cast<qint64>(i);
        if (const auto t = hitBox(local, instanceBoxLo(id), instanceBoxHi(id)); t && *t < best) {
            best = *t;
            pick = Pick{};
            pick.instance = id;
        }
    }
    return pick;
}

void PreviewView::updateBounds() {
    // Bounds on the CPU so framing works before the first paint.
    bool any = false;
    QVector3D lo, hi;
    auto grow = [&](const QVector3D& v) {
        lo = any ? QVector3D(std::min(lo.x(), v.x()), std::min(lo.y(), v.y()), std::min(lo.z(), v.z())) : v;
        hi = any ? QVector3D(std::max(hi.x(), v.x()), std::max(hi.y(), v.y()), std::max(hi.z(), v.z())) : v;
        any = true;
    };
    for (std::size_t i = 0; i < m_scene.meshes.size(); ++i) {
        if (m_meshFilter >= 0 && static_cast<int>(i) != m_meshFilter) continue;
        for (const auto& p : m_scene.meshes[i].positions)
            grow(QVector3D(p[0], p[1], p[2]));
    }
    for (std::size_t i = 0; i < m_instances.size(); ++i) {
        const QMatrix4x4 m = columnMatrix(m_instances[i]);
        const auto id = static_cast<qint64>(i);
        const QVector3D lo = instanceBoxLo(id), hi = instanceBoxHi(id);
        for (int corner = 0; corner < 8; ++corner)
            grow(m.map(QVector3D(corner & 1 ? hi.x() : lo.x(), corner & 2 ? hi.y() : lo.y(),
                                 corner & 4 ? hi.z() : lo.z())));
    }
    for (const auto& curve : m_curves)
        for (const auto& p : curve)
            grow(QVector3D(p[0], p[1], p[2]));
    if (any) {
        const QMatrix4x4 m = sceneMatrix();
        const QVector3D a = m.map(lo), b = m.map(hi);
        m_min = QVector3D(std::min(a.x(), b.x()), std::min(a.y(), b.y()), std::min(a.z(), b.z()));
        m_max = QVector3D(std::max(a.x(), b.x()), std::max(a.y(), b.y()), std::max(a.z(), b.z()));
    } else {
        m_min = {-1, -1, -1};
        m_max = {1, 1, 1};
    }
}

void PreviewView::clearScene() {
    setScene({});
}

void PreviewView::setShading(Shading shading) {
    m_shading = shading;
    update();
}
void PreviewView::setColors(Colors colors) {
    m_colors = colors;
    update();
}
void PreviewView::setWireframe(bool on) {
    m_wireframe = on;
    update();
}
void PreviewView::setShowGrid(bool on) {
    m_grid = on;
    update();
}
void PreviewView::setShowAxes(bool on) {
    m_axes = on;
    update();
}
void PreviewView::setShowBounds(bool on) {
    m_bounds = on;
    update();
}
void PreviewView::setShowNormals(bool on) {
    m_normals = on;
    m_dirty = true;
    update();
}
void PreviewView::setShowTangents(bool on) {
    m_tangents = on;
    m_dirty = true;
    update();
}

void PreviewView::frameAll() {
    m_target = (m_min + m_max) * 0.5f;
    const float radius = std::max(0.01f, (m_max - m_min).length() * 0.5f);
    m_distance = radius / std::tan(qDegreesToRadians(22.5f)) * 1.1f;
    update();
}

QMatrix4x4 PreviewView::sceneMatrix() const {
    QMatrix4x4 m;
    // Shown in the right-handed frame the exporters write (z negated), so the preview and an
    // exported glTF look the same.
    if (m_scene.leftHanded) m.scale(1, 1, -1);
    return m;
}

QMatrix4x4 PreviewView::viewProjection() const {
    const float radius = std::max(0.01f, (m_max - m_min).length() * 0.5f);
    QMatrix4x4 projection;
    const float aspect = height() > 0 ? static_cast<float>(width()) / static_cast<float>(height()) : 1.0f;
    projection.perspective(45.0f, aspect, std::max(m_distance - radius * 4, m_distance * 0.001f),
                           m_distance + radius * 20);
    const float yaw = qDegreesToRadians(m_yaw), pitch = qDegreesToRadians(m_pitch);
    const QVector3D eye = m_target + m_distance * QVector3D(std::cos(pitch) * std::sin(yaw), std::sin(pitch),
                                                            std::cos(pitch) * std::cos(yaw));
    QMatrix4x4 view;
    view.lookAt(eye, m_target, QVector3D(0, 1, 0));
    return projection * view;
}

void PreviewView::initializeGL() {
    QOpenGLContext* ctx = context();
    if (!ctx || !ctx->isValid()) {
        emit unavailable(tr("No OpenGL context could be created."));
        return;
    }
    const QSurfaceFormat f = ctx->format();
    if (ctx->isOpenGLES() || f.majorVersion() < 3 || (f.majorVersion() == 3 && f.minorVersion() < 3) ||
        !initializeOpenGLFunctions()) {
        emit unavailable(tr("The 3D preview needs OpenGL 3.3 core; this context is %1.%2.")
                             .arg(f.majorVersion())
                             .arg(f.minorVersion()));
        return;
    }
    m_meshProgram = std::make_unique<QOpenGLShaderProgram>();
    m_lineProgram = std::make_unique<QOpenGLShaderProgram>();
    const bool ok = m_meshProgram->addShaderFromSourceFile(QOpenGLShader::Vertex,
                                                           QStringLiteral(":/shaders/mesh.vert")) &&
                    m_meshProgram->addShaderFromSourceFile(QOpenGLShader::Fragment,
                                                           QStringLiteral(":/shaders/mesh.frag")) &&
                    m_meshProgram->link() &&
                    m_lineProgram->addShaderFromSourceFile(QOpenGLShader::Vertex,
                                                           QStringLiteral(":/shaders/line.vert")) &&
                    m_lineProgram->addShaderFromSourceFile(QOpenGLShader::Fragment,
                                                           QStringLiteral(":/shaders/line.frag")) &&
                    m_lineProgram->link();
    if (!ok) {
        emit unavailable(tr("The 3D preview's shaders did not compile: %1")
                             .arg(m_meshProgram->log() + m_lineProgram->log()));
        return;
    }
    glGenVertexArrays(1, &m_lineVao);
    glGenBuffers(1, &m_lineVbo);
    // A new context (the first, or one replacing a lost one) holds none of the textures yet.
    m_textures.forget();
    m_meshProgram->bind();
    m_meshProgram->setUniformValue("uBaseTexture", 0);
    m_meshProgram->release();
    m_glInfo = QStringLiteral("OpenGL %1.%2 core — %3")
                   .arg(f.majorVersion())
                   .arg(f.minorVersion())
                   .arg(QString::fromLatin1(reinterpret_cast<const char*>(glGetString(GL_RENDERER))));
    m_ready = true;
    m_dirty = true;
}

void PreviewView::resizeGL(int, int) {}

void PreviewView::releaseBuffers() {
    auto release = [this](GpuMesh& m) {
        glDeleteBuffers(1, &m.vbo);
        glDeleteBuffers(1, &m.ebo);
        if (m.uvVbo) glDeleteBuffers(1, &m.uvVbo);
        glDeleteVertexArrays(1, &m.vao);
    };
    for (GpuMesh& m : m_meshes)
        release(m);
    m_meshes.clear();
    for (PlacedGpu& p : m_placed) {
        for (GpuMesh& m : p.meshes)
            release(m);
        glDeleteBuffers(1, &p.instanceVbo);
    }
    m_placed.clear();
}

// Mesh and box vertices: position, normal, uv, colour interleaved (12 floats), attributes 0–3.
void PreviewView::enableVertexAttributes() {
    const int sizes[] = {3, 3, 2, 4};
    std::size_t offset = 0;
    for (GLuint a = 0; a < 4; ++a) {
        glEnableVertexAttribArray(a);
        glVertexAttribPointer(a, sizes[a], GL_FLOAT, GL_FALSE, 12 * sizeof(float),
                              reinterpret_cast<const void*>(offset));
        offset += static_cast<std::size_t>(sizes[a]) * sizeof(float);
    }
}

// One row-vector world matrix per instance in `vbo`, as attributes 4–7 advancing per instance.
void PreviewView::enableInstanceMatrices(unsigned vbo) {
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    for (GLuint c = 0; c < 4; ++c) {
        glEnableVertexAttribArray(4 + c);
        glVertexAttribPointer(4 + c, 4, GL_FLOAT, GL_FALSE, 16 * sizeof(float),
                              reinterpret_cast<const void*>(c * 4 * sizeof(float)));
        glVertexAttribDivisor(4 + c, 1);
    }
}

PreviewView::GpuMesh PreviewView::uploadMesh(const exporting::ExportMesh& mesh, unsigned instanceVbo) {
    const std::size_t n = mesh.positions.size();
    std::vector<float> interleaved;
    interleaved.reserve(n * 12);
    for (std::size_t v = 0; v < n; ++v) {
        const auto& p = mesh.positions[v];
        const exporting::Vec3 normal = v < mesh.normals.size() ? mesh.normals[v] : exporting::Vec3{0, 0, 0};
        const exporting::Vec2 uv =
            !mesh.uvs.empty() && v < mesh.uvs[0].size() ? mesh.uvs[0][v] : exporting::Vec2{0, 0};
        const exporting::Vec4 color = v < mesh.colors.size() ? mesh.colors[v] : exporting::Vec4{1, 1, 1, 1};
        interleaved.insert(interleaved.end(), {p[0], p[1], p[2], normal[0], normal[1], normal[2], uv[0],
                                               uv[1], color[0], color[1], color[2], color[3]});
    }
    std::vector<std::uint32_t> indices;
    GpuMesh gpu;
    gpu.hasNormals = !mesh.normals.empty();
    for (const auto& primitive : mesh.primitives) {
        GpuMesh::Draw draw;
        draw.first = static_cast<int>(indices.size());
        draw.material = primitive.material;
        // Indices past the vertex list would read outside the buffer: leave those triangles out.
        for (std::size_t t = 0; t + 2 < primitive.indices.size(); t += 3) {
            const auto a = primitive.indices[t], b = primitive.indices[t + 1], c = primitive.indices[t + 2];
            if (a < n && b < n && c < n) indices.insert(indices.end(), {a, b, c});
        }
        draw.count = static_cast<int>(indices.size()) - draw.first;
        gpu.draws.push_back(draw);
    }
    glGenVertexArrays(1, &gpu.vao);
    glBindVertexArray(gpu.vao);
    glGenBuffers(1, &gpu.vbo);
    glBindBuffer(GL_ARRAY_BUFFER, gpu.vbo);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(interleaved.size() * sizeof(float)),
                 interleaved.data(), GL_STATIC_DRAW);
    glGenBuffers(1, &gpu.ebo);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, gpu.ebo);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(indices.size() * sizeof(std::uint32_t)),
                 indices.data(), GL_STATIC_DRAW);
    enableVertexAttributes();
    // Every UV set, for the texture's own set (pointed at per draw: useBaseTexture).
    gpu.uvVbo = uploadUvSets(*this, mesh);
    gpu.vertices = n;
    for (const auto& set : mesh.uvs)
        gpu.uvSets.push_back(!set.empty());
    // Placed models: one world matrix per instance, as for the boxes.
    if (instanceVbo) enableInstanceMatrices(instanceVbo);
    glBindVertexArray(0);
    return gpu;
}

void PreviewView::upload() {
    releaseBuffers();
    m_triangles = 0;
    for (std::size_t i = 0; i < m_scene.meshes.size(); ++i) {
        if (m_meshFilter >= 0 && static_cast<int>(i) != m_meshFilter) continue;
        m_meshes.push_back(uploadMesh(m_scene.meshes[i], 0));
        for (const auto& draw : m_meshes.back().draws)
            m_triangles += static_cast<std::size_t>(draw.count) / 3;
    }
    for (std::size_t model = 0; model < m_models.size(); ++model) {
        std::vector<exporting::Mat4> matrices;
        for (std::size_t i = 0; i < m_instances.size() && i < m_modelOf.size(); ++i)
            if (m_modelOf[i] == static_cast<int>(model)) matrices.push_back(m_instances[i]);
        PlacedGpu placed;
        placed.instances = static_cast<int>(matrices.size());
        glGenBuffers(1, &placed.instanceVbo);
        glBindBuffer(GL_ARRAY_BUFFER, placed.instanceVbo);
        glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(matrices.size() * sizeof(exporting::Mat4)),
                     matrices.data(), GL_STATIC_DRAW);
        for (const auto& mesh : m_models[model].meshes)
            placed.meshes.push_back(uploadMesh(mesh, placed.instanceVbo));
        m_placed.push_back(std::move(placed));
    }
    uploadInstances();
    std::vector<const std::vector<exporting::Material>*> materials{&m_scene.materials};
    for (const auto& model : m_models)
        materials.push_back(&model.materials);
    m_textures.sync(*this, materials);
    buildLines();
    m_dirty = false;
}

void PreviewView::uploadInstances() {
    const std::vector<exporting::Mat4>& boxes = boxMatrices();
    if (boxes.empty()) return;
    if (!m_boxVao) {
        // A unit box, 24 vertices so each face has its own normal.
        std::vector<float> v;
        std::vector<std::uint32_t> idx;
        const float n[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
        for (const auto& f : n) {
            const QVector3D normal(f[0], f[1], f[2]);
            const QVector3D u = std::abs(f[1]) > 0.5f ? QVector3D(1, 0, 0) : QVector3D(0, 1, 0);
            const QVector3D w = QVector3D::crossProduct(normal, u);
            const auto base = static_cast<std::uint32_t>(v.size() / 12);
            static const float corners[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
            for (const auto& [a, b] : corners) {
                const QVector3D p = (normal + u * a + w * b) * 0.5f;
                v.insert(v.end(),
                         {p.x(), p.y(), p.z(), f[0], f[1], f[2], (a + 1) / 2, (b + 1) / 2, 1, 1, 1, 1});
            }
            idx.insert(idx.end(), {base, base + 1, base + 2, base, base + 2, base + 3});
        }
        glGenVertexArrays(1, &m_boxVao);
        glBindVertexArray(m_boxVao);
        glGenBuffers(1, &m_boxVbo);
        glBindBuffer(GL_ARRAY_BUFFER, m_boxVbo);
        glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(v.size() * sizeof(float)), v.data(),
                     GL_STATIC_DRAW);
        glGenBuffers(1, &m_boxEbo);
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, m_boxEbo);
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(idx.size() * sizeof(std::uint32_t)),
                     idx.data(), GL_STATIC_DRAW);
        enableVertexAttributes();
        glGenBuffers(1, &m_instanceVbo);
        enableInstanceMatrices(m_instanceVbo);
        glBindVertexArray(0);
    }
    glBindBuffer(GL_ARRAY_BUFFER, m_instanceVbo);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(boxes.size() * sizeof(exporting::Mat4)),
                 boxes.data(), GL_STATIC_DRAW);
}

void PreviewView::paintGL() {
    if (!m_ready) return;
    if (m_dirty) upload();
    if (m_linesDirty) buildLines();
    const QColor bg = palette().color(QPalette::Base).lightness() < 128 ? QColor(0x26, 0x28, 0x2c)
                                                                        : QColor(0xE8, 0xEA, 0xEE);
    glClearColor(static_cast<float>(bg.redF()), static_cast<float>(bg.greenF()),
                 static_cast<float>(bg.blueF()), 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    const QMatrix4x4 vp = viewProjection();
    drawSurfaces(vp, sceneMatrix());
    drawLines(vp);
}

// The scene's meshes, the placed models' instances and the instances drawn as boxes.
void PreviewView::drawSurfaces(const QMatrix4x4& vp, const QMatrix4x4& model) {
    m_meshProgram->bind();
    m_meshProgram->setUniformValue("uMvp", vp * model);
    m_meshProgram->setUniformValue("uModel", model);
    m_meshProgram->setUniformValue("uNormalMatrix", model.normalMatrix());
    m_meshProgram->setUniformValue("uMode", static_cast<int>(m_shading));
    m_meshProgram->setUniformValue("uColors", static_cast<int>(m_colors));
    m_meshProgram->setUniformValue("uLightDir", QVector3D(0.4f, 0.8f, 0.45f));
    m_meshProgram->setUniformValue("uFlatColor", m_wireframe);
    m_meshProgram->setUniformValue("uInstanced", false);
    m_meshProgram->setUniformValue("uLineColor", palette().color(QPalette::Base).lightness() < 128
                                                     ? QVector3D(0.85f, 0.88f, 0.92f)
                                                     : QVector3D(0.1f, 0.12f, 0.16f));
    glPolygonMode(GL_FRONT_AND_BACK, m_wireframe ? GL_LINE : GL_FILL);
    for (const GpuMesh& mesh : m_meshes)
        drawMesh(mesh, m_scene.materials, 0, std::nullopt);
    if (!m_placed.empty()) {
        m_meshProgram->setUniformValue("uInstanced", true);
        for (std::size_t model = 0; model < m_placed.size(); ++model) {
            const PlacedGpu& placed = m_placed[model];
            // Each placed model's groups start further round the colour wheel.
            const auto groupOffset = 3 * static_cast<std::uint32_t>(model);
            for (const GpuMesh& mesh : placed.meshes)
                drawMesh(mesh, m_models[model].materials, groupOffset, placed.instances);
        }
        m_meshProgram->setUniformValue("uInstanced", false);
    }
    if (!boxMatrices().empty() && m_boxVao) {
        // Boxes stand in for models not found: their own plain colour in every colour choice.
        m_meshProgram->setUniformValue("uInstanced", true);
        m_meshProgram->setUniformValue("uColors", static_cast<int>(Colors::Plain));
        m_meshProgram->setUniformValue("uHasTexture", false);
        m_meshProgram->setUniformValue("uBaseColor", QVector3D(0.55f, 0.7f, 0.85f));
        m_meshProgram->setUniformValue("uGroupColor", groupColor(0));
        glBindVertexArray(m_boxVao);
        glDrawElementsInstanced(GL_TRIANGLES, 36, GL_UNSIGNED_INT, nullptr,
                                static_cast<GLsizei>(boxMatrices().size()));
        m_meshProgram->setUniformValue("uInstanced", false);
    }
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    m_meshProgram->release();
}

// One mesh's draws in their materials' colours: `instances` copies, or one plain draw without.
void PreviewView::drawMesh(const GpuMesh& mesh, const std::vector<exporting::Material>& materials,
                           std::uint32_t groupOffset, std::optional<int> instances) {
    glBindVertexArray(mesh.vao);
    for (const auto& draw : mesh.draws) {
        const exporting::Vec4 base = draw.material < materials.size() ? materials[draw.material].baseColor
                                                                      : exporting::Vec4{0.8f, 0.8f, 0.8f, 1};
        m_meshProgram->setUniformValue("uBaseColor", QVector3D(base[0], base[1], base[2]));
        m_meshProgram->setUniformValue("uGroupColor", groupColor(draw.material + groupOffset));
        useBaseTexture(mesh, draw.material < materials.size() ? &materials[draw.material] : nullptr);
        const auto* first =
            reinterpret_cast<const void*>(static_cast<std::size_t>(draw.first) * sizeof(std::uint32_t));
        if (instances)
            glDrawElementsInstanced(GL_TRIANGLES, draw.count, GL_UNSIGNED_INT, first, *instances);
        else
            glDrawElements(GL_TRIANGLES, draw.count, GL_UNSIGNED_INT, first);
    }
}

// Grid, axes, bounds, normals, tangents and curves as the options ask, then the selection.
void PreviewView::drawLines(const QMatrix4x4& vp) {
    m_lineProgram->bind();
    m_lineProgram->setUniformValue("uMvp", vp);
    glBindVertexArray(m_lineVao);
    int first = 0;
    if (m_grid) glDrawArrays(GL_LINES, first, m_gridVertices);
    first += m_gridVertices;
    if (m_axes) glDrawArrays(GL_LINES, first, m_axisVertices);
    first += m_axisVertices;
    if (m_bounds) glDrawArrays(GL_LINES, first, m_boundsVertices);
    first += m_boundsVertices;
    if (m_normals && m_normalVertices) glDrawArrays(GL_LINES, first, m_normalVertices);
    first += m_normalVertices;
    if (m_tangents && m_tangentVertices) glDrawArrays(GL_LINES, first, m_tangentVertices);
    first += m_tangentVertices;
    if (m_curveVertices) glDrawArrays(GL_LINES, first, m_curveVertices);
    first += m_curveVertices;
    if (m_highlightVertices) {
        // The selection stays visible through whatever is in front of it.
        glDisable(GL_DEPTH_TEST);
        glDrawArrays(GL_LINES, first, m_highlightVertices);
        glEnable(GL_DEPTH_TEST);
    }
    glBindVertexArray(0);
    m_lineProgram->release();
}

void PreviewView::mousePressEvent(QMouseEvent* event) {
    m_lastMouse = event->position().toPoint();
    m_pressPosition = m_lastMouse;
}

void PreviewView::mouseReleaseEvent(QMouseEvent* event) {
    // A click, not the end of an orbit: pick what lies under it.
    if (event->button() != Qt::LeftButton || event->modifiers() != Qt::NoModifier ||
        (event->position().toPoint() - m_pressPosition).manhattanLength() > 3)
        return;
    const Pick pick = pickAt(event->position());
    if (pick.instance >= 0) {
        setHighlightInstance(pick.instance);
        emit instancePicked(pick.instance);
    } else if (pick.triangle >= 0) {
        setHighlightTriangle(pick.mesh, pick.triangle);
        emit trianglePicked(pick.mesh, pick.triangle);
    }
}

void PreviewView::mouseMoveEvent(QMouseEvent* event) {
    const QPoint delta = event->position().toPoint() - m_lastMouse;
    m_lastMouse = event->position().toPoint();
    const bool pan = (event->buttons() & Qt::MiddleButton) ||
                     ((event->buttons() & Qt::LeftButton) && (event->modifiers() & Qt::ShiftModifier));
    if (pan) {
        const float scale = m_distance * 0.0015f;
        const float yaw = qDegreesToRadians(m_yaw);
        const QVector3D right(std::cos(yaw), 0, -std::sin(yaw));
        m_target +=
            (-static_cast<float>(delta.x()) * right + static_cast<float>(delta.y()) * QVector3D(0, 1, 0)) *
            scale;
    } else if (event->buttons() & Qt::LeftButton) {
        m_yaw -= static_cast<float>(delta.x()) * 0.4f;
        m_pitch = std::clamp(m_pitch + static_cast<float>(delta.y()) * 0.4f, -89.0f, 89.0f);
    } else if (event->buttons() & Qt::RightButton) {
        m_distance *= std::pow(1.01f, static_cast<float>(delta.y()));
    }
    update();
}

void PreviewView::wheelEvent(QWheelEvent* event) {
    m_distance *= std::pow(0.999f, static_cast<float>(event->angleDelta().y()));
    m_distance = std::max(m_distance, 1e-4f);
    update();
}

void PreviewView::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_F)
        frameAll();
    else if (event->key() == Qt::Key_W)
        setWireframe(!m_wireframe);
    else
        QOpenGLWidget::keyPressEvent(event);
}

} // namespace assetscope::app
