// Scene export of placement files (`export INPUT.pgeo... -o OUT`): one node per instance record
// at its record's position mirrored into glTF's frame, each model stored once, a missing model
// an empty node named by its template, curve records as lines, one parent node per input; the
// model lookup in extra folders and archives; every file through the Khronos validator.
#include "export/placed_scene.h"
#include "export/tiny_gltf_config.h"
#include "formats/pgeo/pgeo_file.h"
#include "formats/pgeo/pgeo_writer.h"
#include "open/open_input.h"
#include "open/placement_models.h"
#include "samples/sample_set.h"
#include "test_support.h"

#include <QDir>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <set>

using namespace assetscope;
using namespace assetscope::exporting;
using namespace assetscope::test;

namespace {

const std::string kHouse = "media/models/bld_sample_house_a_lod";

Bytes sampleBytes(const std::string& name) {
    for (const auto& file : samples::allSampleFiles())
        if (file.name == name) return file.data;
    return {};
}

// Two houses (the second in material variant 1, with the document's fixed-point example as its
// z), a template no model file answers, and a block with one spline curve record.
pgeo::PgeoFile cell() {
    pgeo::PgeoFile f;
    f.sectionName = "c50_buildings_do_cellx0z-118_section0";
    f.category = "BUILDINGS";
    pgeo::InstanceRecord plain;
    plain.position = {0x00050000u, 0x00000000u, 0x80020000u}; // 5, 0, -2
    pgeo::InstanceRecord turned;
    turned.position = {0x00010000u, 0x00018000u, 0x96F33B00u}; // 1, 1.50000763, -5875.23047
    turned.rotation = {0.6f, 0.f, 0.8f, 0.f, 1.f, 0.f};
    turned.scale = {2.f, 2.f, 2.f};
    turned.materialVariant = 1;
    pgeo::Block houses;
    houses.name = "bld_sample_house_a_3D";
    houses.setInstances({plain, turned});
    houses.sources = {{"BLD_SAMPLE_HOUSE_A", 0, 2}};
    pgeo::InstanceRecord lonely;
    lonely.position = {0x000A0000u, 0x00000000u, 0x000A0000u}; // 10, 0, 10
    pgeo::Block missing;
    missing.name = "prp_nowhere_a_3D";
    missing.setInstances({lonely});
    missing.sources = {{"PRP_NOWHERE_A", 0, 1}};
    pgeo::InstanceRecord railAt;
    railAt.position = {0x00030000u, 0x00010000u, 0x80040000u}; // 3, 1, -4
    pgeo::CurveRecord spline;
    spline.setCoefficient(0, {3, 1, -4});
    spline.setCoefficient(1, {2, 0, -1});
    spline.setCoefficient(4, {0, 1, 0});
    pgeo::Block rail;
    rail.name = "bar_nowhere_rail_3D";
    rail.setInstances({railAt});
    rail.setCurves({spline});
    rail.sources = {{"BAR_NOWHERE_RAIL", 0, 1}};
    f.listB = {houses, missing, rail};
    f.fitBox();
    return f;
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

// A point through a node's translation, rotation (unit quaternion) and scale.
std::array<double, 3> through(const tinygltf::Node& n, std::array<double, 3> p) {
    if (n.scale.size() == 3)
        for (int k = 0; k < 3; ++k)
            p[k] *= n.scale[k];
    if (n.rotation.size() == 4) {
        const double x = n.rotation[0], y = n.rotation[1], z = n.rotation[2], w = n.rotation[3];
        const std::array<double, 3> t{2 * (y * p[2] - z * p[1]), 2 * (z * p[0] - x * p[2]),
                                      2 * (x * p[1] - y * p[0])};
        p = {p[0] + w * t[0] + y * t[2] - z * t[1], p[1] + w * t[1] + z * t[0] - x * t[2],
             p[2] + w * t[2] + x * t[1] - y * t[0]};
    }
    if (n.translation.size() == 3)
        for (int k = 0; k < 3; ++k)
            p[k] += n.translation[k];
    return p;
}

std::array<double, 3> translation(const tinygltf::Node& n) {
    return n.translation.size() == 3
               ? std::array<double, 3>{n.translation[0], n.translation[1], n.translation[2]}
               : std::array<double, 3>{0, 0, 0};
}

} // namespace

class TestSceneExport : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::string m_cell;   // the hand-made cell, alone in its folder
    std::string m_models; // a folder holding the house's LOD files, below a subfolder

    std::string path(const QString& name) const { return m_dir.filePath(name).toStdString(); }

    SceneExportResult exportTo(const std::vector<std::string>& inputs, const QString& out,
                               SceneExportOptions options = {}) {
        if (options.modelPlaces.empty()) options.modelPlaces = {m_models};
        options.format = out.endsWith(".gltf") ? Format::Gltf : Format::Glb;
        SceneExportResult r = exportPlacedScene(inputs, options, path(out));
        if (!r.ok) qWarning("scene export failed: %s", r.error.c_str());
        return r;
    }

    void validate(const std::string& file) {
        if (QStandardPaths::findExecutable("node").isEmpty())
            QSKIP("node is not installed: the Khronos validator could not run (CI: install nodejs)");
        if (!QDir(ASSETSCOPE_SOURCE_DIR "/tests/node_modules/gltf-validator").exists())
            QSKIP("tests/node_modules/gltf-validator is missing: run `npm ci --prefix tests`");
        const auto r = runProcess(
            "node", {ASSETSCOPE_SOURCE_DIR "/tests/validate_gltf.mjs", QString::fromStdString(file)});
        QVERIFY2(r.exitCode == 0, qPrintable(QString::fromUtf8(r.out + r.err)));
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_cell = path("cell/c50_buildings_do.pgeo");
        writeFile(m_cell, pgeo::writePgeo(cell()));
        m_models = path("models");
        for (int lod = 0; lod < 3; ++lod) {
            const Bytes house = sampleBytes(kHouse + std::to_string(lod) + ".i.modelbin");
            QVERIFY(!house.empty());
            writeFile(path("models/houses/bld_sample_house_a_lod" + QString::number(lod) + ".i.modelbin"),
                      house);
        }
    }

    // Node count, positions against `placements --csv` and against the record bytes by hand.
    void nodesStandAtTheirRecords() {
        const SceneExportResult r = exportTo({m_cell}, "cell.glb");
        QVERIFY(r.ok);
        QCOMPARE(r.inputs, std::size_t(1));
        QCOMPARE(r.instances, std::size_t(4));
        QCOMPARE(r.modelled, std::size_t(2));
        QCOMPARE(r.lines, std::size_t(1));
        const auto model = load(QString::fromStdString(path("cell.glb")));
        QCOMPARE(model.scenes.at(0).nodes.size(), std::size_t(1));
        const tinygltf::Node& parent = model.nodes.at(std::size_t(model.scenes[0].nodes[0]));
        QCOMPARE(parent.name, std::string("c50_buildings_do.pgeo"));
        QCOMPARE(parent.children.size(), std::size_t(5)); // four instances and the curves

        const auto csv = runCli({"placements", "--csv", QString::fromStdString(m_cell)});
        QCOMPARE(csv.exitCode, 0);
        QStringList rows = QString::fromUtf8(csv.out).split('\n', Qt::SkipEmptyParts);
        rows.removeFirst(); // the header
        QCOMPARE(rows.size(), 4);
        for (int i = 0; i < rows.size(); ++i) {
            const QStringList cols = rows[i].split(',');
            const tinygltf::Node& node = model.nodes.at(std::size_t(parent.children[std::size_t(i)]));
            QCOMPARE(QString::fromStdString(node.name), cols[4].left(cols[4].size()));
            const auto t = translation(node);
            QVERIFY(std::abs(t[0] - cols[5].toDouble()) < 1e-4);
            QVERIFY(std::abs(t[1] - cols[6].toDouble()) < 1e-4);
            QVERIFY(std::abs(t[2] + cols[7].toDouble()) < 1e-4); // z mirrored
        }
        // The turned house, from its record bytes: x 0x00010000 = 1; y 0x00018000 = 1 + 32768/65535;
        // z 0x96F33B00 = -(0x16F3 + 0x3B00/65535) = -(5875 + 15104/65535); mirrored z is positive.
        const tinygltf::Node& turned = model.nodes.at(std::size_t(parent.children[1]));
        const auto t = translation(turned);
        QVERIFY(std::abs(t[0] - 1.0) < 1e-9);
        QVERIFY(std::abs(t[1] - 1.5000076295109483) < 1e-9);
        QVERIFY(std::abs(t[2] - 5875.2304722667227) < 1e-9);
        // Its local +x: in the source frame (1,0,0)·M = 2·row0 = (1.2, 0, 1.6) from the origin;
        // mirrored, the glTF point (1,0,0) must land at (1.2, 0, -1.6) from the translation.
        const auto p = through(turned, {1, 0, 0});
        QVERIFY2(std::abs(p[0] - t[0] - 1.2) < 1e-5 && std::abs(p[1] - t[1]) < 1e-5 &&
                     std::abs(p[2] - t[2] + 1.6) < 1e-5,
                 qPrintable(QString("%1 %2 %3").arg(p[0] - t[0]).arg(p[1] - t[1]).arg(p[2] - t[2])));
    }

    // One model found: its vertices stored once, its two material variants two meshes over them.
    void eachModelStoredOnce() {
        const SceneExportResult r = exportTo({m_cell}, "once.glb");
        QVERIFY(r.ok);
        const auto model = load(QString::fromStdString(path("once.glb")));
        std::set<int> positions;
        std::set<int> modelMeshes;
        for (const tinygltf::Node& node : model.nodes)
            if (node.mesh >= 0 &&
                model.meshes[std::size_t(node.mesh)].primitives.at(0).mode == TINYGLTF_MODE_TRIANGLES) {
                modelMeshes.insert(node.mesh);
                for (const auto& prim : model.meshes[std::size_t(node.mesh)].primitives)
                    positions.insert(prim.attributes.at("POSITION"));
            }
        // The house LOD0 has one mesh per piece; each piece's positions are written once, shared
        // by variant 0 and variant 1.
        const auto& base = model.meshes.at(std::size_t(*modelMeshes.begin()));
        QCOMPARE(positions.size(), base.primitives.size());
        QCOMPARE(modelMeshes.size(), std::size_t(2));
        QCOMPARE(r.meshes, std::size_t(2));
        QCOMPARE(base.name, std::string("bld_sample_house_a_lod0"));
        const auto& varied = model.meshes.at(std::size_t(*modelMeshes.rbegin()));
        QCOMPARE(varied.name, std::string("bld_sample_house_a_lod0 variant 1"));
        bool differs = false;
        for (std::size_t i = 0; i < base.primitives.size(); ++i) {
            QCOMPARE(varied.primitives[i].indices, base.primitives[i].indices);
            differs = differs || model.materials[std::size_t(varied.primitives[i].material)].name !=
                                     model.materials[std::size_t(base.primitives[i].material)].name;
        }
        QVERIFY(differs); // variant row 1 picks other material groups
    }

    void missingModelIsAnEmptyNamedNode() {
        const SceneExportResult r = exportTo({m_cell}, "missing.glb");
        QVERIFY(r.ok);
        const auto model = load(QString::fromStdString(path("missing.glb")));
        const tinygltf::Node& parent = model.nodes.at(std::size_t(model.scenes[0].nodes[0]));
        const tinygltf::Node& empty = model.nodes.at(std::size_t(parent.children[2]));
        QCOMPARE(empty.name, std::string("prp_nowhere_a_3D"));
        QCOMPARE(empty.mesh, -1);
        QCOMPARE(translation(empty)[2], -10.0);
        bool noted = false;
        for (const auto& n : r.notes)
            noted = noted || n.find("no model named prp_nowhere_a") != std::string::npos;
        QVERIFY(noted);
    }

    void curvesAreLines() {
        QVERIFY(exportTo({m_cell}, "lines.gltf").ok);
        const auto model = load(QString::fromStdString(path("lines.gltf")));
        const tinygltf::Node& parent = model.nodes.at(std::size_t(model.scenes[0].nodes[0]));
        const tinygltf::Node& curves = model.nodes.at(std::size_t(parent.children.back()));
        QCOMPARE(curves.name, std::string("c50_buildings_do.pgeo curves"));
        const auto& prim = model.meshes.at(std::size_t(curves.mesh)).primitives.at(0);
        QCOMPARE(prim.mode, TINYGLTF_MODE_LINE);
        const auto& a = model.accessors.at(std::size_t(prim.attributes.at("POSITION")));
        // P(0) = c0 = (3, 1, -4) and P(1) = c0 + c1 = (5, 1, -5), mirrored.
        QCOMPARE(a.minValues, (std::vector<double>{3, 1, 4}));
        QCOMPARE(a.maxValues, (std::vector<double>{5, 1, 5}));
    }

    void twoInputsTwoParents() {
        const std::string second = path("other/c50_buildings_do.pgeo");
        writeFile(second, pgeo::writePgeo(cell()));
        const SceneExportResult r = exportTo({m_cell, second}, "two.glb");
        QVERIFY(r.ok);
        QCOMPARE(r.inputs, std::size_t(2));
        QCOMPARE(r.instances, std::size_t(8));
        QCOMPARE(r.meshes, std::size_t(2)); // the second file's houses reuse the first's meshes
        const auto model = load(QString::fromStdString(path("two.glb")));
        QCOMPARE(model.scenes.at(0).nodes.size(), std::size_t(2));
        for (int root : model.scenes[0].nodes)
            QCOMPARE(model.nodes.at(std::size_t(root)).children.size(), std::size_t(5));
    }

    void lodChoosesTheModelFile() {
        SceneExportOptions options;
        options.lod = 2;
        QVERIFY(exportTo({m_cell}, "lod2.glb", options).ok);
        const auto model = load(QString::fromStdString(path("lod2.glb")));
        QCOMPARE(model.meshes.at(0).name, std::string("bld_sample_house_a_lod2"));
    }

    void seasonHidingTheFile() {
        pgeo::PgeoFile f = cell();
        f.season.mask = 0xDD; // shown in summer only
        const std::string summer = path("summer/c50_buildings_do_221.pgeo");
        writeFile(summer, pgeo::writePgeo(f));
        SceneExportOptions options;
        options.season = 3;
        const SceneExportResult r = exportTo({summer}, "winter.glb", options);
        QVERIFY(r.ok);
        QCOMPARE(r.instances, std::size_t(0));
        QVERIFY(!r.notes.empty());
        QVERIFY(r.notes[0].find("hides it in winter") != std::string::npos);
    }

    void instancingGroupsLargeBlocks() {
        pgeo::PgeoFile f = cell();
        std::vector<pgeo::InstanceRecord> many;
        for (int i = 0; i < 40; ++i) {
            pgeo::InstanceRecord r;
            r.position = {static_cast<std::uint32_t>(i) << 16, 0, 0};
            many.push_back(r);
        }
        f.listB[0].setInstances(many);
        f.listB[0].sources = {{"BLD_SAMPLE_HOUSE_A", 0, 40}};
        f.fitBox();
        const std::string big = path("big/c50_buildings_do.pgeo");
        writeFile(big, pgeo::writePgeo(f));
        SceneExportOptions options;
        options.instancing = true;
        const SceneExportResult r = exportTo({big}, "instanced.glb", options);
        QVERIFY(r.ok);
        QCOMPARE(r.instances, std::size_t(42));
        const auto model = load(QString::fromStdString(path("instanced.glb")));
        QCOMPARE(model.extensionsUsed, (std::vector<std::string>{"EXT_mesh_gpu_instancing"}));
        const tinygltf::Node& parent = model.nodes.at(std::size_t(model.scenes[0].nodes[0]));
        const tinygltf::Node& houses = model.nodes.at(std::size_t(parent.children[0]));
        const auto& attributes = houses.extensions.at("EXT_mesh_gpu_instancing").Get("attributes");
        const int at = attributes.Get("TRANSLATION").GetNumberAsInt();
        QCOMPARE(model.accessors.at(std::size_t(at)).count, std::size_t(40));
        QCOMPARE(model.accessors.at(std::size_t(at)).maxValues.at(0), 39.0);
        validate(path("instanced.glb"));
    }

    // The same lookup the 3D pane makes: a model place may be an archive.
    void modelsFoundInAnArchive() {
        const std::string zip = path("models.zip");
        writeFile(zip, archive::writeZip({{"media/models/bld_sample_house_a_lod1.i.modelbin",
                                           sampleBytes(kHouse + "1.i.modelbin")}}));
        ParseSettings settings;
        settings.recordNodes = false;
        const OpenedInput opened = openInput(m_cell, settings);
        QVERIFY(opened.ok());
        const auto placements = opened.parsed->placements(ExportSelection{}, false);
        QVERIFY(placements);
        QVERIFY(findPlacementModels(m_cell, *placements).models.empty()); // nothing beside the file
        ModelSearch search;
        search.places = {zip};
        const PlacementModels found = findPlacementModels(m_cell, *placements, search);
        QCOMPARE(found.models.size(), std::size_t(1));
        QCOMPARE(found.models[0].input, zip + "::media/models/bld_sample_house_a_lod1.i.modelbin");
        QCOMPARE(found.models[0].lod, 1);
        QCOMPARE(found.groupModel, (std::vector<int>{0, -1, -1}));
        QCOMPARE(found.models[0].variants, 2);
        // A folder place is searched with its subfolders; the finest LOD of all places wins.
        search.places = {zip, m_models};
        const PlacementModels both = findPlacementModels(m_cell, *placements, search);
        QCOMPARE(both.models.at(0).lod, 0);
    }

    void cancelledBeforeWriting() {
        SceneExportOptions options;
        std::size_t asked = 0;
        options.cancelled = [&asked] { return ++asked > 1; }; // after the first input
        std::vector<std::size_t> progress;
        options.progress = [&progress](std::size_t done, std::size_t) { progress.push_back(done); };
        options.modelPlaces = {m_models};
        const SceneExportResult r = exportPlacedScene({m_cell, m_cell}, options, path("cancelled.glb"));
        QVERIFY(!r.ok);
        QCOMPARE(r.error, std::string("cancelled"));
        QCOMPARE(progress, std::vector<std::size_t>{1});
        QVERIFY(!QFileInfo::exists(QString::fromStdString(path("cancelled.glb"))));
    }

    void validatorFindsNoErrors() {
        for (const QString& name : {QStringLiteral("valid.glb"), QStringLiteral("valid.gltf")}) {
            QVERIFY(exportTo({m_cell}, name).ok);
            validate(path(name));
        }
    }

    void commandLine() {
        const QString out = QString::fromStdString(path("cli.glb"));
        const auto r = runCli({"export", QString::fromStdString(m_cell), "--models",
                               QString::fromStdString(m_models), "--season", "2", "-o", out});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.startsWith("exported a scene of 1 placement file: 4 instances, 2 drawn with models, "
                                  "2 meshes, 1 curve as glb\n"),
                 r.out.constData());
        QVERIFY(r.out.contains("wrote " + out.toUtf8()));
        QVERIFY(r.err.contains(": no model named prp_nowhere_a"));
        const auto bad = runCli({"export", QString::fromStdString(m_cell), "--format", "obj", "-o", out});
        QCOMPARE(bad.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestSceneExport)
#include "tst_scene_export.moc"
