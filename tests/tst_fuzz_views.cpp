// The pipeline fuzz target's reach beyond the dump (hostile::exerciseViews) and the formats' own
// fuzz seeds (fuzzSeedSources): over the sample set, every format's subjects give tables whose
// rows are read, models export per choice, placements are placed and looks are followed; each
// fuzz seed is a clean file of its format, short enough for a fuzz input, holding the layout it
// stands for. Looks are also followed (hostile::exerciseLooks) against a fake install holding
// what a hostile one could: a loop through a zip, a link to a texture, zips with hostile entries
// or no zip at all, links cut short, a chain past the link limit; each ends with its problem named.
#include "formats/materialbin/material_writer.h"
#include "formats/materialbin/materialbin_samples.h"
#include "formats/registry.h"
#include "formats/shaderbin/shaderbin_samples.h"
#include "formats/texture/texture_samples.h"
#include "hostile_input.h"
#include "materials/material_chain.h"
#include "open/open_input.h"
#include "resolve/game_resolver.h"
#include "resolve/game_root.h"
#include "samples/sample_set.h"
#include "test_support.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <map>

using namespace assetscope;

namespace {

// The largest -max_len of a format target (fuzz/CMakeLists.txt): a longer seed would be cut.
constexpr std::size_t kLongestFuzzInput = 16384;

std::string folderOf(const std::string& path) {
    const auto at = path.find_last_of('/');
    return at == std::string::npos ? std::string() : path.substr(0, at + 1);
}

// Every sample file read as the fuzz seeds are (name hint, siblings from the sample set), with
// what exerciseViews reached, summed per format.
std::map<std::string, hostile::ViewCounts> viewsPerFormat() {
    const samples::SampleFiles all = samples::allSampleFiles();
    std::map<std::string, const Bytes*> byPath;
    for (const auto& f : all)
        byPath[f.name] = &f.data;
    std::map<std::string, hostile::ViewCounts> out;
    for (const auto& f : all) {
        const std::string name = f.name.substr(folderOf(f.name).size());
        const FormatHandler* handler = detectFormat(f.data, name);
        if (!handler) continue;
        ParseSettings settings;
        settings.fileName = name;
        settings.sibling = [&](const std::string& wanted) -> std::optional<Bytes> {
            const auto it = byPath.find(folderOf(f.name) + wanted);
            return it == byPath.end() ? std::nullopt : std::optional<Bytes>(*it->second);
        };
        const auto file = handler->parse(shareBytes(f.data), settings);
        if (!file) continue;
        const hostile::ViewCounts seen = hostile::exerciseViews(*file, name);
        hostile::ViewCounts& sum = out[std::string(handler->name())];
        sum.subjects += seen.subjects;
        sum.tables += seen.tables;
        sum.cells += seen.cells;
        sum.characters += seen.characters;
        sum.scenes += seen.scenes;
        sum.placedInstances += seen.placedInstances;
        sum.references += seen.references;
        sum.looks += seen.looks;
    }
    return out;
}

Bytes material(const std::string& name, const std::string& derivesFrom) {
    return materialbin::writeMaterial(materialbin::makeMaterial(name, derivesFrom, {}));
}

Bytes cut(const Bytes& bytes, std::size_t size) {
    return Bytes(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(std::min(size, bytes.size())));
}

const Bytes& sampleNamed(const samples::SampleFiles& files, std::string_view name) {
    for (const auto& f : files)
        if (f.name.ends_with(name)) return f.data;
    static const Bytes none;
    return none;
}

// A fake install under `root`: media/<name>.materialbin each the start of a chain (loose files
// and zips as the Game:\ rule finds them), and what its links lead to.
void writeFakeInstall(const std::string& root) {
    const auto put = [&](const std::string& below, const Bytes& bytes) {
        std::filesystem::create_directories(std::filesystem::path(root + "/" + below).parent_path());
        test::writeFile(root + "/" + below, bytes);
    };
    const Bytes shader = samples::shaderbinSamples().at(0).data;
    const Bytes brick = samples::materialbinSamples().at(0).data;
    // A -> B (inside media/loop.zip) -> A again, spelt in capitals.
    put("media/loop_a.materialbin", material("loop_a", "Game:\\Media\\Loop\\loop_b.materialbin"));
    put("media/loop.zip",
        archive::writeZip({{"loop_b.materialbin", material("loop_b", "Game:\\MEDIA\\LOOP_A.MATERIALBIN")}}));
    // A material deriving from a texture.
    put("media/texture_link.materialbin",
        material("texture_link", "Game:\\Media\\Textures\\palette.swatchbin"));
    put("media/textures/palette.swatchbin",
        sampleNamed(samples::textureSamples(), "sample_palette.swatchbin"));
    // A zip of hostile entries: a name climbing out, an absolute one, one with a backslash, a
    // symbolic link and a directory, each named as a link would name it.
    put("media/evil.zip", archive::writeZip({{"../escape.materialbin", brick},
                                             {"/abs.materialbin", brick},
                                             {"sub\\back.materialbin", brick},
                                             {"link.materialbin", Bytes{'a', 'b', 's'}, 0120777},
                                             {"dir.materialbin/", {}}}));
    for (const char* name : {"escape", "abs", "back", "link", "dir"}) {
        const std::string target = std::string(name) == "escape" ? "..\\escape"
                                   : std::string(name) == "back" ? "sub\\back"
                                                                 : name;
        put("media/evil_" + std::string(name) + ".materialbin",
            material(name, "Game:\\Media\\Evil\\" + target + ".materialbin"));
    }
    // A file named as a zip that is none.
    put("media/broken.zip", Bytes(64, 0x5A));
    put("media/broken_link.materialbin", material("broken_link", "Game:\\Media\\Broken\\x.materialbin"));
    // Links cut short: a material inside its parameters, a shader inside its header.
    put("media/cut_material.materialbin", material("cut_material", "Game:\\Media\\Cut\\brick.materialbin"));
    put("media/cut/brick.materialbin", cut(brick, brick.size() - 40));
    put("media/cut_shader.materialbin", material("cut_shader", "Game:\\Media\\Cut\\shader.shaderbin"));
    put("media/cut/shader.shaderbin", cut(shader, 30));
    // A chain of twelve materials, each deriving from the next.
    for (int i = 0; i < 12; ++i)
        put("media/deep/m" + std::to_string(i) + ".materialbin",
            material("m" + std::to_string(i),
                     "Game:\\Media\\Deep\\m" + std::to_string(i + 1) + ".materialbin"));
    put("media/deep.materialbin", material("deep", "Game:\\Media\\Deep\\m0.materialbin"));
}

} // namespace

class TestFuzzViews : public QObject {
    Q_OBJECT

private slots:
    void everyFormatsSubjectsGiveTablesWithRows() {
        const auto views = viewsPerFormat();
        for (const char* format : {"grub", "texture", "modelbin", "pgeo", "meshset"}) {
            const auto it = views.find(format);
            QVERIFY2(it != views.end(), format);
            const hostile::ViewCounts& seen = it->second;
            QVERIFY2(seen.subjects > 0, format);
            QVERIFY2(seen.tables > 0, format);
            QVERIFY2(seen.cells > 0 && seen.characters > seen.cells, format);
        }
    }

    void modelsExportPerChoiceAndPlacementsArePlaced() {
        const auto views = viewsPerFormat();
        // Each of the 8 sample models exports with its LOD and another variant and season, and
        // one mesh alone; the three houses again with their second variant, the turbine with its
        // second LOD.
        QVERIFY(views.at("modelbin").scenes >= 8 * 2 + 3 + 1);
        QVERIFY(views.at("meshset").scenes > 0);
        QVERIFY(views.at("pgeo").placedInstances > 0);
        // Placement files name models: a model is what a .pgeo's references look for.
        QVERIFY(views.at("modelbin").references > 0);
        QCOMPARE(views.at("pgeo").scenes, std::size_t{0});
    }

    // Each sample model's slots, material and shader are followed (with no root, so every link is
    // named as not found): 9 slots in each house, 1 in the occluder, 2 in the others.
    void sampleLooksAreFollowed() {
        const auto views = viewsPerFormat();
        QCOMPARE(views.at("modelbin").looks, std::size_t{3 * 9 + 1 + 4 * 2});
        QCOMPARE(views.at("materialbin").looks, std::size_t{3}); // sample_brick_wall and the cars' two
        QCOMPARE(views.at("shaderbin").looks, std::size_t{1});
    }

    // Chains through a fake install of hostile files: each ends with its problem named, the
    // reports are written and every texture found is decoded, without a crash.
    void chainsThroughAHostileInstallNameTheirProblem_data() {
        QTest::addColumn<QString>("start");
        QTest::addColumn<int>("links");       // links past the start's own
        QTest::addColumn<QString>("problem"); // what the last link's problem says
        // tst_materials follows A -> B -> A in loose files; here B is inside a zip and names A in
        // capitals: the resolver answers with the disk's spelling, the same file.
        QTest::newRow("loop through a zip")
            << "loop_a" << 2 << "the chain loops: ROOT/media/loop_a.materialbin";
        QTest::newRow("link to a texture")
            << "texture_link" << 1 << "not a material or shader (read as texture)";
        QTest::newRow("climbing entry")
            << "evil_escape" << 1 << "was refused: a \"..\" part would leave the root";
        QTest::newRow("absolute entry") << "evil_abs" << 1 << "ROOT/Media/Evil.zip::abs.materialbin";
        QTest::newRow("backslash entry") << "evil_back" << 1 << "ROOT/Media/Evil.zip::sub/back.materialbin";
        QTest::newRow("symbolic link entry") << "evil_link" << 1 << "ROOT/Media/Evil.zip::link.materialbin";
        QTest::newRow("directory entry") << "evil_dir" << 1 << "ROOT/Media/Evil.zip::dir.materialbin";
        QTest::newRow("not a zip") << "broken_link" << 1 << "ROOT/media/broken.zip: ";
        QTest::newRow("material cut short") << "cut_material" << 1 << "refused: [";
        QTest::newRow("shader cut short") << "cut_shader" << 1 << "ROOT/media/cut/shader.shaderbin: ";
        QTest::newRow("past the link limit") << "deep" << 9 << "the chain runs past 8 links";
    }

    void chainsThroughAHostileInstallNameTheirProblem() {
        QFETCH(QString, start);
        QFETCH(int, links);
        QFETCH(QString, problem);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string root = dir.path().toStdString();
        writeFakeInstall(root);
        const std::string input = root + "/media/" + start.toStdString() + ".materialbin";
        const OpenedInput opened = openInput(input);
        QVERIFY(opened.ok());
        const resolve::GameResolver resolver(resolve::rootsFor({}, input));
        const auto looks = materials::resolveLooks(*opened.parsed, input, resolver);
        QCOMPARE(looks.size(), std::size_t{1});
        const auto& chain = looks[0].chain;
        QCOMPARE(static_cast<int>(chain.size()), links + 1);
        for (std::size_t i = 0; i + 1 < chain.size(); ++i)
            QVERIFY2(chain[i].problem.empty(), chain[i].problem.c_str());
        const QString said = QString::fromStdString(chain.back().problem);
        QVERIFY2(said.contains(QString(problem).replace("ROOT", dir.path())), qPrintable(said));
        QVERIFY(!looks[0].complete());
        // The same through the hostile views: the reports, the textures found decoded.
        const hostile::LookCounts seen = hostile::exerciseLooks(*opened.parsed, input, resolver);
        QCOMPARE(seen.looks, std::size_t{1});
        QCOMPARE(seen.links, static_cast<std::size_t>(links));
        QVERIFY(seen.problems >= 1);
    }

    void fuzzSeedsAreCleanShortFilesOfTheirFormat() {
        const auto handlers = formatHandlers();
        const auto sources = fuzzSeedSources();
        QCOMPARE(sources.size(), handlers.size());
        int seeds = 0;
        for (std::size_t i = 0; i < sources.size(); ++i) {
            if (!sources[i]) continue;
            for (const auto& f : sources[i]()) {
                const QString label = QString::fromStdString(f.name);
                const std::string name = f.name.substr(folderOf(f.name).size());
                QVERIFY2(f.data.size() <= kLongestFuzzInput, qPrintable(label));
                QCOMPARE(detectFormat(f.data, name), handlers[i]);
                ParseSettings settings;
                settings.fileName = name;
                const auto file = handlers[i]->parse(shareBytes(f.data), settings);
                QVERIFY2(file && file->tree().errorCount() == 0, qPrintable(label));
                ++seeds;
            }
        }
        QVERIFY(seeds > 0);
    }

    void modelSeedsHoldSkinsMorphsLodsAndTwoUvSets() {
        const auto handlers = formatHandlers();
        const auto sources = fuzzSeedSources();
        std::map<std::string, Bytes> seeds;
        for (std::size_t i = 0; i < sources.size(); ++i)
            if (handlers[i]->name() == "modelbin" && sources[i])
                for (const auto& f : sources[i]())
                    seeds[f.name.substr(folderOf(f.name).size())] = f.data;
        const auto parse = [&](const std::string& name) {
            ParseSettings settings;
            settings.fileName = name;
            return hostile::handlerNamed("modelbin")->parse(shareBytes(seeds.at(name)), settings);
        };
        std::string reason;

        const auto wheel = parse("seed_wheel_thin.modelbin");
        const auto wheelScene = wheel->exportScene({}, reason);
        QVERIFY2(wheelScene, reason.c_str());
        QCOMPARE(wheelScene->skins.size(), std::size_t{1});
        QCOMPARE(wheelScene->meshes.size(), std::size_t{2});
        for (const auto& mesh : wheelScene->meshes) {
            QVERIFY(!mesh.primitives.empty() && !mesh.primitives.front().indices.empty());
            QVERIFY(!mesh.joints.empty());
            QVERIFY(!mesh.morphTargets.empty());
        }

        const auto turbine = parse("seed_wind_turbine_thin.a.modelbin");
        QCOMPARE(turbine->previewChoices().lods.size(), std::size_t{2});
        const auto turbineScene = turbine->exportScene({}, reason);
        QVERIFY2(turbineScene, reason.c_str());
        QCOMPARE(turbineScene->skins.size(), std::size_t{1});
        QCOMPARE(turbineScene->skins.front().joints.size(), std::size_t{3});

        const auto patch = parse("seed_terrain_patch_32bit.i.modelbin");
        const auto patchScene = patch->exportScene({}, reason);
        QVERIFY2(patchScene, reason.c_str());
        QCOMPARE(patchScene->meshes.size(), std::size_t{1});
        QCOMPARE(patchScene->meshes.front().uvs.size(), std::size_t{2});
        // A patch of 2 × 2 quads: 9 vertices, 8 triangles, from its 32-bit index buffer.
        const auto& patchMesh = patchScene->meshes.front();
        QCOMPARE(patchMesh.positions.size(), std::size_t{9});
        std::size_t indices = 0;
        for (const auto& primitive : patchMesh.primitives)
            indices += primitive.indices.size();
        QCOMPARE(indices, std::size_t{8 * 3});
    }
};

QTEST_GUILESS_MAIN(TestFuzzViews)
#include "tst_fuzz_views.moc"
