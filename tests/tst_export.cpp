// glTF export: conventions of the CLI contract checked on the files read back with tinygltf,
// and every file run through the Khronos validator.
#include "tst_export_scenes.h"

#include "export/scene_writer.h"
#include "export/tiny_gltf_config.h"
#include "export/whole_scene_writer.h"
#include "test_support.h"

#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <cstring>
#include <filesystem>

using namespace assetscope;
using namespace assetscope::exporting;
using namespace assetscope::test;

namespace {

// An accessor's values as floats (any component type), tightly or stride packed.
std::vector<float> floats(const tinygltf::Model& m, int accessor) {
    const auto& a = m.accessors.at(std::size_t(accessor));
    const auto& view = m.bufferViews.at(std::size_t(a.bufferView));
    const auto& data = m.buffers.at(std::size_t(view.buffer)).data;
    const int comps = tinygltf::GetNumComponentsInType(std::uint32_t(a.type));
    const int size = tinygltf::GetComponentSizeInBytes(std::uint32_t(a.componentType));
    const std::size_t stride = view.byteStride ? view.byteStride : std::size_t(comps * size);
    std::vector<float> out;
    for (std::size_t i = 0; i < a.count; ++i)
        for (int c = 0; c < comps; ++c) {
            const unsigned char* p =
                data.data() + view.byteOffset + a.byteOffset + i * stride + std::size_t(c * size);
            float f = 0;
            if (a.componentType == TINYGLTF_COMPONENT_TYPE_FLOAT)
                std::memcpy(&f, p, 4);
            else if (a.componentType == TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT) {
                std::uint16_t v;
                std::memcpy(&v, p, 2);
                f = v;
            } else if (a.componentType == TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT) {
                std::uint32_t v;
                std::memcpy(&v, p, 4);
                f = float(v);
            } else if (a.componentType == TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE)
                f = *p;
            out.push_back(f);
        }
    return out;
}

std::vector<std::uint32_t> indices(const tinygltf::Model& m, const tinygltf::Primitive& p) {
    std::vector<std::uint32_t> out;
    for (float f : floats(m, p.indices))
        out.push_back(std::uint32_t(f));
    return out;
}

tinygltf::Model load(const QString& path) {
    tinygltf::TinyGLTF loader;
    tinygltf::Model model;
    std::string err, warn;
    const bool ok = path.endsWith(".glb") ? loader.LoadBinaryFromFile(&model, &err, &warn, path.toStdString())
                                          : loader.LoadASCIIFromFile(&model, &err, &warn, path.toStdString());
    if (!ok) qWarning("tinygltf: %s", err.c_str());
    return model;
}

// Column-major 4x4 products, as glTF stores matrices.
using Col4 = std::array<double, 16>;
Col4 mul(const Col4& a, const Col4& b) {
    Col4 r{};
    for (int row = 0; row < 4; ++row)
        for (int col = 0; col < 4; ++col)
            for (int k = 0; k < 4; ++k)
                r[std::size_t(col * 4 + row)] += a[std::size_t(k * 4 + row)] * b[std::size_t(col * 4 + k)];
    return r;
}

Col4 nodeLocal(const tinygltf::Node& n) {
    Col4 m{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    if (n.matrix.size() == 16) {
        std::copy(n.matrix.begin(), n.matrix.end(), m.begin());
        return m;
    }
    const double x = n.rotation.size() == 4 ? n.rotation[0] : 0,
                 y = n.rotation.size() == 4 ? n.rotation[1] : 0;
    const double z = n.rotation.size() == 4 ? n.rotation[2] : 0,
                 w = n.rotation.size() == 4 ? n.rotation[3] : 1;
    const Col4 r{1 - 2 * (y * y + z * z),
                 2 * (x * y + z * w),
                 2 * (x * z - y * w),
                 0,
                 2 * (x * y - z * w),
                 1 - 2 * (x * x + z * z),
                 2 * (y * z + x * w),
                 0,
                 2 * (x * z + y * w),
                 2 * (y * z - x * w),
                 1 - 2 * (x * x + y * y),
                 0,
                 0,
                 0,
                 0,
                 1};
    Col4 s{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    if (n.scale.size() == 3) s[0] = n.scale[0], s[5] = n.scale[1], s[10] = n.scale[2];
    Col4 t{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    if (n.translation.size() == 3)
        t[12] = n.translation[0], t[13] = n.translation[1], t[14] = n.translation[2];
    return mul(t, mul(r, s));
}

Col4 nodeWorld(const tinygltf::Model& m, int node) {
    Col4 world = nodeLocal(m.nodes[std::size_t(node)]);
    for (bool found = true; found;) {
        found = false;
        for (std::size_t p = 0; p < m.nodes.size(); ++p)
            for (int c : m.nodes[p].children)
                if (c == node) {
                    world = mul(nodeLocal(m.nodes[p]), world);
                    node = int(p);
                    found = true;
                }
    }
    return world;
}

QString validatorScript() {
    return QStringLiteral(ASSETSCOPE_SOURCE_DIR "/tests/validate_gltf.mjs");
}

} // namespace

class TestExport : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString path(const QString& name) const { return m_dir.filePath(name); }

    // Writes the scene as both glb and gltf and returns the two paths.
    QStringList writeBoth(const ExportScene& scene, const QString& stem) {
        QStringList paths;
        for (auto [format, ext] : {std::pair{Format::Glb, ".glb"}, std::pair{Format::Gltf, ".gltf"}}) {
            const QString p = path(stem + ext);
            std::string error;
            WriteReport report;
            const bool ok = writeScene(scene, format, p.toStdString(), error, &report);
            if (!ok) qWarning("export failed: %s", error.c_str());
            paths << (ok ? p : QString());
        }
        return paths;
    }

    void validate(const QString& file) {
        if (QStandardPaths::findExecutable("node").isEmpty())
            QSKIP("node is not installed: the Khronos validator could not run (CI: install nodejs)");
        if (!QDir(ASSETSCOPE_SOURCE_DIR "/tests/node_modules/gltf-validator").exists())
            QSKIP("tests/node_modules/gltf-validator is missing: run `npm ci --prefix tests`");
        const auto r = runProcess("node", {validatorScript(), file});
        QVERIFY2(r.exitCode == 0, qPrintable(QString::fromUtf8(r.out + r.err)));
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void cubeMirrorsAndKeepsAttributes() {
        const ExportScene source = cubeScene();
        const ExportMesh& src = source.meshes[0];
        for (const QString& file : writeBoth(source, "cube")) {
            QVERIFY(!file.isEmpty());
            const auto model = load(file);
            QCOMPARE(model.meshes.size(), std::size_t(1));
            const auto& prim = model.meshes[0].primitives.at(0);
            const auto pos = floats(model, prim.attributes.at("POSITION"));
            const auto nrm = floats(model, prim.attributes.at("NORMAL"));
            const auto tan = floats(model, prim.attributes.at("TANGENT"));
            const auto uv = floats(model, prim.attributes.at("TEXCOORD_0"));
            const auto col = floats(model, prim.attributes.at("COLOR_0"));
            QCOMPARE(pos.size(), src.positions.size() * 3);
            for (std::size_t v = 0; v < src.positions.size(); ++v) {
                QCOMPARE(pos[v * 3 + 0], src.positions[v][0]);
                QCOMPARE(pos[v * 3 + 1], src.positions[v][1]);
                QCOMPARE(pos[v * 3 + 2], -src.positions[v][2]); // mirrored
                QCOMPARE(nrm[v * 3 + 2], -src.normals[v][2]);
                QCOMPARE(tan[v * 4 + 0], src.tangents[v][0]);
                QCOMPARE(tan[v * 4 + 2], -src.tangents[v][2]);
                QCOMPARE(tan[v * 4 + 3], -src.tangents[v][3]); // the mirror flips handedness
                QCOMPARE(uv[v * 2 + 0], src.uvs[0][v][0]);     // top-left origin as given
                QCOMPARE(uv[v * 2 + 1], src.uvs[0][v][1]);
                for (std::size_t c = 0; c < 4; ++c)
                    QCOMPARE(col[v * 4 + c], src.colors[v][c]);
            }
            // The mirrored bitangent w·(N × T) is the mirror image of the source's.
            for (std::size_t v = 0; v < src.positions.size(); ++v) {
                const Vec3 n{nrm[v * 3], nrm[v * 3 + 1], nrm[v * 3 + 2]};
                const Vec3 t{tan[v * 4], tan[v * 4 + 1], tan[v * 4 + 2]};
                const Vec3 b = crossOf(n, t);
                const Vec3 sb =
                    crossOf(src.normals[v], {src.tangents[v][0], src.tangents[v][1], src.tangents[v][2]});
                QCOMPARE(tan[v * 4 + 3] * b[2], -(src.tangents[v][3] * sb[2]));
                QCOMPARE(tan[v * 4 + 3] * b[0], src.tangents[v][3] * sb[0]);
            }
            // Winding: each exported face's normal points along its exported vertex normals.
            const auto idx = indices(model, prim);
            QCOMPARE(idx.size(), std::size_t(36));
            for (std::size_t t = 0; t < idx.size(); t += 3) {
                auto P = [&](std::uint32_t i) { return Vec3{pos[i * 3], pos[i * 3 + 1], pos[i * 3 + 2]}; };
                const Vec3 a = P(idx[t]), b = P(idx[t + 1]), c = P(idx[t + 2]);
                const Vec3 fn =
                    crossOf({b[0] - a[0], b[1] - a[1], b[2] - a[2]}, {c[0] - a[0], c[1] - a[1], c[2] - a[2]});
                for (std::size_t k = 0; k < 3; ++k) {
                    const std::uint32_t i = idx[t + k];
                    const float dot = fn[0] * nrm[i * 3] + fn[1] * nrm[i * 3 + 1] + fn[2] * nrm[i * 3 + 2];
                    QVERIFY2(dot > 0,
                             qPrintable(QString("triangle %1 faces away from its normals").arg(t / 3)));
                }
            }
            // POSITION min/max: the mirrored cube spans x 0.5..1.5, y 1.5..2.5, z −3.5..−2.5.
            const auto& acc = model.accessors[std::size_t(prim.attributes.at("POSITION"))];
            QCOMPARE(acc.minValues, (std::vector<double>{0.5, 1.5, -3.5}));
            QCOMPARE(acc.maxValues, (std::vector<double>{1.5, 2.5, -2.5}));
            QCOMPARE(model.materials.size(), std::size_t(1));
            QCOMPARE(model.materials[0].name, std::string("paint"));
            QCOMPARE(model.materials[0].pbrMetallicRoughness.baseColorFactor[0], double(0.9f));
            validate(file);
        }
    }

    void gltfBufferLiesNextToIt() {
        const auto paths = writeBoth(cubeScene(), "with space");
        QVERIFY(QFile::exists(path("with_space.bin")));
        QFile f(paths[1]);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().contains("\"uri\": \"with_space.bin\""));
        validate(paths[1]);
    }

    // A second vertex colour set (a MeshSet's Color1) is glTF's COLOR_1.
    void secondColourSetIsColor1() {
        ExportScene s = cubeScene();
        ExportMesh& m = s.meshes[0];
        m.colors1.assign(m.positions.size(), Vec4{0.25f, 0.5f, 0.75f, 1.0f});
        for (const QString& file : writeBoth(s, "two_colour_sets")) {
            QVERIFY(!file.isEmpty());
            const auto model = load(file);
            const auto& prim = model.meshes[0].primitives.at(0);
            QVERIFY(prim.attributes.count("COLOR_0"));
            const auto second = floats(model, prim.attributes.at("COLOR_1"));
            QCOMPARE(second.size(), m.positions.size() * 4);
            QCOMPARE(second[0], 0.25f);
            QCOMPARE(second[2], 0.75f);
            validate(file);
        }
    }

    void rightHandedInputIsNotMirrored() {
        ExportScene s = cubeScene();
        s.leftHanded = false;
        // Flip the winding so that it agrees with the normals in a right-handed reading too.
        for (auto& p : s.meshes[0].primitives)
            for (std::size_t t = 0; t < p.indices.size(); t += 3)
                std::swap(p.indices[t + 1], p.indices[t + 2]);
        const auto file = writeBoth(s, "righthanded")[0];
        const auto model = load(file);
        const auto& prim = model.meshes[0].primitives[0];
        const auto pos = floats(model, prim.attributes.at("POSITION"));
        const auto tan = floats(model, prim.attributes.at("TANGENT"));
        QCOMPARE(pos[2], s.meshes[0].positions[0][2]);
        QCOMPARE(tan[3], s.meshes[0].tangents[0][3]);
        QCOMPARE(indices(model, prim), s.meshes[0].primitives[0].indices);
        validate(file);
    }

    void twoPrimitivesTwoMaterials() {
        const ExportScene source = twoMaterialScene();
        for (const QString& file : writeBoth(source, "materials")) {
            const auto model = load(file);
            QCOMPARE(model.materials.size(), std::size_t(2));
            QCOMPARE(model.materials[0].name, std::string("metal"));
            QCOMPARE(model.materials[1].name, std::string("glass"));
            QCOMPARE(model.materials[1].alphaMode, std::string("BLEND"));
            QCOMPARE(model.meshes[0].primitives.size(), std::size_t(2));
            QCOMPARE(model.meshes[0].primitives[0].material, 0);
            QCOMPARE(model.meshes[0].primitives[1].material, 1);
            QCOMPARE(indices(model, model.meshes[0].primitives[0]).size(), std::size_t(18));
            QCOMPARE(indices(model, model.meshes[0].primitives[1]).size(), std::size_t(18));
            validate(file);
        }
    }

    void skinHasJointsWeightsAndInverseBinds() {
        const ExportScene source = skinnedScene();
        for (const QString& file : writeBoth(source, "skinned")) {
            const auto model = load(file);
            QCOMPARE(model.skins.size(), std::size_t(1));
            const auto& skin = model.skins[0];
            QCOMPARE(skin.joints.size(), std::size_t(2));
            QCOMPARE(model.nodes[std::size_t(skin.joints[0])].name, std::string("root"));
            QCOMPARE(model.nodes[std::size_t(skin.joints[1])].name, std::string("tip"));
            QCOMPARE(model.nodes[std::size_t(skin.joints[0])].children, std::vector<int>{skin.joints[1]});
            const auto ibm = floats(model, skin.inverseBindMatrices);
            QCOMPARE(ibm.size(), std::size_t(32));
            for (std::size_t j = 0; j < 2; ++j) {
                Col4 inv;
                std::copy(ibm.begin() + std::ptrdiff_t(j * 16), ibm.begin() + std::ptrdiff_t(j * 16 + 16),
                          inv.begin());
                const Col4 product = mul(inv, nodeWorld(model, skin.joints[j]));
                for (int r = 0; r < 4; ++r)
                    for (int c = 0; c < 4; ++c)
                        QVERIFY2(std::fabs(product[std::size_t(c * 4 + r)] - (r == c ? 1.0 : 0.0)) < 1e-5,
                                 qPrintable(QString("joint %1: IBM x world differs from identity at %2,%3")
                                                .arg(j)
                                                .arg(r)
                                                .arg(c)));
            }
            // The tip's world position, worked out by hand: (0, 2, 0.5) rotated 30° about y
            // (row-vector: x' = z·sin 30°, z' = z·cos 30°), plus (0, 1, 2); then z mirrored.
            const Col4 tip = nodeWorld(model, skin.joints[1]);
            QVERIFY(std::fabs(tip[12] - 0.25) < 1e-5);
            QVERIFY(std::fabs(tip[13] - 3.0) < 1e-5);
            QVERIFY(std::fabs(tip[14] - -(2.0 + 0.5 * std::cos(3.14159265358979 / 6))) < 1e-5);

            const auto& prim = model.meshes[0].primitives[0];
            const auto joints = floats(model, prim.attributes.at("JOINTS_0"));
            const auto weights = floats(model, prim.attributes.at("WEIGHTS_0"));
            for (std::size_t v = 0; v < weights.size() / 4; ++v) {
                const float sum =
                    weights[v * 4] + weights[v * 4 + 1] + weights[v * 4 + 2] + weights[v * 4 + 3];
                QVERIFY(std::fabs(sum - 1.0f) < 1e-6f);
                for (std::size_t k = 0; k < 4; ++k)
                    if (weights[v * 4 + k] == 0) QCOMPARE(joints[v * 4 + k], 0.0f);
            }
            // Vertex 2 (y = 1, t = 1/3): weights 4/3 (root) and 1/3 + 1/3 (tip merged) → 2/3, 1/3.
            QVERIFY(std::fabs(weights[8] - 2.0f / 3.0f) < 1e-6f);
            QVERIFY(std::fabs(weights[9] - 1.0f / 3.0f) < 1e-6f);
            QCOMPARE(joints[9], 1.0f);
            QCOMPARE(weights[10], 0.0f);
            const auto& meshNode = *std::find_if(model.nodes.begin(), model.nodes.end(),
                                                 [](const auto& n) { return n.mesh == 0; });
            QCOMPARE(meshNode.skin, 0);
            validate(file);
        }
    }

    void givenInverseBindsAreMirroredNotRecomputed() {
        ExportScene s = skinnedScene();
        s.skins[0].inverseBind = {translation(0, -1, -2), translation(1, 2, 3)};
        const auto file = writeBoth(s, "given_ibm")[0];
        const auto model = load(file);
        const auto ibm = floats(model, model.skins[0].inverseBindMatrices);
        QCOMPARE(ibm[12], 0.0f);
        QCOMPARE(ibm[13], -1.0f);
        QCOMPARE(ibm[14], 2.0f);
        QCOMPARE(ibm[16 + 14], -3.0f);
    }

    void morphTargetsHaveNames() {
        const ExportScene source = morphScene();
        for (const QString& file : writeBoth(source, "morph")) {
            const auto model = load(file);
            const auto& mesh = model.meshes[0];
            QCOMPARE(mesh.weights, (std::vector<double>{0, 0}));
            const auto& names = mesh.extras.Get("targetNames");
            QVERIFY(names.IsArray());
            QCOMPARE(names.ArrayLen(), std::size_t(2));
            QCOMPARE(names.Get(0).Get<std::string>(), std::string("flat"));
            QCOMPARE(names.Get(1).Get<std::string>(), std::string("wide"));
            const auto& prim = mesh.primitives[0];
            QCOMPARE(prim.targets.size(), std::size_t(2));
            const auto flat = floats(model, prim.targets[0].at("POSITION"));
            QCOMPARE(flat[2], -0.5f); // deltas mirrored like positions
            QCOMPARE(flat[7], -0.5f);
            const auto& acc = model.accessors[std::size_t(prim.targets[1].at("POSITION"))];
            QCOMPARE(acc.minValues, (std::vector<double>{-0.25, 0, 0}));
            QCOMPARE(acc.maxValues, (std::vector<double>{0.25, 0, 1}));
            QVERIFY(prim.targets[1].count("NORMAL"));
            QVERIFY(!prim.targets[0].count("NORMAL"));
            validate(file);
        }
    }

    void largeMeshUses32BitIndices() {
        ExportScene s;
        s.name = "grid";
        ExportMesh m;
        m.name = "grid";
        const int side = 300; // 90,000 vertices: beyond 16-bit indices
        for (int y = 0; y < side; ++y)
            for (int x = 0; x < side; ++x) {
                m.positions.push_back({float(x), float(y), 0});
                m.normals.push_back({0, 0, -1});
            }
        Primitive p;
        for (std::uint32_t y = 0; y + 1 < side; ++y)
            for (std::uint32_t x = 0; x + 1 < side; ++x) {
                const std::uint32_t a = y * side + x, b = a + 1, c = a + side + 1, d = a + side;
                for (std::uint32_t i : {a, c, b, a, d, c})
                    p.indices.push_back(i);
            }
        m.primitives.push_back(p);
        s.meshes.push_back(m);
        const auto file = writeBoth(s, "grid")[0];
        const auto model = load(file);
        QCOMPARE(model.accessors[std::size_t(model.meshes[0].primitives[0].indices)].componentType,
                 TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT);
        // The last triangle (a, d, c) is written (a, c, d): its last index is the swapped c.
        QCOMPARE(indices(model, model.meshes[0].primitives[0]).back(), p.indices[p.indices.size() - 2]);
        validate(file);
    }

    void repairsZeroNormalsAndNonFiniteValues() {
        ExportScene s = morphScene();
        s.meshes[0].normals[1] = {0, 0, 0};
        s.meshes[0].normals[2] = {0, 0, 7}; // not unit, and pointing the other way: kept, normalised
        s.meshes[0].positions[2][0] = std::numeric_limits<float>::quiet_NaN();
        s.meshes[0].morphTargets.clear();
        std::string error;
        WriteReport report;
        const QString file = path("repaired.glb");
        QVERIFY(writeScene(s, Format::Glb, file.toStdString(), error, &report));
        QCOMPARE(report.warnings.size(), std::size_t(2));
        const auto model = load(file);
        const auto& prim = model.meshes[0].primitives[0];
        const auto nrm = floats(model, prim.attributes.at("NORMAL"));
        const auto pos = floats(model, prim.attributes.at("POSITION"));
        QCOMPARE(pos[6], 0.0f);
        // Vertex 1's faces are mirrored to face +z.
        QCOMPARE(nrm[3], 0.0f);
        QCOMPARE(nrm[5], 1.0f);
        QCOMPARE(nrm[8], -1.0f);
        validate(file);
    }

    void inconsistentScenesAreErrors_data() {
        QTest::addColumn<int>("breakage");
        QTest::addColumn<QString>("expected");
        QTest::newRow("index outside") << 0 << "index 24 outside its 24 vertices";
        QTest::newRow("normals count") << 1 << "23 normals for 24 vertices";
        QTest::newRow("material") << 2 << "material 5 does not exist";
        QTest::newRow("not triangles") << 3 << "not a multiple of 3";
        QTest::newRow("skin") << 4 << "skin 3 does not exist";
        QTest::newRow("joint cycle") << 5 << "cycle";
        QTest::newRow("empty") << 6 << "nothing to export";
        QTest::newRow("uv count") << 7 << "UV set 0 has 2 entries";
        QTest::newRow("bind count") << 8 << "1 inverse bind matrices for 2 joints";
    }

    void inconsistentScenesAreErrors() {
        QFETCH(int, breakage);
        QFETCH(QString, expected);
        ExportScene s = cubeScene();
        ExportMesh& m = s.meshes[0];
        switch (breakage) {
        case 0:
            m.primitives[0].indices[4] = 24;
            break;
        case 1:
            m.normals.pop_back();
            break;
        case 2:
            m.primitives[0].material = 5;
            break;
        case 3:
            m.primitives[0].indices.pop_back();
            break;
        case 4:
            m.skin = 3;
            break;
        case 5:
            s = skinnedScene();
            s.skins[0].joints[0].parent = 1;
            break;
        case 6:
            m.primitives.clear();
            break;
        case 7:
            m.uvs[0].resize(2);
            break;
        case 8:
            s = skinnedScene();
            s.skins[0].inverseBind = {assetscope::math::identityMatrix()};
            break;
        }
        for (Format f : {Format::Glb, Format::Gltf, Format::Obj, Format::Fbx}) {
            std::string error;
            const QString file =
                path(QString("broken%1.%2").arg(breakage).arg(QString::fromUtf8(formatName(f).data())));
            QVERIFY(!writeScene(s, f, file.toStdString(), error));
            QVERIFY2(QString::fromStdString(error).contains(expected), error.c_str());
            QVERIFY(!QFile::exists(file));
        }
    }

    void unwritableFolderIsAnError() {
        std::string error;
        QVERIFY(!writeScene(cubeScene(), Format::Glb, path("no/such/folder/x.glb").toStdString(), error));
        QVERIFY2(error.find("cannot open") != std::string::npos, error.c_str());
    }

    // The single export's .gltf and .bin appear together or not at all: with the .bin's name
    // taken by a folder, neither file is left, nor the folder they were staged in.
    void wholeSceneLeavesNothingWhenACompanionFails() {
        const QString folder = path("whole");
        QVERIFY(QDir().mkpath(folder + "/x.bin"));
        QFile keep(folder + "/x.bin/keep");
        QVERIFY(keep.open(QIODevice::WriteOnly));
        keep.close();
        std::string error;
        QVERIFY(!writeWholeScene(cubeScene(), Format::Gltf, (folder + "/x.gltf").toStdString(), error));
        QVERIFY(!error.empty());
        QCOMPARE(QDir(folder).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
                 QStringList{"x.bin"});

        WriteReport report;
        QVERIFY2(writeWholeScene(cubeScene(), Format::Gltf, (folder + "/y.gltf").toStdString(), error, &report),
                 error.c_str());
        QCOMPARE(report.files.size(), std::size_t(2));
        QCOMPARE(QString::fromStdString(report.files[0].string()), folder + "/y.gltf");
        QVERIFY(QFile::exists(folder + "/y.bin"));
        QVERIFY(!QFile::exists(folder + "/.y.gltf.partial"));
    }

    void formatsByNameAndExtension() {
        QCOMPARE(formatFromName("GLB"), std::optional<Format>(Format::Glb));
        QCOMPARE(formatFromName("fbx"), std::optional<Format>(Format::Fbx));
        QVERIFY(!formatFromName("dae"));
        QCOMPARE(formatFromPath("a/b.Gltf"), std::optional<Format>(Format::Gltf));
        QCOMPARE(formatFromPath("x.obj"), std::optional<Format>(Format::Obj));
        QVERIFY(!formatFromPath("noext"));
    }
};

QTEST_GUILESS_MAIN(TestExport)
#include "tst_export.moc"
