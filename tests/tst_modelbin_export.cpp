#include "tst_modelbin_fixtures.h"

#include "formats/modelbin/sample_models.h"

#include <QtTest>

#include <cmath>

using namespace fixtures;

namespace {

std::unique_ptr<ParsedFile> sample(const BuildModel& spec, const std::string& name) {
    return parse(buildModelBytes(spec), name);
}

std::vector<std::string> materialNames(const exporting::ExportScene& s) {
    std::vector<std::string> out;
    for (const auto& mesh : s.meshes)
        out.push_back(s.materials.at(mesh.primitives.at(0).material).name);
    return out;
}

} // namespace

class TestModelbinExport : public QObject {
    Q_OBJECT

private slots:
    void defaultSelectionIsTheFinestDrawnLod() {
        const auto parsed = sample(sample_models::windTurbine(), "t.a.modelbin");
        std::string reason;
        const auto scene = parsed->exportScene({}, reason);
        QVERIFY2(scene, reason.c_str());
        QVERIFY(scene->leftHanded);
        QCOMPARE(scene->meshes.size(), std::size_t{2}); // LOD0's tower and rotor, not LOD1's
        ExportSelection lod1;
        lod1.lod = 1;
        const auto coarse = parsed->exportScene(lod1, reason);
        QVERIFY(coarse);
        QVERIFY(coarse->meshes[0].positions.size() < scene->meshes[0].positions.size());
    }

    void variantsAndSeasonsChooseMaterials() {
        const auto parsed = sample(sample_models::house(0), "h.i.modelbin");
        std::string reason;
        const auto base = parsed->exportScene({}, reason);
        QVERIFY(base);
        QCOMPARE(base->meshes.size(), std::size_t{6});
        QCOMPARE(materialNames(*base)[4], std::string("bld_sample_house_a_sign_VARIANT_0"));
        QCOMPARE(materialNames(*base)[1], std::string("bld_sample_house_a_roof_tiles"));
        ExportSelection winterB;
        winterB.variant = 1;
        winterB.season = 3;
        const auto other = parsed->exportScene(winterB, reason);
        QVERIFY(other);
        QCOMPARE(materialNames(*other)[4], std::string("bld_sample_house_a_sign_VARIANT_1"));
        QCOMPARE(materialNames(*other)[1], std::string("bld_sample_house_a_roof_tiles_snow"));
        QCOMPARE(materialNames(*other)[0], std::string("bld_sample_house_a_plaster")); // -1: the summer id
        ExportSelection one;
        one.meshes = {2};
        const auto door = parsed->exportScene(one, reason);
        QVERIFY(door);
        QCOMPARE(door->meshes.size(), std::size_t{1});
        QCOMPARE(door->meshes[0].name, std::string("bld_sample_house_a_door"));
        one.meshes = {60};
        QVERIFY(!parsed->exportScene(one, reason));
        QVERIFY(reason.find("60") != std::string::npos);
    }

    void occluderOnlyModelStillExports() {
        const auto parsed = sample(sample_models::houseOccluder(), "o.i.modelbin");
        std::string reason;
        const auto scene = parsed->exportScene({}, reason);
        QVERIFY(scene);
        QCOMPARE(scene->meshes.size(), std::size_t{1});
        QVERIFY(scene->meshes[0].normals.empty());
        QVERIFY(scene->meshes[0].uvs.empty());
    }

    void skinJointsAndInverseBind() {
        const auto parsed = sample(sample_models::windTurbine(), "t.a.modelbin");
        std::string reason;
        const auto scene = parsed->exportScene({}, reason);
        QVERIFY(scene);
        QCOMPARE(scene->skins.size(), std::size_t{1});
        const auto& skin = scene->skins[0];
        QCOMPARE(skin.joints.size(), std::size_t{3});
        QCOMPARE(skin.joints[2].name, std::string("Rotor_Blades"));
        QCOMPARE(skin.joints[2].parent, 1);
        // Rest translation (0, 30, −1.6) in the last row; its inverse bind undoes it.
        QCOMPARE(skin.inverseBind[2][13], -30.0f);
        QVERIFY(std::fabs(skin.inverseBind[2][14] - 1.6f) < 1e-6f);
        const auto& rotor = scene->meshes[1];
        QCOMPARE(rotor.skin, std::optional<std::uint32_t>(0));
        QCOMPARE(rotor.joints[0][0], std::uint16_t{2});
        QCOMPARE(rotor.weights[0][0], 1.0f);
        // Bind pose in model space: the rotor's vertices sit around its bone, not the origin.
        float y = 0;
        for (const auto& p : rotor.positions)
            y += p[1];
        QVERIFY(std::fabs(y / float(rotor.positions.size()) - 30.0f) < 3.0f);
    }

    void morphTargetsCarryTheirNames() {
        const auto parsed = sample(sample_models::wheel(), "w.modelbin");
        std::string reason;
        const auto scene = parsed->exportScene({}, reason);
        QVERIFY(scene);
        QCOMPARE(scene->meshes[0].morphTargets.size(), std::size_t{2});
        QCOMPARE(scene->meshes[0].morphTargets[0].name, std::string("tyre_width"));
        QCOMPARE(scene->meshes[1].morphTargets[0].name, std::string("rim_size"));
        QCOMPARE(scene->meshes[0].morphTargets[0].positionDeltas.size(), scene->meshes[0].positions.size());
        QCOMPARE(scene->meshes[0].joints.size(), scene->meshes[0].positions.size());
        for (const auto& w : scene->meshes[0].weights)
            QVERIFY(std::fabs(w[0] + w[1] + w[2] + w[3] - 1.0f) < 1e-5f);
    }

    void uvsTangentsAndColoursArePassedOn() {
        const auto parsed = sample(sample_models::terrainPatch(8), "p.i.modelbin");
        std::string reason;
        const auto scene = parsed->exportScene({}, reason);
        QVERIFY(scene);
        const auto& m = scene->meshes[0];
        QCOMPARE(m.uvs.size(), std::size_t{2});
        QCOMPARE(m.tangents.size(), m.positions.size());
        QCOMPARE(m.colors.size(), m.positions.size());
        // The detail set tiles (x / 4): its transform restores values far outside 0..1.
        QVERIFY(std::fabs(m.uvs[1][0][0] - (-12.0f)) < 1e-3f);
        QVERIFY(std::fabs(m.uvs[0][0][0]) < 1e-6f);
    }
};

QTEST_APPLESS_MAIN(TestModelbinExport)
#include "tst_modelbin_export.moc"
