// The pipeline fuzz target's reach beyond the dump (hostile::exerciseViews) and the formats' own
// fuzz seeds (fuzzSeedSources): over the sample set, every format's subjects give tables whose
// rows are read, models export per choice and placements are placed; each fuzz seed is a clean
// file of its format, short enough for a fuzz input, holding the layout it stands for.
#include "formats/registry.h"
#include "hostile_input.h"
#include "samples/sample_set.h"

#include <QtTest>

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
    }
    return out;
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
