// FBX morph targets as readers expect them: the blend shapes Assimp 5.2.5 writes, rewritten
// (export/fbx_blend_shapes.h), read back from the node tree and through Assimp's importer.
#include "tst_modelbin_fixtures.h"

#include "export/fbx_node_tree.h"
#include "export/fbx_properties.h"
#include "export/scene_writer.h"
#include "formats/modelbin/sample_models.h"

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <zlib.h>

#include <cmath>
#include <map>

using namespace assetscope;
using namespace assetscope::exporting;

namespace {

// One geometry or deformer of the Objects list, its properties decoded as far as these tests need.
struct FbxObject {
    std::string record; // "Geometry", "Deformer" …
    std::int64_t uid = 0;
    std::string name, objectClass, type;
    std::map<std::string, FbxProperty> children; // a child record's first property
};

struct ReadBack {
    std::vector<FbxObject> objects;
    std::vector<std::pair<std::int64_t, std::int64_t>> links; // (child, parent)

    std::vector<const FbxObject*> ofType(std::string_view type) const {
        std::vector<const FbxObject*> out;
        for (const auto& o : objects)
            if (o.type == type) out.push_back(&o);
        return out;
    }
    // The objects of `type` linked to `parent`, in the order of the links.
    std::vector<const FbxObject*> childrenOf(std::int64_t parent, std::string_view type) const {
        std::vector<const FbxObject*> out;
        for (const auto& [child, to] : links)
            for (const auto& o : objects)
                if (to == parent && o.uid == child && o.type == type) out.push_back(&o);
        return out;
    }
};

std::string readAll(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    const QByteArray bytes = f.readAll();
    return std::string(bytes.constData(), std::size_t(bytes.size()));
}

ReadBack readBack(const QString& path) {
    ReadBack r;
    auto file = readFbxTree(readAll(path));
    if (!file) return r;
    for (const FbxNode& n : file->top("Objects")->children) {
        if (n.name != "Geometry" && n.name != "Deformer") continue; // not Models, Materials …
        const auto props = readProperties(n);
        if (!props || props->size() < 3) continue;
        FbxObject o;
        o.record = n.name;
        o.uid = integerValue((*props)[0]).value_or(0);
        const auto name = splitObjectName(stringValue((*props)[1]).value_or(""));
        o.name = name ? name->name : "";
        o.objectClass = name ? name->objectClass : "";
        o.type = stringValue((*props)[2]).value_or("");
        for (const FbxNode& c : n.children) {
            const auto cp = readProperties(c);
            if (cp && !cp->empty()) o.children[c.name] = cp->front();
        }
        r.objects.push_back(std::move(o));
    }
    for (const FbxNode& c : file->top("Connections")->children) {
        const auto props = readProperties(c);
        if (props && props->size() >= 3)
            r.links.emplace_back(*integerValue((*props)[1]), *integerValue((*props)[2]));
    }
    return r;
}

std::vector<double> reals(const FbxObject& o, const std::string& child) {
    const auto it = o.children.find(child);
    return it == o.children.end() ? std::vector<double>{}
                                  : realArray(it->second).value_or(std::vector<double>{});
}

std::vector<std::int32_t> ints(const FbxObject& o, const std::string& child) {
    const auto it = o.children.find(child);
    return it == o.children.end() ? std::vector<std::int32_t>{}
                                  : intArray(it->second).value_or(std::vector<std::int32_t>{});
}

// A quad in the xy plane facing +z, already right-handed (nothing is mirrored), and a fifth
// vertex at the position of the third (a seam: its own UV) closing a third triangle. Target
// "lift" raises vertex 0 and tilts the normal of vertex 1 without moving it; "wave" lowers
// vertex 2 (and so its seam twin) and moves no normal.
ExportScene liftScene() {
    ExportScene s;
    s.name = "lift";
    s.leftHanded = false;
    s.materials.push_back(Material::plain("felt", {0.5f, 0.5f, 0.5f, 1}));
    ExportMesh m;
    m.name = "pad";
    m.positions = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {1, 1, 0}};
    m.normals.assign(5, Vec3{0, 0, 1});
    m.uvs = {{{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0.5f, 0.5f}}};
    m.primitives.push_back({0, {0, 1, 2, 0, 2, 3, 1, 4, 3}});
    MorphTarget lift{"lift", std::vector<Vec3>(5, Vec3{0, 0, 0}), std::vector<Vec3>(5, Vec3{0, 0, 0})};
    lift.positionDeltas[0] = {0, 0, 0.5f};
    lift.normalDeltas[1] = {1, 0, 0};
    MorphTarget wave{"wave", std::vector<Vec3>(5, Vec3{0, 0, 0}), {}};
    wave.positionDeltas[2] = {0, 0, -0.25f};
    wave.positionDeltas[4] = {0, 0, -0.25f};
    m.morphTargets = {lift, wave};
    s.meshes.push_back(m);
    return s;
}

} // namespace

class TestFbxBlendShapes : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString path(const QString& name) const { return m_dir.filePath(name); }

    bool write(const ExportScene& s, const QString& file) {
        std::string error;
        const bool ok = writeScene(s, Format::Fbx, file.toStdString(), error);
        if (!ok) qWarning("export failed: %s", error.c_str());
        return ok;
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // Worked out by hand from liftScene(): one control point per vertex (five; a writer that
    // merges equal positions, as later Assimp versions do, gives four), every one listed by
    // every shape, and the normal change of the unmoved vertex 1 kept.
    void shapesListEveryControlPoint() {
        QVERIFY(write(liftScene(), path("lift.fbx")));
        const ReadBack r = readBack(path("lift.fbx"));
        const auto meshes = r.ofType("Mesh");
        QCOMPARE(meshes.size(), std::size_t(1));
        const auto points = reals(*meshes[0], "Vertices");
        const auto shapes = r.ofType("Shape");
        QCOMPARE(shapes.size(), std::size_t(2));
        const std::size_t pointCount = points.size() / 3;
        QVERIFY2(pointCount == 4 || pointCount == 5, qPrintable(QString::number(pointCount)));
        for (const FbxObject* shape : shapes) {
            QCOMPARE(shape->record, std::string("Geometry"));
            QCOMPARE(shape->objectClass, std::string("Geometry")); // not Assimp's "Blendshape"
            std::vector<std::int32_t> all(pointCount);
            for (std::size_t p = 0; p < pointCount; ++p)
                all[p] = std::int32_t(p);
            QCOMPARE(ints(*shape, "Indexes"), all);
            QCOMPARE(shape->children.at("Vertices").type, 'd');
            QCOMPARE(reals(*shape, "Vertices").size(), 3 * pointCount);
            QCOMPARE(reals(*shape, "Normals").size(), 3 * pointCount);
        }
        // Control points are the vertices in the order the triangles first use them: 0, 1, 2, 3
        // (and 4 if Assimp does not join it with 2).
        const FbxObject& lift = *shapes[0];
        const FbxObject& wave = *shapes[1];
        QCOMPARE(lift.name, std::string("lift"));
        QCOMPARE(wave.name, std::string("wave"));
        std::vector<double> liftMoves(3 * pointCount, 0.0), waveMoves(3 * pointCount, 0.0);
        liftMoves[2] = 0.5;
        waveMoves[8] = -0.25;
        if (pointCount == 5) waveMoves[14] = -0.25;
        QCOMPARE(reals(lift, "Vertices"), liftMoves);
        QCOMPARE(reals(wave, "Vertices"), waveMoves);
        // normalise((0, 0, 1) + (1, 0, 0)) − (0, 0, 1) = (√½, 0, √½ − 1): Assimp leaves this out,
        // since the vertex does not move.
        const auto liftNormals = reals(lift, "Normals");
        const float h = std::sqrt(0.5f);
        QCOMPARE(float(liftNormals[3]), h);
        QCOMPARE(float(liftNormals[4]), 0.0f);
        QCOMPARE(float(liftNormals[5]), h - 1.0f);
        for (std::size_t i = 0; i < liftNormals.size(); ++i)
            if (i < 3 || i > 5) QCOMPARE(liftNormals[i], 0.0);
        QCOMPARE(reals(wave, "Normals"), std::vector<double>(3 * pointCount, 0.0));
    }

    void deformersAndChannelsAreNamedAsReadersExpect() {
        QVERIFY(write(liftScene(), path("lift.fbx")));
        const ReadBack r = readBack(path("lift.fbx"));
        const auto deformers = r.ofType("BlendShape");
        QCOMPARE(deformers.size(), std::size_t(1));
        QCOMPARE(deformers[0]->objectClass, std::string("Deformer")); // not "Blendshapes"
        QCOMPARE(deformers[0]->name, std::string("pad"));
        const auto channels = r.childrenOf(deformers[0]->uid, "BlendShapeChannel");
        QCOMPARE(channels.size(), std::size_t(2));
        for (std::size_t t = 0; t < 2; ++t) {
            const FbxObject& channel = *channels[t];
            QCOMPARE(channel.objectClass, std::string("SubDeformer"));
            QCOMPARE(channel.children.at("FullWeights").type, 'f'); // floats, one per shape
            QCOMPARE(reals(channel, "FullWeights"), std::vector<double>{100.0});
            const auto shapes = r.childrenOf(channel.uid, "Shape");
            QCOMPARE(shapes.size(), std::size_t(1));
            QCOMPARE(shapes[0]->name, std::string(t == 0 ? "lift" : "wave"));
        }
        // The deformer hangs off the mesh geometry.
        QCOMPARE(r.childrenOf(r.ofType("Mesh")[0]->uid, "BlendShape").size(), std::size_t(1));
    }

    // Assimp reads the shapes back as anim meshes with their names, positions and normals.
    void assimpReadsTheMorphsBack() {
        QVERIFY(write(liftScene(), path("lift.fbx")));
        Assimp::Importer importer;
        const aiScene* back = importer.ReadFile(path("lift.fbx").toStdString(), 0);
        QVERIFY2(back, importer.GetErrorString());
        QCOMPARE(back->mNumMeshes, 1u);
        const aiMesh* m = back->mMeshes[0];
        QCOMPARE(m->mNumAnimMeshes, 2u);
        QCOMPARE(std::string(m->mAnimMeshes[0]->mName.C_Str()), std::string("lift"));
        QCOMPARE(std::string(m->mAnimMeshes[1]->mName.C_Str()), std::string("wave"));
        // Assimp's importer gives each triangle corner its own vertex: find them by position.
        std::size_t raised = 0, tilted = 0, lowered = 0;
        for (unsigned v = 0; v < m->mNumVertices; ++v) {
            const aiVector3D p = m->mVertices[v];
            const aiVector3D lifted = m->mAnimMeshes[0]->mVertices[v];
            const aiVector3D waved = m->mAnimMeshes[1]->mVertices[v];
            const aiVector3D n = m->mAnimMeshes[0]->mNormals[v];
            if (p == aiVector3D(0, 0, 0)) raised += std::fabs(lifted.z - 0.5f) < 1e-6f;
            if (p == aiVector3D(1, 0, 0)) tilted += std::fabs(n.x - std::sqrt(0.5f)) < 1e-5f && n.y == 0.0f;
            if (p == aiVector3D(1, 1, 0)) lowered += std::fabs(waved.z + 0.25f) < 1e-6f;
        }
        QCOMPARE(raised, std::size_t(2));  // vertex 0 is a corner of two triangles
        QCOMPARE(tilted, std::size_t(2));  // vertex 1 too
        QCOMPARE(lowered, std::size_t(3)); // vertex 2 twice, its seam twin once
    }

    // A target that moves nothing of one material's triangles still gets a full shape there:
    // Blender's importer refuses a shape without indices.
    void aTargetMovingNothingOfAMeshStillListsItsPoints() {
        ExportScene s = liftScene();
        s.materials.push_back(Material::plain("wood", {0.4f, 0.3f, 0.2f, 1}));
        ExportMesh& m = s.meshes[0];
        m.primitives = {{0, {0, 1, 2}}, {1, {0, 2, 3}}};
        m.morphTargets[0].positionDeltas.assign(5, Vec3{0, 0, 0});
        m.morphTargets[0].positionDeltas[1] = {0, 0, 1}; // only in the first triangle
        m.morphTargets[0].normalDeltas.clear();
        QVERIFY(write(s, path("split.fbx")));
        const ReadBack r = readBack(path("split.fbx"));
        const auto meshes = r.ofType("Mesh");
        QCOMPARE(meshes.size(), std::size_t(2)); // one per material
        for (std::size_t k = 0; k < 2; ++k) {
            const auto deformer = r.childrenOf(meshes[k]->uid, "BlendShape");
            QCOMPARE(deformer.size(), std::size_t(1));
            const auto channels = r.childrenOf(deformer[0]->uid, "BlendShapeChannel");
            QCOMPARE(channels.size(), std::size_t(2));
            const auto lift = r.childrenOf(channels[0]->uid, "Shape");
            QCOMPARE(ints(*lift[0], "Indexes"), (std::vector<std::int32_t>{0, 1, 2}));
            // Triangle (0, 1, 2): vertex 1 rises; triangle (0, 2, 3) holds no vertex that moves.
            const std::vector<double> moved =
                k == 0 ? std::vector<double>{0, 0, 0, 0, 0, 1, 0, 0, 0} : std::vector<double>(9, 0.0);
            QCOMPARE(reals(*lift[0], "Vertices"), moved);
        }
        Assimp::Importer importer;
        const aiScene* back = importer.ReadFile(path("split.fbx").toStdString(), 0);
        QVERIFY2(back, importer.GetErrorString());
        QCOMPARE(back->mNumMeshes, 2u);
        for (unsigned k = 0; k < 2; ++k)
            QCOMPARE(back->mMeshes[k]->mNumAnimMeshes, 2u);
    }

    // The roadster wheel sample, worked out from its definition (sample_models_animated.cpp):
    // the tyre is a 32-segment open cylinder (32 quads) and two rings of 32 quads, 4 vertices
    // a quad: 384; the rim a capped cylinder, 32 quads and two 32-gons: 192. tyre_width moves
    // every tyre vertex 0.03 along x; rim_size moves the tyre's inner ring (2 vertices of each of
    // the 64 ring quads: 128) and every rim vertex (all lie on the inner radius) 0.025 outwards.
    void wheelSampleShapes() {
        const auto parsed = fixtures::parse(fixtures::buildModelBytes(modelbin::sample_models::wheel()),
                                            "sample_roadster_wheel_lf.modelbin");
        std::string reason;
        const auto scene = parsed->exportScene({}, reason);
        QVERIFY2(scene, reason.c_str());
        QVERIFY(write(*scene, path("wheel.fbx")));
        const ReadBack r = readBack(path("wheel.fbx"));
        const auto meshes = r.ofType("Mesh");
        QCOMPARE(meshes.size(), std::size_t(2));
        const std::size_t wantPoints[2] = {384, 192};
        const std::vector<std::string> wantShapes[2] = {{"tyre_width", "rim_size"}, {"rim_size"}};
        for (std::size_t k = 0; k < 2; ++k) {
            QCOMPARE(reals(*meshes[k], "Vertices").size(), 3 * wantPoints[k]);
            const auto deformer = r.childrenOf(meshes[k]->uid, "BlendShape");
            QCOMPARE(deformer.size(), std::size_t(1));
            const auto channels = r.childrenOf(deformer[0]->uid, "BlendShapeChannel");
            QCOMPARE(channels.size(), wantShapes[k].size());
            for (std::size_t t = 0; t < channels.size(); ++t) {
                QCOMPARE(channels[t]->name, wantShapes[k][t]);
                QCOMPARE(channels[t]->children.at("FullWeights").type, 'f');
                const auto shape = r.childrenOf(channels[t]->uid, "Shape");
                QCOMPARE(shape.size(), std::size_t(1));
                QCOMPARE(shape[0]->objectClass, std::string("Geometry"));
                QCOMPARE(shape[0]->name, wantShapes[k][t]);
                const auto indexes = ints(*shape[0], "Indexes");
                QCOMPARE(indexes.size(), wantPoints[k]);
                QCOMPARE(indexes.back(), std::int32_t(wantPoints[k] - 1));
                const auto d = reals(*shape[0], "Vertices");
                std::size_t moved = 0;
                for (std::size_t p = 0; p < wantPoints[k]; ++p) {
                    const double x = d[3 * p], y = d[3 * p + 1], z = d[3 * p + 2];
                    const double length = std::sqrt(x * x + y * y + z * z);
                    if (length == 0) continue;
                    ++moved;
                    const bool width = wantShapes[k][t] == "tyre_width";
                    // The deltas are stored quantised: within 1e-4 of the definition's.
                    QVERIFY2(std::fabs(length - (width ? 0.03 : 0.025)) < 1e-4,
                             qPrintable(QString::number(length)));
                    if (width)
                        QVERIFY(std::fabs(std::fabs(x) - 0.03) < 1e-4);
                    else
                        QCOMPARE(x, 0.0);
                }
                const std::size_t wantMoved = wantShapes[k][t] == "tyre_width" ? 384 : k == 0 ? 128 : 192;
                QCOMPARE(moved, wantMoved);
            }
        }
        Assimp::Importer importer;
        const aiScene* back = importer.ReadFile(path("wheel.fbx").toStdString(), 0);
        QVERIFY2(back, importer.GetErrorString());
        QCOMPARE(back->mNumMeshes, 2u);
        for (unsigned k = 0; k < 2; ++k) {
            const aiMesh* m = back->mMeshes[k];
            QCOMPARE(std::size_t(m->mNumAnimMeshes), wantShapes[k].size());
            for (unsigned t = 0; t < m->mNumAnimMeshes; ++t)
                QCOMPARE(std::string(m->mAnimMeshes[t]->mName.C_Str()), wantShapes[k][t]);
        }
    }

    // The property codec: arrays as Assimp writes them and deflated as the FBX SDK may.
    void propertiesReadAndWrite() {
        FbxNode node;
        node.name = "Vertices";
        const std::vector<double> values{1.5, -2.25, 0.0, 1e300};
        setProperties(node, {doubleArrayProperty(values), stringProperty(joinObjectName("a", "Geometry"))});
        const auto props = readProperties(node);
        QVERIFY(props);
        QCOMPARE(props->size(), std::size_t(2));
        QCOMPARE(realArray((*props)[0]), std::optional(values));
        QCOMPARE(stringValue((*props)[1]), std::optional(std::string("a\0\x01Geometry", 11)));
        QCOMPARE(splitObjectName(*stringValue((*props)[1]))->objectClass, std::string("Geometry"));
        QVERIFY(!intArray((*props)[0]));

        // An int array deflated (encoding 1).
        const std::vector<std::int32_t> numbers{7, -1, 3};
        uLongf length = compressBound(uLong(numbers.size() * 4));
        std::string deflated(length, '\0');
        QCOMPARE(compress(reinterpret_cast<Bytef*>(deflated.data()), &length,
                          reinterpret_cast<const Bytef*>(numbers.data()), uLong(numbers.size() * 4)),
                 Z_OK);
        deflated.resize(length);
        FbxProperty packed;
        packed.type = 'i';
        for (std::uint32_t v : {std::uint32_t(numbers.size()), 1u, std::uint32_t(length)})
            packed.data.append(reinterpret_cast<const char*>(&v), 4);
        packed.data += deflated;
        QCOMPARE(intArray(packed), std::optional(numbers));
        packed.data[0] = 4; // one element more than the deflated bytes hold
        QVERIFY(!intArray(packed));

        // Properties that run past the record, or an unknown type code, are refused.
        FbxNode bad = node;
        bad.propertyCount = 3;
        QVERIFY(!readProperties(bad));
        bad = node;
        bad.properties[0] = 'Q';
        QVERIFY(!readProperties(bad));
        bad = node;
        bad.properties.pop_back();
        QVERIFY(!readProperties(bad));
    }
};

QTEST_GUILESS_MAIN(TestFbxBlendShapes)
#include "tst_fbx_blend_shapes.moc"
