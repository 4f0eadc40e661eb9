// Where a texture, a material or a shader is used (materials/where_used.h), on a small install
// made here with the formats' writers: two models deriving from one material (one loose, one in a
// zip, the zip's path spelled in capitals), two materials drawing with one shader, a texture named
// by a material, a shader's default and a model slot's override, a decoy material of the same
// name in another folder, a loose texture shadowing a zip entry, a loop and a corrupt model.
// Every expected use is read off the files written below; offsets are checked against the bytes
// (a 7-bit string: its length byte, then its text). `find --field` finds the same fields by key
// and value, compared exactly.
#include "archive/zip_archive.h"
#include "census/census.h"
#include "materials/where_used.h"
#include "open/open_input.h"
#include "resolve/game_root.h"

#include "material_install.h"
#include "test_support.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <filesystem>

using namespace assetscope;
using materials::MaterialUse;
using materials::WhereUsedResult;
using Kind = MaterialLook::Kind;

namespace {

using shading::makeRecord;
using test::materialFile;
using test::modelFile;
using test::shaderFile;

std::uint32_t hashOf(std::string_view name) {
    return test::parameterHash(name);
}

shading::ParameterRecord texture(std::string_view name, std::string path) {
    return test::textureParameter(name, std::move(path));
}

Bytes text(std::string_view s) {
    return test::textBytes(s);
}

WhereUsedResult usesOf(const std::string& target, int jobs = 1) {
    materials::WhereUsedOptions options;
    options.jobs = jobs;
    return materials::whereUsed(target, resolve::rootsFor({}, target), options);
}

std::string describe(const WhereUsedResult& r) {
    std::string out = r.error.empty() ? "" : "error: " + r.error + "\n";
    for (const MaterialUse& u : r.uses)
        out += u.input + " slot " + (u.slot ? std::to_string(*u.slot) : "-") + " " + u.look + " " + u.path +
               " [" + u.key + "]\n";
    for (const std::string& s : r.skipped)
        out += "skipped " + s + "\n";
    return out;
}

} // namespace

class TestWhereUsed : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string m_root;
    std::string media(const std::string& relative) const { return m_root + "/media/" + relative; }

    // The use's bytes are the 7-bit string it was read from: a length byte, then the path.
    void checkBytes(const MaterialUse& use) const {
        const LoadedInput loaded = loadInput(use.input);
        QVERIFY2(loaded.ok(), loaded.error.c_str());
        const ByteView bytes = *loaded.bytes;
        QCOMPARE(use.size, std::uint64_t{1 + use.path.size()});
        QVERIFY(use.offset + use.size <= bytes.size());
        QCOMPARE(std::size_t{bytes[use.offset]}, use.path.size()); // every path here is shorter than 128
        QCOMPARE(std::string(bytes.begin() + static_cast<std::ptrdiff_t>(use.offset) + 1,
                             bytes.begin() + static_cast<std::ptrdiff_t>(use.offset + use.size)),
                 use.path);
        // The node is the same in the file opened as the window and the command line open it.
        const OpenedInput opened = openInput(use.input);
        QVERIFY(opened.ok());
        QVERIFY(use.node < opened.parsed->tree().nodeCount());
        const Node& node = opened.parsed->tree().node(use.node);
        QVERIFY(node.doc);
        QCOMPARE(node.doc->key, use.key);
        QCOMPARE(node.offset, use.offset);
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_root = m_dir.path().toStdString();
        // The shader both materials draw with; its default base colour is the brick texture.
        test::writeFile(
            media("shaders/env.shaderbin"),
            shaderFile("env", {texture("DiffuseATexture", "Game:\\Media\\Textures\\Brick_Diffuse.swatchbin"),
                               makeRecord({3, 0}, hashOf("GlossTiling"), ParameterType::Float, {2.0f})}));
        test::writeFile(
            media("materials/brick.materialbin"),
            materialFile("brick", "Game:\\Media\\Shaders\\env.shaderbin",
                         {texture("DiffuseATexture", "Game:\\MEDIA\\TEXTURES\\BRICK_DIFFUSE.SWATCHBIN"),
                          texture("NormalTexture", "Game:\\Media\\Textures\\brick_normal.swatchbin")}));
        test::writeFile(
            media("materials/plaster.materialbin"),
            materialFile("plaster", "game:/media/shaders/ENV.shaderbin",
                         {texture("DiffuseATexture", "Game:\\Media\\Textures\\plaster.swatchbin")}));
        // Same name, another folder: a path to it never resolves to materials/brick.materialbin.
        test::writeFile(media("materials/decoy/brick.materialbin"),
                        materialFile("decoy", "Game:\\Media\\Shaders\\other.shaderbin", {}));
        // The textures: in media/textures.zip, but plaster's loose copy shadows its entry.
        test::writeFile(media("textures.zip"),
                        archive::writeZip({{"Brick_Diffuse.swatchbin", text("brick")},
                                           {"plaster.swatchbin", text("plaster in zip")},
                                           {"unused.swatchbin", text("unused")}},
                                          true));
        test::writeFile(media("textures/plaster.swatchbin"), text("plaster"));
        test::writeFile(media("textures/brick_normal.swatchbin"), text("normal"));
        // Two models deriving from brick: one loose, one in a zip spelling the path in capitals.
        test::writeFile(
            media("models/house.modelbin"),
            modelFile({{1, "house_walls", "Game:\\Media\\Materials\\brick.materialbin", {}},
                       {2, "house_trim", "Game:\\Media\\Materials\\decoy\\brick.materialbin", {}},
                       {3,
                        "house_sign",
                        "Game:\\Media\\Materials\\plaster.materialbin",
                        {texture("DiffuseATexture", "Game:\\Media\\Textures\\brick_diffuse.swatchbin")}}}));
        test::writeFile(
            media("models.zip"),
            archive::writeZip(
                {{"shed.modelbin",
                  modelFile({{1, "shed_walls", "game:\\media\\materials\\BRICK.MATERIALBIN", {}}})}},
                true));
        // A → B → A, and a file named as a model that is none but holds the material's name.
        test::writeFile(media("loop/a.materialbin"),
                        materialFile("a", "Game:\\Media\\Loop\\b.materialbin", {}));
        test::writeFile(media("loop/b.materialbin"),
                        materialFile("b", "Game:\\Media\\Loop\\a.materialbin", {}));
        test::writeFile(media("models/broken.modelbin"), text("not a model; brick.materialbin"));
    }

    // The models whose slots derive from brick.materialbin: the loose one's slot 1 and the zipped
    // one's slot 1 (its path in capitals resolves to the same file); not the slot naming the
    // decoy of the same name. The corrupt model holding the name is skipped, not an error.
    void aMaterialIsUsedByTheModelsDerivingFromIt() {
        const WhereUsedResult r = usesOf(media("materials/brick.materialbin"));
        QVERIFY2(r.error.empty(), r.error.c_str());
        QVERIFY(!r.cancelled);
        QCOMPARE(r.roots, std::vector<std::string>{m_root});
        QCOMPARE(r.uses.size(), std::size_t{2});
        QCOMPARE(r.total, std::uint64_t{2});
        const MaterialUse& house = r.uses[0];
        QCOMPARE(house.input, media("models/house.modelbin"));
        QCOMPARE(house.kind, Kind::Instance);
        QCOMPARE(house.slot, std::optional<std::int32_t>(1));
        QCOMPARE(house.look, std::string("house_walls"));
        QVERIFY(!house.parameter);
        QCOMPARE(house.path, std::string("Game:\\Media\\Materials\\brick.materialbin"));
        QCOMPARE(house.key, std::string("modelbin/mati/material_path"));
        checkBytes(house);
        const MaterialUse& shed = r.uses[1];
        QCOMPARE(shed.input, media("models.zip::shed.modelbin"));
        QCOMPARE(shed.slot, std::optional<std::int32_t>(1));
        QCOMPARE(shed.look, std::string("shed_walls"));
        QCOMPARE(shed.path, std::string("game:\\media\\materials\\BRICK.MATERIALBIN"));
        checkBytes(shed);
        QCOMPARE(r.skipped.size(), std::size_t{1});
        QVERIFY2(r.skipped[0].rfind(media("models/broken.modelbin") + ": ", 0) == 0, r.skipped[0].c_str());
        // Models, materials and shaders looked at: 3 models, 5 materials, 1 shader.
        QCOMPARE(r.files, std::uint64_t{9});

        // The decoy is used by the house's slot 2 only.
        const WhereUsedResult decoy = usesOf(media("materials/decoy/brick.materialbin"));
        QCOMPARE(decoy.uses.size(), std::size_t{1});
        QCOMPARE(decoy.uses[0].input, media("models/house.modelbin"));
        QCOMPARE(decoy.uses[0].slot, std::optional<std::int32_t>(2));
        QCOMPARE(decoy.uses[0].look, std::string("house_trim"));
    }

    // The shader is used by both materials, each naming it in its own spelling.
    void aShaderIsUsedByItsMaterials() {
        const WhereUsedResult r = usesOf(media("shaders/env.shaderbin"));
        QCOMPARE(r.uses.size(), std::size_t{2});
        QCOMPARE(r.uses[0].input, media("materials/brick.materialbin"));
        QCOMPARE(r.uses[0].kind, Kind::Material);
        QVERIFY(!r.uses[0].slot);
        QCOMPARE(r.uses[0].look, std::string("brick"));
        QCOMPARE(r.uses[0].path, std::string("Game:\\Media\\Shaders\\env.shaderbin"));
        QCOMPARE(r.uses[0].key, std::string("materialbin/matl/path"));
        checkBytes(r.uses[0]);
        QCOMPARE(r.uses[1].input, media("materials/plaster.materialbin"));
        QCOMPARE(r.uses[1].look, std::string("plaster"));
        QCOMPARE(r.uses[1].path, std::string("game:/media/shaders/ENV.shaderbin"));
        checkBytes(r.uses[1]);
        QVERIFY(r.skipped.empty()); // no other file holds "env.shaderbin"
    }

    // The brick texture, an entry of media/textures.zip, is named by the brick material (in
    // capitals), by the house's slot 3 override and by the shader's default, in walk order.
    void aTextureIsUsedByMaterialsShadersAndSlotOverrides() {
        const WhereUsedResult r = usesOf(media("textures.zip::Brick_Diffuse.swatchbin"));
        QVERIFY2(r.uses.size() == 3, describe(r).c_str());
        const std::uint32_t diffuse = hashOf("DiffuseATexture");
        QCOMPARE(r.uses[0].input, media("materials/brick.materialbin"));
        QCOMPARE(r.uses[0].kind, Kind::Material);
        QCOMPARE(r.uses[0].parameter, std::optional<std::uint32_t>(diffuse));
        QCOMPARE(r.uses[0].path, std::string("Game:\\MEDIA\\TEXTURES\\BRICK_DIFFUSE.SWATCHBIN"));
        QCOMPARE(r.uses[0].key, std::string("materialbin/parameter/texture_path"));
        checkBytes(r.uses[0]);
        QCOMPARE(r.uses[1].input, media("models/house.modelbin"));
        QCOMPARE(r.uses[1].kind, Kind::Instance);
        QCOMPARE(r.uses[1].slot, std::optional<std::int32_t>(3));
        QCOMPARE(r.uses[1].look, std::string("house_sign"));
        QCOMPARE(r.uses[1].parameter, std::optional<std::uint32_t>(diffuse));
        QCOMPARE(r.uses[1].path, std::string("Game:\\Media\\Textures\\brick_diffuse.swatchbin"));
        checkBytes(r.uses[1]);
        QCOMPARE(r.uses[2].input, media("shaders/env.shaderbin"));
        QCOMPARE(r.uses[2].kind, Kind::Shader);
        QCOMPARE(r.uses[2].look, std::string("env"));
        QCOMPARE(r.uses[2].path, std::string("Game:\\Media\\Textures\\Brick_Diffuse.swatchbin"));
        checkBytes(r.uses[2]);

        // The same target spelled another way gives the same uses; so do three workers.
        const WhereUsedResult again =
            usesOf(m_root + "/media/./textures/../textures.zip::Brick_Diffuse.swatchbin", 3);
        QCOMPARE(describe(again), describe(r));
        // Listing at most one still counts all three.
        materials::WhereUsedOptions one;
        one.maxUses = 1;
        const std::string target = media("textures.zip::Brick_Diffuse.swatchbin");
        const WhereUsedResult first = materials::whereUsed(target, resolve::rootsFor({}, target), one);
        QCOMPARE(first.uses.size(), std::size_t{1});
        QCOMPARE(first.total, std::uint64_t{3});
        QCOMPARE(first.truncated(), std::uint64_t{2});
        QCOMPARE(first.uses[0].input, media("materials/brick.materialbin"));
    }

    // "Game:\Media\Textures\plaster.swatchbin" resolves to the loose file, which shadows the
    // zip's entry: the entry is used by nothing, the loose file by the plaster material.
    void resolutionDecidesNotTheName() {
        const WhereUsedResult loose = usesOf(media("textures/plaster.swatchbin"));
        QCOMPARE(loose.uses.size(), std::size_t{1});
        QCOMPARE(loose.uses[0].input, media("materials/plaster.materialbin"));
        QVERIFY(usesOf(media("textures.zip::plaster.swatchbin")).uses.empty());
    }

    // Nothing names the unused texture; nothing but the house's decoy slot names a missing one.
    void aFileNothingNamesHasNoUses() {
        const WhereUsedResult r = usesOf(media("textures.zip::unused.swatchbin"));
        QVERIFY2(r.error.empty(), r.error.c_str());
        QVERIFY(r.uses.empty());
        QCOMPARE(r.total, std::uint64_t{0});
        QVERIFY(r.skipped.empty()); // the corrupt model does not hold "unused.swatchbin": not read
        QCOMPARE(r.files, std::uint64_t{9});
        QVERIFY(usesOf(media("models/house.modelbin")).uses.empty());
    }

    // A → B → A: each is used by the other, once; the loop is not followed.
    void aLoopGivesEachItsOneUser() {
        const WhereUsedResult a = usesOf(media("loop/a.materialbin"));
        QCOMPARE(a.uses.size(), std::size_t{1});
        QCOMPARE(a.uses[0].input, media("loop/b.materialbin"));
        QCOMPARE(a.uses[0].path, std::string("Game:\\Media\\Loop\\a.materialbin"));
        const WhereUsedResult b = usesOf(media("loop/b.materialbin"));
        QCOMPARE(b.uses.size(), std::size_t{1});
        QCOMPARE(b.uses[0].input, media("loop/a.materialbin"));
    }

    // Outside an install there is no root: an error, nothing walked. A cancelled walk says so.
    void noRootAndCancelAreSaid() {
        QTemporaryDir elsewhere;
        const std::string loose = elsewhere.path().toStdString() + "/brick.materialbin";
        test::writeFile(loose, text("x"));
        const WhereUsedResult none = usesOf(loose);
        QVERIFY(!none.error.empty());
        QVERIFY(none.uses.empty());
        QVERIFY(none.roots.empty());
        // A root given by hand is walked: the install's brick is not this file.
        const WhereUsedResult given = materials::whereUsed(loose, {m_root});
        QVERIFY2(given.error.empty(), given.error.c_str());
        QVERIFY(given.uses.empty());

        std::atomic<bool> cancel{true};
        CensusProgress progress;
        materials::WhereUsedOptions options;
        options.cancel = &cancel;
        options.progress = &progress;
        const std::string target = media("materials/brick.materialbin");
        const WhereUsedResult cancelled =
            materials::whereUsed(target, resolve::rootsFor({}, target), options);
        QVERIFY(cancelled.cancelled);
        QVERIFY(cancelled.uses.empty());

        CensusProgress counted;
        options.cancel = nullptr;
        options.progress = &counted;
        QCOMPARE(materials::whereUsed(target, resolve::rootsFor({}, target), options).uses.size(),
                 std::size_t{2});
        QVERIFY(counted.found.load() > 10);
        QCOMPARE(counted.done.load(), counted.found.load());
    }

    // `find --field` finds the same fields by key and value, strings compared exactly: the
    // material link of a MatI slot, a MATL's shader path, a texture parameter's path (in a
    // material, a shader's defaults and a slot's overrides). It does not resolve: the zipped
    // model's capitals are another value.
    void findFieldFindsThePathFields() {
        const auto find = [&](const QString& key, const QString& value) {
            const test::ProcessResult run = test::runCli(
                {"find", "--json", "--field", key, "--value", value, QString::fromStdString(m_root)});
            const QJsonObject doc = QJsonDocument::fromJson(run.out).object();
            QStringList found;
            for (const QJsonValue m : doc.value("matches").toArray())
                found << QStringLiteral("%1 @%2 %3")
                             .arg(m.toObject().value("input").toString())
                             .arg(m.toObject().value("offset").toInteger())
                             .arg(m.toObject().value("path").toString());
            return found;
        };
        const WhereUsedResult brick = usesOf(media("materials/brick.materialbin"));
        QCOMPARE(find("modelbin/mati/material_path", "Game:\\Media\\Materials\\brick.materialbin"),
                 QStringList{QStringLiteral("%1 @%2 bundle/MatI/bundle/MATI/material_path")
                                 .arg(QString::fromStdString(media("models/house.modelbin")))
                                 .arg(brick.uses[0].offset)});
        QCOMPARE(find("modelbin/mati/material_path", "*BRICK.MATERIALBIN"),
                 QStringList{QStringLiteral("%1 @%2 bundle/MatI/bundle/MATI/material_path")
                                 .arg(QString::fromStdString(media("models.zip::shed.modelbin")))
                                 .arg(brick.uses[1].offset)});

        const WhereUsedResult env = usesOf(media("shaders/env.shaderbin"));
        QCOMPARE(find("materialbin/matl/path", "Game:\\Media\\Shaders\\env.shaderbin"),
                 QStringList{QStringLiteral("%1 @%2 bundle/MATL/path")
                                 .arg(QString::fromStdString(media("materials/brick.materialbin")))
                                 .arg(env.uses[0].offset)});

        const WhereUsedResult tex = usesOf(media("textures.zip::Brick_Diffuse.swatchbin"));
        QCOMPARE(find("materialbin/parameter/texture_path", "*rick_?iffuse.swatchbin"),
                 (QStringList{QStringLiteral(
                                  "%1 @%2 bundle/MatI#2/bundle/MTPR/parameters/DiffuseATexture/texture_path")
                                  .arg(QString::fromStdString(media("models/house.modelbin")))
                                  .arg(tex.uses[1].offset),
                              QStringLiteral("%1 @%2 bundle/DFPR/parameters/DiffuseATexture/texture_path")
                                  .arg(QString::fromStdString(media("shaders/env.shaderbin")))
                                  .arg(tex.uses[2].offset)}));
    }
};

QTEST_GUILESS_MAIN(TestWhereUsed)
#include "tst_where_used.moc"
