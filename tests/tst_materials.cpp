// A look's chain followed through Game:\ paths and its parameters merged (materials/), and the
// `materials` report: on the sample set (a material deriving from the sample shader, both written
// by their formats' writers) and on installs made here (links missing, looping, of the wrong kind,
// inside a zip). Values are worked out from the records written, not read back from the reader.
#include "archive/zip_archive.h"
#include "docs/parameter_names.h"
#include "formats/materialbin/material_writer.h"
#include "materials/material_chain.h"
#include "materials/material_report.h"
#include "open/open_input.h"
#include "resolve/game_resolver.h"
#include "resolve/game_root.h"
#include "samples/sample_set.h"
#include "shading/parameters.h"

#include "test_support.h"

#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <sstream>

using namespace assetscope;
using materials::ResolvedLook;

namespace {

using shading::makeRecord;

std::uint32_t hashOf(std::string_view name) {
    return shading::crc32Of(name);
}

Bytes materialFile(const std::string& name, const std::string& derivesFrom,
                   std::vector<shading::ParameterRecord> records) {
    return materialbin::writeMaterial(materialbin::makeMaterial(name, derivesFrom, std::move(records)));
}

std::vector<ResolvedLook> looksOf(const std::string& input, std::vector<std::string> roots = {}) {
    const OpenedInput opened = openInput(input);
    if (!opened.ok()) return {};
    const resolve::GameResolver resolver(resolve::rootsFor(std::move(roots), input));
    return materials::resolveLooks(*opened.parsed, input, resolver);
}

void write(const std::string& path, const Bytes& bytes) {
    std::filesystem::create_directories(std::filesystem::path(path).parent_path());
    test::writeFile(path, bytes);
}

} // namespace

class TestMaterials : public QObject {
    Q_OBJECT

private slots:
    // The sample material names the sample shader, which holds a default for every parameter the
    // material sets and two more (a glow): every effective parameter but those two is the
    // material's, the textures its paths, found where the sample set keeps them.
    void theSampleMaterialOverridesTheShadersDefaults() {
        QTemporaryDir dir;
        std::vector<std::string> written;
        std::string error;
        QVERIFY2(samples::writeSampleSet(dir.path().toStdString(), written, error), error.c_str());
        const std::string root = dir.path().toStdString();
        const std::string material = root + "/media/materials/sample_brick_wall.materialbin";
        const auto looks = looksOf(material);
        QCOMPARE(looks.size(), std::size_t{1});
        const ResolvedLook& look = looks[0];
        QCOMPARE(look.name, std::string("sample_brick_wall"));
        QVERIFY(!look.slot);
        QCOMPARE(look.chain.size(), std::size_t{2});
        QCOMPARE(look.chain[0].kind, MaterialLook::Kind::Material);
        QCOMPARE(look.chain[0].found, std::optional<std::string>(material));
        QCOMPARE(look.chain[1].kind, MaterialLook::Kind::Shader);
        QCOMPARE(look.chain[1].path,
                 std::optional<std::string>("Game:\\Media\\Shaders\\sample_environment.shaderbin"));
        QCOMPARE(look.chain[1].found,
                 std::optional<std::string>(root + "/media/shaders/sample_environment.shaderbin"));
        QVERIFY(look.chain[1].problem.empty());
        QCOMPARE(look.parameters.size(), std::size_t{16});
        for (std::size_t i = 0; i < look.parameters.size(); ++i)
            QCOMPARE(look.parameters[i].from,
                     i < 14 ? MaterialLook::Kind::Material : MaterialLook::Kind::Shader);
        QCOMPARE(look.parameters[14].parameter.hash, hashOf("InteriorEmissiveTexture"));
        // The shader's default for the base colour is white; the material's path wins.
        const auto& diffuse = look.parameters[0];
        QCOMPARE(diffuse.parameter.hash, hashOf("DiffuseATexture"));
        QCOMPARE(diffuse.parameter.path,
                 std::string("Game:\\Media\\Textures\\sample_brick_wall_diffuse.swatchbin"));
        QCOMPARE(look.textures.size(), std::size_t{4});
        QCOMPARE(look.textures[0].role, std::string_view("base_color"));
        QCOMPARE(look.textures[1].role, std::string_view("normal"));
        QCOMPARE(look.textures[2].role, std::string_view());
        QCOMPARE(
            look.textures[0].found,
            std::optional<std::string>(root + "/media/Textures.zip::sample_brick_wall_diffuse.swatchbin"));
        QCOMPARE(look.textures[3].found,
                 std::optional<std::string>(root + "/media/Textures.zip::defaults/black.swatchbin"));
        QVERIFY(look.complete());
    }

    // Instance < material < shader by hand: a shader-less chain of two materials in a zip, the
    // nearer overriding the farther by hash, a new hash appended after the farther's.
    void laterLinksReplaceEarlierOnesWholeByHash() {
        QTemporaryDir dir;
        const std::string root = dir.path().toStdString();
        const std::uint32_t tint = hashOf("DiffTintColorParam"), gloss = hashOf("GlossTiling");
        const std::uint32_t extra = hashOf("AOTiling");
        // base.materialbin, in media/materials.zip, ends the chain (its link names nothing).
        const Bytes base =
            materialFile("base", "",
                         {makeRecord({3, 0}, tint, ParameterType::Color, {0.25f, 0.5f, 0.75f, 1.0f}),
                          makeRecord({3, 0}, gloss, ParameterType::Float, {2.0f})});
        write(root + "/media/materials.zip", archive::writeZip({{"Base.materialbin", base}}, true));
        const std::string top = root + "/media/top.materialbin";
        write(top, materialFile("top", "Game:\\media\\materials\\base.materialbin",
                                {makeRecord({3, 0}, gloss, ParameterType::Float, {8.0f}),
                                 makeRecord({3, 0}, extra, ParameterType::Vector2, {3.0f, 4.0f})}));
        const auto looks = looksOf(top);
        QCOMPARE(looks.size(), std::size_t{1});
        const ResolvedLook& look = looks[0];
        QCOMPARE(look.chain.size(), std::size_t{2});
        QCOMPARE(look.chain[1].found,
                 std::optional<std::string>(root + "/media/materials.zip::Base.materialbin"));
        QVERIFY(look.complete());
        QCOMPARE(look.parameters.size(), std::size_t{3});
        QCOMPARE(look.parameters[0].parameter.hash, tint); // the far end's order first
        QCOMPARE(look.parameters[0].parameter.numbers, (std::vector<double>{0.25, 0.5, 0.75, 1.0}));
        QCOMPARE(look.parameters[0].input, root + "/media/materials.zip::Base.materialbin");
        QCOMPARE(look.parameters[1].parameter.hash, gloss);
        QCOMPARE(look.parameters[1].parameter.numbers, (std::vector<double>{8.0}));
        QCOMPARE(look.parameters[1].input, top);
        QCOMPARE(look.parameters[2].parameter.hash, extra);
    }

    // A → B → A stops at the second A; a link to a file of another kind, and one not found, stop
    // the chain with their problem named.
    void loopsWrongKindsAndMissingLinksEndTheChain() {
        QTemporaryDir dir;
        const std::string root = dir.path().toStdString();
        write(root + "/media/a.materialbin", materialFile("a", "Game:\\media\\b.materialbin", {}));
        write(root + "/media/b.materialbin", materialFile("b", "Game:\\media\\a.materialbin", {}));
        auto looks = looksOf(root + "/media/a.materialbin");
        QCOMPARE(looks.at(0).chain.size(), std::size_t{3});
        QVERIFY(looks[0].chain[1].problem.empty());
        QVERIFY2(looks[0].chain[2].problem.find("the chain loops") != std::string::npos,
                 looks[0].chain[2].problem.c_str());

        write(root + "/media/c.materialbin", materialFile("c", "Game:\\media\\a.txt", {}));
        write(root + "/media/a.txt",
              Bytes{'n', 'o', 't', ' ', 'a', ' ', 'm', 'a', 't', 'e', 'r', 'i', 'a', 'l'});
        looks = looksOf(root + "/media/c.materialbin");
        QCOMPARE(looks.at(0).chain.size(), std::size_t{2});
        QVERIFY(!looks[0].chain[1].problem.empty());
        QVERIFY(!looks[0].complete());

        write(root + "/media/d.materialbin", materialFile("d", "Game:\\media\\gone.shaderbin", {}));
        looks = looksOf(root + "/media/d.materialbin");
        QCOMPARE(looks.at(0).chain.size(), std::size_t{2});
        QCOMPARE(looks[0].chain[1].kind, MaterialLook::Kind::Shader); // by its name
        QVERIFY(!looks[0].chain[1].found);
        QVERIFY2(looks[0].chain[1].problem.find("was not found") != std::string::npos,
                 looks[0].chain[1].problem.c_str());
    }

    // The JSON report holds the contract's keys and values: an int written whole, a texture's
    // path as its value, null for what was not found.
    void theJsonReportFollowsTheContract() {
        ResolvedLook look;
        look.slot = 3;
        look.chain.push_back({MaterialLook::Kind::Instance, std::nullopt, std::string("m.modelbin"), {}});
        look.chain.push_back(
            {MaterialLook::Kind::Material, std::string("Game:\\m.materialbin"), std::nullopt, "x"});
        MaterialParameter gradient;
        gradient.hash = 0x50C07B53;
        gradient.type = ParameterType::ColorGradient;
        gradient.numbers = {4278190335.0, 16711935.0};
        MaterialParameter texture;
        texture.hash = hashOf("NormalTexture");
        texture.type = ParameterType::Texture;
        texture.path = "Game:\\t.swatchbin";
        look.parameters.push_back({gradient, MaterialLook::Kind::Instance, "m.modelbin"});
        look.parameters.push_back({texture, MaterialLook::Kind::Instance, "m.modelbin"});
        look.textures.push_back({texture.hash, "normal", texture.path, std::nullopt, "not found"});
        std::ostringstream out;
        materials::writeLooksJson(out, {look});
        const auto doc = nlohmann::json::parse(out.str());
        const auto& m = doc.at("materials").at(0);
        QCOMPARE(m.at("slot").get<int>(), 3);
        QVERIFY(m.at("name").is_null());
        QCOMPARE(m.at("chain").at(0).at("kind").get<std::string>(), std::string("instance"));
        QVERIFY(m.at("chain").at(0).at("path").is_null());
        QVERIFY(m.at("chain").at(1).at("found").is_null());
        const auto& g = m.at("parameters").at(0);
        QCOMPARE(g.at("name").get<std::string>(), std::string("0x50C07B53"));
        QCOMPARE(g.at("hash").get<std::string>(), std::string("0x50C07B53"));
        QCOMPARE(g.at("type").get<std::string>(), std::string("color_gradient"));
        QCOMPARE(g.at("value").at(0).get<std::uint64_t>(), std::uint64_t{4278190335});
        QCOMPARE(g.at("from").get<std::string>(), std::string("instance"));
        const auto& t = m.at("parameters").at(1);
        QCOMPARE(t.at("name").get<std::string>(), std::string("NormalTexture"));
        QCOMPARE(t.at("value").get<std::string>(), std::string("Game:\\t.swatchbin"));
        QCOMPARE(m.at("textures").at(0).at("role").get<std::string>(), std::string("normal"));
        QVERIFY(m.at("textures").at(0).at("found").is_null());
    }
};

QTEST_GUILESS_MAIN(TestMaterials)
#include "tst_materials.moc"
