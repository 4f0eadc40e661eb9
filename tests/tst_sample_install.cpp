// The sample set as an install (issue 45, "Samples"): every sample model's slots name materials
// the set holds, each material the sample shader, each texture a file the set holds, some loose
// and some inside zips a folder prefix of the Game:\ path names (cli-contract.md, "Materials").
// The house's chain is checked link by link against where the set keeps each file, and two of
// its base-colour texels against the colours worked out by hand from the pictures written
// (texture/sample_images.h).
#include "contract/texture_texels.h"
#include "materials/material_chain.h"
#include "open/open_input.h"
#include "resolve/game_resolver.h"
#include "resolve/game_root.h"
#include "samples/sample_set.h"

#include "test_support.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <array>
#include <optional>

using namespace assetscope;
using materials::ResolvedLook;
using Kind = MaterialLook::Kind;

namespace {

// Every model of the sample set and the number of its MatI slots.
struct SampleModel {
    const char* path;
    std::size_t slotCount;
};
constexpr SampleModel kModels[] = {
    {"media/models/bld_sample_house_a_lod0.i.modelbin", 9},
    {"media/models/bld_sample_house_a_lod1.i.modelbin", 9},
    {"media/models/bld_sample_house_a_lod2.i.modelbin", 9},
    {"media/models/occ_sample_house_a.i.modelbin", 1},
    {"media/models/inf_sample_wind_turbine.a.modelbin", 2},
    {"media/models/terr_sample_patch_32bit.i.modelbin", 2},
    {"media/models/prp_sample_bench_v112.i.modelbin", 2},
    {"media/cars/sample_roadster/sample_roadster_wheel_lf.modelbin", 2},
};

std::vector<ResolvedLook> looksOf(const std::string& input) {
    const OpenedInput opened = openInput(input);
    if (!opened.ok()) return {};
    const resolve::GameResolver resolver(resolve::rootsFor({}, input));
    return materials::resolveLooks(*opened.parsed, input, resolver);
}

using Rgba = std::array<std::uint8_t, 4>;

// Texel (x, y) of mip 0 of the texture at `input`, decoded by the project's decoder.
std::optional<Rgba> texelOf(const std::string& input, std::uint32_t x, std::uint32_t y) {
    const OpenedInput opened = openInput(input);
    if (!opened.ok()) return std::nullopt;
    const auto texture = opened.parsed->texture();
    if (!texture || !texture->format) return std::nullopt;
    const TextureLevel* level = texture->level(0, 0);
    if (!level) return std::nullopt;
    std::string reason;
    const auto image =
        decode::decodeLevel(*texture->format, level->width, level->height,
                            opened.parsed->tree().bytes().subspan(level->offset, level->size), reason);
    if (!image || image->isFloat) return std::nullopt;
    const std::size_t at = (std::size_t{y} * level->width + x) * 4;
    return Rgba{image->rgba8[at], image->rgba8[at + 1], image->rgba8[at + 2], image->rgba8[at + 3]};
}

// What the house's slot resolves to, below the sample set's folder: its material's input, and
// its base-colour, normal and emissive textures' (the 2nd and 4th the shader's defaults where
// the material sets none).
struct HouseSlot {
    std::int32_t slot;
    const char* material; // the file name in Game:\Media\Materials\Environment\ ; null: an empty slot
    const char* materialFound;
    const char* baseColour;
    const char* normal;
    const char* emissive;
};

constexpr const char* kEnvironmentZip = "media/materials/environment.zip::";
constexpr const char* kFlatNormal = "media/Textures.zip::defaults/flat_normal.swatchbin";
constexpr const char* kBlack = "media/Textures.zip::defaults/black.swatchbin";
constexpr const char* kWhite = "media/Textures.zip::defaults/white.swatchbin";

const HouseSlot kHouse[] = {
    {1, "plaster_cream", "plaster_cream.materialbin",
     "media/textures/environment.zip::buildings/plaster_cream_diffuse.swatchbin", kFlatNormal, kBlack},
    {2, "roof_tiles_terracotta", "roof_tiles_terracotta.materialbin",
     "media/textures/environment.zip::buildings/roof_tiles_terracotta_diffuse.swatchbin",
     "media/textures/environment.zip::buildings/roof_tiles_terracotta_normal.swatchbin", kBlack},
    {3, "roof_tiles_snow", "roof_tiles_snow.materialbin",
     "media/textures/environment.zip::buildings/roof_tiles_snow_diffuse.swatchbin",
     "media/textures/environment.zip::buildings/roof_tiles_terracotta_normal.swatchbin", kBlack},
    {4, "wood_painted_green", "wood_painted_green.materialbin",
     "media/textures/environment.zip::buildings/wood_painted_green_diffuse.swatchbin", kFlatNormal, kBlack},
    {5, "glass_window_clear", "glass_window_clear.materialbin",
     "media/textures/environment.zip::buildings/glass_window_diffuse.swatchbin", kFlatNormal, kBlack},
    {6, "signage_emissive_red", "signage_emissive_red.materialbin",
     "media/textures/signs/inn_sign_diffuse.swatchbin", kFlatNormal,
     "media/textures/signs/inn_sign_emissive.swatchbin"},
    {7, "signage_emissive_blue", "signage_emissive_blue.materialbin",
     "media/textures/signs/inn_sign_diffuse.swatchbin", kFlatNormal,
     "media/textures/signs/inn_sign_emissive.swatchbin"},
    {8, "brick_weathered", "brick_weathered.materialbin",
     "media/textures/environment.zip::buildings/brick_weathered_diffuse.swatchbin",
     "media/textures/environment.zip::buildings/brick_weathered_normal.swatchbin", kBlack},
    {9, nullptr, nullptr, nullptr, nullptr, nullptr},
};

} // namespace

class TestSampleInstall : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::string m_root;

    std::string at(const std::string& below) const { return m_root + "/" + below; }

    // The house's looks, read from `input` (the loose model or its copy in Samples.zip): each
    // link and texture found where kHouse says.
    void checkHouse(const std::string& input) {
        const auto looks = looksOf(input);
        QCOMPARE(looks.size(), std::size(kHouse));
        for (std::size_t i = 0; i < looks.size(); ++i) {
            const ResolvedLook& look = looks[i];
            const HouseSlot& want = kHouse[i];
            const QByteArray label = QByteArray("slot ") + QByteArray::number(want.slot);
            QVERIFY2(look.slot == want.slot, label);
            QCOMPARE(look.chain.at(0).kind, Kind::Instance);
            QCOMPARE(look.chain[0].found, std::optional<std::string>(input));
            if (!want.material) { // an empty slot: no chain, no parameters
                QCOMPARE(look.chain.size(), std::size_t{1});
                QVERIFY(look.parameters.empty() && look.textures.empty());
                continue;
            }
            QVERIFY2(look.complete(), label);
            QCOMPARE(look.chain.size(), std::size_t{3});
            QCOMPARE(look.chain[1].kind, Kind::Material);
            QCOMPARE(look.chain[1].path,
                     std::optional<std::string>(std::string("Game:\\Media\\Materials\\Environment\\") +
                                                want.material + ".materialbin"));
            // Inside the zip the folder prefix names: media/materials/environment/ does not exist.
            QCOMPARE(look.chain[1].found,
                     std::optional<std::string>(at(kEnvironmentZip) + want.materialFound));
            QCOMPARE(look.chain[2].kind, Kind::Shader);
            QCOMPARE(look.chain[2].path,
                     std::optional<std::string>("Game:\\Media\\Shaders\\sample_environment.shaderbin"));
            QCOMPARE(look.chain[2].found,
                     std::optional<std::string>(at("media/shaders/sample_environment.shaderbin")));
            // The shader's 16 defaults, each overridden or not, and the instance's tint.
            QCOMPARE(look.parameters.size(), std::size_t{16});
            // Textures in the shader's order: base colour, normal, fittings, emissive.
            QCOMPARE(look.textures.size(), std::size_t{4});
            QCOMPARE(look.textures[0].role, std::string_view("base_color"));
            QCOMPARE(look.textures[0].found, std::optional<std::string>(at(want.baseColour)));
            QCOMPARE(look.textures[1].role, std::string_view("normal"));
            QCOMPARE(look.textures[1].found, std::optional<std::string>(at(want.normal)));
            QCOMPARE(look.textures[2].found, std::optional<std::string>(at(kWhite)));
            // No public reader names an emissive texture, so the table gives InteriorEmissiveTexture
            // no role (public-reader-notes.md, "Effective parameters, names and roles").
            QCOMPARE(look.textures[3].role, std::string_view());
            QCOMPARE(look.textures[3].found, std::optional<std::string>(at(want.emissive)));
        }
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_root = m_dir.path().toStdString();
        std::vector<std::string> written;
        std::string error;
        QVERIFY2(samples::writeSampleSet(m_root, written, error), error.c_str());
    }

    // Every slot of every sample model: a complete chain (instance, material, shader) and every
    // texture found, each texture a real texture with its whole mip chain; an empty slot has no
    // chain. The command line agrees: `materials --json` exits 0 with every "found" set.
    void everySampleModelsChainIsComplete() {
        for (const SampleModel& model : kModels) {
            const std::string input = at(model.path);
            const auto looks = looksOf(input);
            QVERIFY2(looks.size() == model.slotCount, model.path);
            for (const ResolvedLook& look : looks) {
                const QByteArray label = QByteArray(model.path) + " slot " + QByteArray::number(*look.slot);
                QVERIFY2(look.complete(), label);
                if (look.chain.size() == 1) { // the occluder's and the house's unused slot
                    QVERIFY2(look.textures.empty(), label);
                    continue;
                }
                QVERIFY2(look.chain.size() == 3, label);
                QVERIFY2(look.chain[2].kind == Kind::Shader, label);
                QVERIFY2(look.textures.size() == 4 && look.textures[0].role == "base_color", label);
                for (const materials::TextureUse& t : look.textures) {
                    const OpenedInput texture = openInput(*t.found);
                    QVERIFY2(texture.ok() && texture.parsed->tree().errorCount() == 0, t.found->c_str());
                    const auto d = texture.parsed->texture();
                    QVERIFY2(d && d->format && d->width == d->height, t.found->c_str());
                    std::uint32_t mips = 1;
                    for (std::uint32_t w = d->width; w > 1; w /= 2)
                        ++mips;
                    QCOMPARE(d->mips, mips);
                    QCOMPARE(d->levels.size(), std::size_t{mips});
                }
            }
            const auto r = test::runCli({"materials", "--json", QString::fromStdString(input)});
            QVERIFY2(r.exitCode == 0, r.err.constData());
            QVERIFY2(r.err.isEmpty(), r.err.constData());
            const QJsonArray looksJson = QJsonDocument::fromJson(r.out).object()["materials"].toArray();
            QCOMPARE(static_cast<std::size_t>(looksJson.size()), model.slotCount);
            for (const auto slot : looksJson) {
                for (const auto link : slot.toObject()["chain"].toArray())
                    QVERIFY2(link.toObject()["found"].isString(), r.out.constData());
                for (const auto texture : slot.toObject()["textures"].toArray())
                    QVERIFY2(texture.toObject()["found"].isString(), r.out.constData());
            }
        }
    }

    // The house's chain, hand-checked: each material inside media/materials/environment.zip (the
    // zip Game:\Media\Materials\Environment names, its entry the file name), the shader loose,
    // the textures inside media/textures/environment.zip (entry buildings/…: the zip named by a
    // shorter prefix), loose under media/textures/signs/, or the shader's defaults inside
    // media/Textures.zip (entry defaults/…).
    void theHousesChainIsWhereTheInstallKeepsIt() {
        checkHouse(at("media/models/bld_sample_house_a_lod0.i.modelbin"));
    }

    // The house inside media/Samples.zip finds the same files: the root is the folder holding the
    // archive's media folder.
    void theHouseInsideSamplesZipFindsTheSameFiles() {
        checkHouse(at("media/Samples.zip::media/models/bld_sample_house_a_lod0.i.modelbin"));
    }

    // Two base-colour texels worked out from the pictures (sample_images.cpp):
    // - the door, R8G8B8A8, 64 x 64: four planks 64 / 4 = 16 texels wide, the dark line between
    //   them on every x with x % 16 == 0, stored as written: texel (32, 10) is (22, 48, 30, 255);
    // - the bricks, BC1, 128 x 128: courses 128 / 8 = 16 texels high, the mortar the bottom
    //   128 / 64 = 2 rows of each, so texel (40, 14) is mortar, (196, 190, 178). Its block
    //   (x 40..43, y 12..15) holds mortar and brick; the mortar, the colour furthest from the
    //   bricks, is an endpoint, stored as 5:6:5 (196·31/255 → 24, 190·63/255 → 47, 178·31/255 → 22)
    //   and decoded as (24 << 3 | 24 >> 2, 47 << 2 | 47 >> 4, 22 << 3 | 22 >> 2) = (198, 190, 181).
    void baseColourTexelsAreTheOnesWritten() {
        const auto looks = looksOf(at("media/models/bld_sample_house_a_lod0.i.modelbin"));
        QCOMPARE(looks.size(), std::size(kHouse));
        const auto door = looks[3].textures.at(0).found;
        QCOMPARE(door, std::optional<std::string>(at(kHouse[3].baseColour)));
        QCOMPARE(texelOf(*door, 32, 10), std::optional<Rgba>(Rgba{22, 48, 30, 255}));
        QCOMPARE(texelOf(*door, 0, 63), std::optional<Rgba>(Rgba{22, 48, 30, 255}));
        const auto brick = looks[7].textures.at(0).found;
        QCOMPARE(brick, std::optional<std::string>(at(kHouse[7].baseColour)));
        QCOMPARE(texelOf(*brick, 40, 14), std::optional<Rgba>(Rgba{198, 190, 181, 255}));
        QCOMPARE(texelOf(*brick, 40, 15), std::optional<Rgba>(Rgba{198, 190, 181, 255}));
    }

    // The layout by the Game:\ rule: what is loose and what is only inside a zip.
    void filesAreLooseOrZippedAsTheLayoutSays() {
        QVERIFY(QFileInfo::exists(QString::fromStdString(at("media/shaders/sample_environment.shaderbin"))));
        QVERIFY(
            QFileInfo::exists(QString::fromStdString(at("media/materials/cars/tyre_rubber.materialbin"))));
        QVERIFY(QFileInfo::exists(
            QString::fromStdString(at("media/textures/signs/inn_sign_emissive.swatchbin"))));
        QVERIFY(!QFileInfo::exists(QString::fromStdString(at("media/materials/environment"))));
        QVERIFY(!QFileInfo::exists(QString::fromStdString(at("media/textures/environment"))));
        QVERIFY(!QFileInfo::exists(QString::fromStdString(at("media/textures/terrain"))));
        // The wheel's materials are loose, their textures too.
        const auto wheel = looksOf(at("media/cars/sample_roadster/sample_roadster_wheel_lf.modelbin"));
        QCOMPARE(wheel.size(), std::size_t{2});
        QCOMPARE(wheel[0].chain.at(1).found,
                 std::optional<std::string>(at("media/materials/cars/tyre_rubber.materialbin")));
        QCOMPARE(wheel[0].textures.at(0).found,
                 std::optional<std::string>(at("media/textures/cars/tyre_rubber_diffuse.swatchbin")));
        // The terrain's are inside media/Textures.zip, the zip named by Game:\Media\Textures.
        const auto terrain = looksOf(at("media/models/terr_sample_patch_32bit.i.modelbin"));
        QCOMPARE(terrain.size(), std::size_t{2});
        QCOMPARE(terrain[1].textures.at(0).path,
                 std::string("Game:\\Media\\Textures\\Terrain\\snow_diffuse.swatchbin"));
        QCOMPARE(terrain[1].textures.at(0).found,
                 std::optional<std::string>(at("media/Textures.zip::terrain/snow_diffuse.swatchbin")));
        // The sample material's textures: directly under Media\Textures, so inside Textures.zip.
        const auto brick = looksOf(at("media/materials/sample_brick_wall.materialbin"));
        QCOMPARE(brick.size(), std::size_t{1});
        QVERIFY(brick[0].complete());
        QCOMPARE(brick[0].textures.at(0).found,
                 std::optional<std::string>(at("media/Textures.zip::sample_brick_wall_diffuse.swatchbin")));
    }
};

QTEST_GUILESS_MAIN(TestSampleInstall)
#include "tst_sample_install.moc"
