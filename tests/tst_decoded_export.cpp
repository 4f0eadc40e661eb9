// exportMeshFrom: the one step from a decoded mesh to an export mesh, and the options in which a
// model's export and a MeshSet's differ (texture-coordinate gaps, tangents without normals, skin).
#include "contract/decoded_export.h"

#include <QtTest>

#include <cmath>

using namespace assetscope;
using Options = ExportMeshOptions;

namespace {

// Two vertices with positions, UV sets 0 and 2 (set 1 missing) and tangents but no normals.
decode::DecodedMesh twoVertices() {
    decode::DecodedMesh d;
    d.vertexCount = 2;
    d.positions = {0, 1, 2, 3, 4, 5};
    d.uvs[0] = {0.25f, 0.5f, 0.75f, 1};
    d.uvs[2] = {2, 3, 4, 5};
    d.tangents[0] = {1, 0, 0, -1, 0, 1, 0, 1};
    d.indices = {0, 1, 0};
    return d;
}

} // namespace

class TestDecodedExport : public QObject {
    Q_OBJECT

private slots:
    void streamsAsVectors() {
        decode::DecodedMesh d = twoVertices();
        d.normals = {0, 0, 1, 0, 1, 0};
        d.colors1 = {1, 0, 0, 1, 0, 1, 0, 1};
        d.colors = {0.5f}; // not one per vertex: left out
        const exporting::ExportMesh m = exportMeshFrom(d, {});
        QCOMPARE(m.positions.size(), std::size_t{2});
        QCOMPARE(m.positions[1], (exporting::Vec3{3, 4, 5}));
        QCOMPARE(m.normals[0], (exporting::Vec3{0, 0, 1}));
        QCOMPARE(m.tangents[0], (exporting::Vec4{1, 0, 0, -1}));
        QCOMPARE(m.colors1[1], (exporting::Vec4{0, 1, 0, 1}));
        QVERIFY(m.colors.empty());
        QVERIFY(m.primitives.empty() && !m.skin); // the caller's
    }

    void uvGaps() {
        const decode::DecodedMesh d = twoVertices();
        Options first;
        first.uvSets = Options::UvSets::FromFirst;
        QCOMPARE(exportMeshFrom(d, first).uvs.size(), std::size_t{1}); // stops at the missing set 1
        Options highest;
        highest.uvSets = Options::UvSets::UpToHighest;
        const auto m = exportMeshFrom(d, highest);
        QCOMPARE(m.uvs.size(), std::size_t{3});
        QCOMPARE(m.uvs[1], (std::vector<exporting::Vec2>{{0, 0}, {0, 0}})); // the gap as zeros
        QCOMPARE(m.uvs[2][1], (exporting::Vec2{4, 5}));
    }

    void tangentsWithoutNormals() {
        const decode::DecodedMesh d = twoVertices();
        Options model;
        model.tangentsNeedNormals = true;
        QVERIFY(exportMeshFrom(d, model).tangents.empty());
        QCOMPARE(exportMeshFrom(d, {}).tangents.size(), std::size_t{2});
    }

    void strongestFourInfluences() {
        decode::DecodedMesh d = twoVertices();
        d.influences = 5;
        d.weights = {0.1f, 0.5f, -0.2f, 0.0f, 0.4f, 0, 0, 0, 0, 0};
        d.bones = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        Options options;
        options.skin = Options::Skin::StrongestFour;
        const auto m = exportMeshFrom(d, options);
        // By weight: 0.5 (bone 2), 0.4 (5), 0.1 (1), 0 (4, which becomes joint 0); -0.2 is dropped.
        QCOMPARE(m.joints[0], (std::array<std::uint16_t, 4>{2, 5, 1, 0}));
        QVERIFY(std::fabs(m.weights[0][0] - 0.5f) < 1e-6f && std::fabs(m.weights[0][1] - 0.4f) < 1e-6f);
        QCOMPARE(m.weights[0][3], 0.0f);
        QCOMPARE(m.joints[1], (std::array<std::uint16_t, 4>{0, 0, 0, 0})); // no weight: joint 0, weight 1
        QCOMPARE(m.weights[1], (exporting::Vec4{1, 0, 0, 0}));
        QVERIFY(exportMeshFrom(d, {}).joints.empty());
    }

    void storedBlendElements() {
        decode::DecodedMesh d = twoVertices();
        d.blendIndices = {4, 5, 6, 7, 1, 0, 0, 0};
        d.blendWeights = {1, 3, 0, 0, 0, 0, 0, 0};
        Options options;
        options.skin = Options::Skin::AsStored;
        options.joint = [](std::uint16_t i) { return static_cast<std::uint16_t>(i + 10); };
        const auto m = exportMeshFrom(d, options);
        QCOMPARE(m.joints[0], (std::array<std::uint16_t, 4>{14, 15, 16, 17})); // stored order, mapped
        QCOMPARE(m.weights[0], (exporting::Vec4{0.25f, 0.75f, 0, 0}));
        QCOMPARE(m.weights[1], (exporting::Vec4{1, 0, 0, 0}));
        d.blendWeights.clear(); // indices without weights: no skin
        QVERIFY(exportMeshFrom(d, options).joints.empty());
    }

    void morphTargets() {
        decode::DecodedMesh d = twoVertices();
        decode::MorphDeltas morph;
        morph.name = "smile";
        morph.positions = {1, 0, 0, 0, 2, 0};
        morph.normals = {0, 0, 0, 0, 0, 0};
        d.morphs.push_back(morph);
        const auto m = exportMeshFrom(d, {});
        QCOMPARE(m.morphTargets.size(), std::size_t{1});
        QCOMPARE(m.morphTargets[0].name, std::string("smile"));
        QCOMPARE(m.morphTargets[0].positionDeltas[1], (exporting::Vec3{0, 2, 0}));
    }
};

QTEST_APPLESS_MAIN(TestDecodedExport)
#include "tst_decoded_export.moc"
