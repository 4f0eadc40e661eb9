// What each export format keeps (export_formats.h FormatKeeps): the words the dialog and the
// user guide show, and the writers' files holding exactly what the words say.
#include "tst_export_scenes.h"

#include "export/fbx_node_tree.h"
#include "export/fbx_properties.h"
#include "export/scene_writer.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace assetscope;
using namespace assetscope::exporting;
using namespace assetscope::test;

namespace {

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The cube with everything a scene can carry: two UV sets, two colour sets with alpha below 1,
// tangents, a skin of two joints of which only one weights vertices, a morph target, and its
// faces split over two materials.
ExportScene fullScene() {
    ExportScene s = twoMaterialScene();
    ExportMesh& m = s.meshes[0];
    m.uvs.push_back(m.uvs[0]);
    for (auto& uv : m.uvs[1])
        uv = {uv[0] * 4, uv[1] * 4};
    for (auto& c : m.colors)
        c[3] = 0.5f;
    m.colors1.assign(m.positions.size(), Vec4{0.1f, 0.2f, 0.3f, 0.4f});
    Skin skin;
    skin.name = "rig";
    skin.joints.push_back({"hip", -1, translation(0, 0, 0)});
    skin.joints.push_back({"spare", 0, translation(0, 1, 0)});
    s.skins.push_back(skin);
    m.skin = 0;
    m.joints.assign(m.positions.size(), {0, 0, 0, 0});
    m.weights.assign(m.positions.size(), Vec4{1, 0, 0, 0});
    m.morphTargets.push_back({"swell", std::vector<Vec3>(m.positions.size(), Vec3{0, 0.1f, 0}), {}});
    return s;
}

const FbxNode* findNode(const std::vector<FbxNode>& nodes, std::string_view name) {
    for (const auto& node : nodes) {
        if (node.name == name) return &node;
        if (const FbxNode* inner = findNode(node.children, name)) return inner;
    }
    return nullptr;
}

std::size_t arraySize(const FbxNode* node) {
    const auto props = node ? readProperties(*node) : std::nullopt;
    if (!props || props->empty()) return 0;
    if (const auto reals = realArray(props->front())) return reals->size();
    if (const auto ints = intArray(props->front())) return ints->size();
    return 0;
}

std::size_t countNodes(const std::vector<FbxNode>& nodes, std::string_view name) {
    std::size_t n = 0;
    for (const auto& node : nodes)
        n += (node.name == name) + countNodes(node.children, name);
    return n;
}

} // namespace

class TestExportKeeps : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString path(const QString& name) const { return m_dir.filePath(name); }

    void write(Format format, const QString& file) {
        std::string error;
        QVERIFY2(writeScene(fullScene(), format, file.toStdString(), error), error.c_str());
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // The words, as a person reads them under the dialog's format choice.
    void keepsTextReads() {
        const std::string gltf =
            "Keeps every UV set, both vertex colour sets, tangents, skins and morph "
            "targets with their names. Materials keep their textures (base colour, normal, "
            "emissive, occlusion and metallic-roughness) as PNG ";
        QCOMPARE(keepsText(exportFormat(Format::Glb).keeps), gltf + "images inside the file.");
        QCOMPARE(keepsText(exportFormat(Format::Gltf).keeps), gltf + "files beside it.");
        QCOMPARE(
            keepsText(exportFormat(Format::Obj).keeps),
            std::string("Keeps UV set 0 and the first vertex colour set without its alpha; loses further UV "
                        "sets, the second colour set, tangents, skins and morph targets. Meshes are written "
                        "in their rest pose. Materials keep their base colour, normal and emissive textures "
                        "as PNG files beside it; occlusion and metallic-roughness textures are left out."));
        QCOMPARE(
            keepsText(exportFormat(Format::Fbx).keeps),
            std::string("Keeps every UV set, the first vertex colour set, skins and morph targets with their "
                        "names; loses the second colour set and tangents. A mesh with several materials "
                        "becomes one mesh per material. Materials keep their base colour, normal and "
                        "emissive textures as PNG files beside it; occlusion and metallic-roughness textures "
                        "are left out. Joints that weight no vertex may be left out."));
        QCOMPARE(keepsText(FormatKeeps{.colourSets = 0, .note = {}}),
                 std::string(
                     "Keeps every UV set, tangents, skins and morph targets with their names; loses vertex "
                     "colours."));
    }

    // The user guide's export section says the same words (line breaks aside).
    void userGuideSaysTheSame() {
        QString guide =
            QString::fromUtf8(readAll(QStringLiteral(ASSETSCOPE_SOURCE_DIR "/docs/user-guide.md")));
        QVERIFY(!guide.isEmpty());
        guide.replace(QRegularExpression(QStringLiteral("\\s+")), QStringLiteral(" "));
        for (const ExportFormat& f : exportFormats()) {
            const QString words = QString::fromStdString(keepsText(f.keeps));
            QVERIFY2(guide.contains(words), qPrintable(words));
        }
    }

    void gltfKeepsWhatItSays() {
        write(Format::Gltf, path("full.gltf"));
        const auto doc = nlohmann::json::parse(readAll(path("full.gltf")).toStdString());
        const FormatKeeps& keeps = exportFormat(Format::Gltf).keeps;
        const auto& prim = doc["meshes"][0]["primitives"][0];
        const auto& attributes = prim["attributes"];
        QCOMPARE(attributes.contains("TEXCOORD_1"), keeps.everyUvSet);
        QCOMPARE(std::size_t(attributes.contains("COLOR_0") + attributes.contains("COLOR_1")),
                 std::size_t(keeps.colourSets));
        QCOMPARE(attributes.contains("TANGENT"), keeps.tangents);
        QCOMPARE(attributes.contains("JOINTS_0") && doc["skins"][0]["joints"].size() == 2, keeps.skins);
        QCOMPARE(prim["targets"].size() == 1 && doc["meshes"][0]["extras"]["targetNames"][0] == "swell",
                 keeps.morphTargets);
        QCOMPARE(doc["meshes"].size() == 1 && doc["meshes"][0]["primitives"].size() == 2,
                 !keeps.meshPerMaterial);
        // COLOR_0 is four floats a vertex: alpha kept.
        QCOMPARE(doc["accessors"][std::size_t(attributes["COLOR_0"])]["type"] == "VEC4", keeps.colourAlpha);
    }

    void objKeepsWhatItSays() {
        WriteReport report;
        std::string error;
        QVERIFY2(writeScene(fullScene(), Format::Obj, path("full.obj").toStdString(), error, &report),
                 error.c_str());
        const FormatKeeps& keeps = exportFormat(Format::Obj).keeps;
        std::size_t v = 0, vt = 0, objects = 0, rgbOnly = 0;
        for (const QByteArray& line : readAll(path("full.obj")).split('\n')) {
            const QList<QByteArray> t = line.split(' ');
            v += t[0] == "v";
            rgbOnly += t[0] == "v" && t.size() == 7; // x y z r g b
            vt += t[0] == "vt";
            objects += t[0] == "o";
        }
        QCOMPARE(v, std::size_t(24));
        QCOMPARE(vt == 48, keeps.everyUvSet); // 24 with UV set 0 alone
        QCOMPARE(rgbOnly == v, !keeps.colourAlpha && keeps.colourSets >= 1);
        QCOMPARE(objects == 2, keeps.meshPerMaterial);
        QVERIFY(!keeps.tangents && !keeps.skins && !keeps.morphTargets); // OBJ has no statement for them
        // Each loss is said when it happens: the second UV set, the second colour set, the
        // skin and the morph target.
        QCOMPARE(report.warnings.size(), std::size_t(4));
    }

    void fbxKeepsWhatItSays() {
        WriteReport report;
        std::string error;
        QVERIFY2(writeScene(fullScene(), Format::Fbx, path("full.fbx").toStdString(), error, &report),
                 error.c_str());
        const auto tree = readFbxTree(readAll(path("full.fbx")).toStdString());
        QVERIFY(tree);
        const FormatKeeps& keeps = exportFormat(Format::Fbx).keeps;
        const std::size_t meshes = keeps.meshPerMaterial ? 2 : 1; // one per material
        QCOMPARE(countNodes(tree->nodes, "LayerElementUV") == 2 * meshes, keeps.everyUvSet);
        QCOMPARE(countNodes(tree->nodes, "LayerElementColor"), std::size_t(keeps.colourSets) * meshes);
        QCOMPARE(countNodes(tree->nodes, "LayerElementTangent") > 0, keeps.tangents);
        QCOMPARE(countNodes(tree->nodes, "LayerElementBinormal") > 0, keeps.tangents);
        std::size_t skins = 0, blendShapes = 0, geometries = 0, limbs = 0;
        for (const FbxNode& n : tree->top("Objects")->children) {
            const std::string_view props = n.properties;
            skins += n.name == "Deformer" && props.find("Skin") != std::string_view::npos;
            blendShapes += n.name == "Deformer" && props.find("BlendShapeChannel") != std::string_view::npos;
            geometries += n.name == "Geometry" && props.ends_with("Mesh");
            limbs += n.name == "Model" && props.find("LimbNode") != std::string_view::npos;
        }
        QCOMPARE(geometries, meshes);
        QCOMPARE(skins == meshes, keeps.skins);
        QCOMPARE(blendShapes == meshes, keeps.morphTargets);
        // The joint that weights nothing and does not move the other is left out, as the note says.
        QCOMPARE(limbs, std::size_t(1));
        QVERIFY(!keeps.note.empty());
        // Colours are written with alpha: four numbers a triangle corner.
        const FbxNode* colours = findNode(tree->nodes, "LayerElementColor");
        QVERIFY(colours);
        QCOMPARE(arraySize(colours->child("Colors")) ==
                     4 * arraySize(findNode(tree->nodes, "PolygonVertexIndex")),
                 keeps.colourAlpha);
        // The losses are said: tangents and the second colour set.
        QCOMPARE(report.warnings.size(), std::size_t(2));
    }
};

QTEST_GUILESS_MAIN(TestExportKeeps)
#include "tst_export_keeps.moc"
