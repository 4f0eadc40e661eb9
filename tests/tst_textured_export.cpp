// Textured export (cli-contract.md, "Materials": `export MODEL [--root DIR]... [--no-textures] -o
// OUT`): an install made here, laid out as the notes lay one out (a model whose MatI slots derive
// from materials that derive from the sample shader, naming textures the texture writer wrote),
// exported as glb, glTF, OBJ and FBX, alone, as a placed scene and as a batch. Every texel is
// checked against values worked out by hand from the texture's encoding, not read back from our
// decoder; the glTF files go through the Khronos validator.
#include "export/batch_export.h"
#include "export/export_looks.h"
#include "export/material_images.h"
#include "export/placed_scene.h"
#include "export/scene_writer.h"
#include "export/tiny_gltf_config.h"
#include "formats/grub/bundle_writer.h"
#include "formats/materialbin/material_writer.h"
#include "formats/pgeo/pgeo_file.h"
#include "formats/pgeo/pgeo_writer.h"
#include "open/open_input.h"
#include "shading/sample_parameters.h"
#include "test_support.h"
#include "textured_install.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <assimp/Importer.hpp>
#include <assimp/material.h>
#include <assimp/scene.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <set>

using namespace assetscope;
using namespace assetscope::exporting;
using namespace assetscope::test;
namespace fs = std::filesystem;

namespace {

const std::vector<Texel>& kDiffuseTexels = brickDiffuseTexels();
const std::vector<Texel>& kNormalTexels = brickNormalTexels();

// The PNG's texels as QImage reads them (Qt's own PNG reader).
std::vector<Texel> pngTexels(const QImage& image) {
    std::vector<Texel> out;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QRgb p = image.pixel(x, y);
            out.push_back({qRed(p), qGreen(p), qBlue(p), qAlpha(p)});
        }
    return out;
}

bool sameTexels(const std::vector<Texel>& a, const std::vector<Texel>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].r != b[i].r || a[i].g != b[i].g || a[i].b != b[i].b || a[i].a != b[i].a) return false;
    return true;
}

QString texelsText(const std::vector<Texel>& t) {
    QStringList parts;
    for (const Texel& x : t)
        parts << QStringLiteral("(%1,%2,%3,%4)").arg(x.r).arg(x.g).arg(x.b).arg(x.a);
    return parts.join(QLatin1Char(' '));
}

// Whether a PNG holds an sRGB chunk.
bool hasSrgbChunk(const QByteArray& png) {
    return png.contains("sRGB");
}

// tinygltf is built without image codecs: its images are kept as the file names them (a URI, or
// a buffer view), and the PNGs read with Qt's own reader.
bool keepImage(tinygltf::Image*, const int, std::string*, std::string*, int, int, const unsigned char*, int,
               void*) {
    return true;
}

tinygltf::Model loadGltf(const std::string& path) {
    tinygltf::TinyGLTF loader;
    loader.SetImageLoader(keepImage, nullptr);
    tinygltf::Model model;
    std::string err, warn;
    const bool ok = QString::fromStdString(path).endsWith(".glb")
                        ? loader.LoadBinaryFromFile(&model, &err, &warn, path)
                        : loader.LoadASCIIFromFile(&model, &err, &warn, path);
    if (!ok) qWarning("tinygltf: %s", err.c_str());
    return model;
}

// The PNG bytes of image `i`: from its buffer view inside a .glb, or its file beside `gltf`.
QByteArray imageBytes(const tinygltf::Model& m, std::size_t i, const std::string& gltf) {
    const tinygltf::Image& image = m.images.at(i);
    if (image.bufferView >= 0) {
        const auto& view = m.bufferViews.at(std::size_t(image.bufferView));
        const auto& data = m.buffers.at(std::size_t(view.buffer)).data;
        return QByteArray(reinterpret_cast<const char*>(data.data() + view.byteOffset),
                          qsizetype(view.byteLength));
    }
    QFile f(QString::fromStdString((fs::path(gltf).parent_path() / image.uri).string()));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

std::vector<Texel> imageTexels(const tinygltf::Model& m, int texture, const std::string& gltf) {
    const auto& t = m.textures.at(std::size_t(texture));
    return pngTexels(QImage::fromData(imageBytes(m, std::size_t(t.source), gltf), "PNG"));
}

QByteArray readAll(const fs::path& path) {
    QFile f(QString::fromStdString(path.string()));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestTexturedExport : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::string m_root;     // the install: ROOT/media/...
    std::string m_model;    // one slot: brick (diffuse + normal)
    std::string m_shared;   // two slots, two materials naming the same diffuse texture
    std::string m_missing;  // one slot whose material names a texture that is not there
    std::string m_batchDir; // two models sharing both textures, alone in their folder

    std::string path(const std::string& name) const {
        return m_dir.filePath(QString::fromStdString(name)).toStdString();
    }

    void validate(const std::string& file, const std::string& root = {}) {
        if (QStandardPaths::findExecutable("node").isEmpty())
            QSKIP("node is not installed: the Khronos validator could not run (CI: install nodejs)");
        if (!QDir(ASSETSCOPE_SOURCE_DIR "/tests/node_modules/gltf-validator").exists())
            QSKIP("tests/node_modules/gltf-validator is missing: run `npm ci --prefix tests`");
        QStringList args{QStringLiteral(ASSETSCOPE_SOURCE_DIR "/tests/validate_gltf.mjs"),
                         QString::fromStdString(file)};
        if (!root.empty()) args << QString::fromStdString(root);
        const auto r = runProcess("node", args);
        QVERIFY2(r.exitCode == 0, qPrintable(QString::fromUtf8(r.out + r.err)));
    }

    ProcessResult exportCli(const std::string& input, const std::string& out, QStringList more = {}) {
        QStringList args{QStringLiteral("export"), QString::fromStdString(input)};
        args << more << QStringLiteral("-o") << QString::fromStdString(out);
        return runCli(args);
    }

    // The base colour and normal of material 0 wired to their images, with the hand-worked texels.
    void checkBrick(const tinygltf::Model& m, const std::string& file) {
        QCOMPARE(m.materials.size(), std::size_t(1));
        const tinygltf::Material& mat = m.materials[0];
        const int colour = mat.pbrMetallicRoughness.baseColorTexture.index;
        const int normal = mat.normalTexture.index;
        QVERIFY(colour >= 0 && normal >= 0 && colour != normal);
        QCOMPARE(mat.pbrMetallicRoughness.baseColorTexture.texCoord, 0);
        QCOMPARE(mat.pbrMetallicRoughness.baseColorFactor, (std::vector<double>{1, 1, 1, 1}));
        QCOMPARE(m.images.size(), std::size_t(2));
        const auto diffuse = imageTexels(m, colour, file);
        QVERIFY2(sameTexels(diffuse, kDiffuseTexels), qPrintable(texelsText(diffuse)));
        const auto normals = imageTexels(m, normal, file);
        QVERIFY2(sameTexels(normals, kNormalTexels), qPrintable(texelsText(normals)));
        // The sRGB texture says so; the linear one does not.
        QVERIFY(hasSrgbChunk(imageBytes(m, std::size_t(m.textures[std::size_t(colour)].source), file)));
        QVERIFY(!hasSrgbChunk(imageBytes(m, std::size_t(m.textures[std::size_t(normal)].source), file)));
        QCOMPARE(m.images[std::size_t(m.textures[std::size_t(colour)].source)].name,
                 std::string("brick_diffuse"));
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_root = path("install");
        writeTexturedInstall(m_root);
        const fs::path media = fs::path(m_root) / "media";
        m_model = (media / "models" / "tex_box.modelbin").string();
        writeFile(m_model, texturedModel({kBrickMaterial}));
        m_shared = (media / "models" / "tex_pair.modelbin").string();
        writeFile(m_shared, texturedModel({kBrickMaterial, kPlasterMaterial}));
        m_missing = (media / "models" / "tex_gone.modelbin").string();
        writeFile(m_missing, texturedModel({kGoneMaterial}));
        m_batchDir = (media / "batch").string();
        writeFile(fs::path(m_batchDir) / "a.modelbin", texturedModel({kBrickMaterial}));
        writeFile(fs::path(m_batchDir) / "b.modelbin", texturedModel({kBrickMaterial}));
    }

    // The look as `materials` reports it is what the export gives the material: the instance's
    // material's two textures, by role.
    void theLookResolvesThroughTheChain() {
        const OpenedInput opened = openInput(m_model);
        QVERIFY(opened.ok());
        std::string reason;
        auto scene = opened.parsed->exportScene({}, reason);
        QVERIFY2(scene, reason.c_str());
        ExportLooks looks;
        const auto notes = looks.apply(*scene, *opened.parsed, m_model);
        QVERIFY2(notes.empty(), notes.empty() ? "" : notes.front().c_str());
        QCOMPARE(scene->materials.size(), std::size_t(1));
        const Material& m = scene->materials[0];
        QCOMPARE(m.slot, std::optional<std::int32_t>(0));
        QVERIFY(m.texture(TextureRole::BaseColor).image);
        QCOMPARE(m.texture(TextureRole::BaseColor).image->source,
                 (fs::path(m_root) / "media" / "textures" / "brick_diffuse.swatchbin").string());
        QCOMPARE(m.texture(TextureRole::Normal).image->width, 4u);
        QVERIFY(!m.texture(TextureRole::Emissive).image);
        QCOMPARE(looks.decoded(), std::size_t(2));
        QCOMPARE(looks.linkFilesRead(), std::size_t(2)); // brick.materialbin and the shader
        // A second model of the same looks reads no file of its chains again, nor its textures.
        auto again = opened.parsed->exportScene({}, reason);
        QVERIFY2(again, reason.c_str());
        QVERIFY(looks.apply(*again, *opened.parsed, m_model).empty());
        QVERIFY(again->materials[0].texture(TextureRole::BaseColor).image);
        QCOMPARE(looks.linkFilesRead(), std::size_t(2));
        QCOMPARE(looks.decoded(), std::size_t(2));
    }

    void glbEmbedsEachImage() {
        const std::string out = path("brick.glb");
        const auto r = exportCli(m_model, out);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        const auto m = loadGltf(out);
        checkBrick(m, out);
        for (const tinygltf::Image& image : m.images) {
            QVERIFY(image.bufferView >= 0);
            QCOMPARE(image.mimeType, std::string("image/png"));
            QVERIFY(image.uri.empty());
        }
        // Nothing beside it: the images are inside.
        QVERIFY(!fs::exists(path("brick_diffuse.png")));
        validate(out);
    }

    void gltfWritesEachImageBesideIt() {
        const std::string dir = path("gltf");
        fs::create_directories(dir);
        const std::string out = dir + "/brick.gltf";
        const auto r = exportCli(m_model, out);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.out.contains("wrote " + QByteArray::fromStdString(dir) + "/brick_diffuse.png"));
        const auto m = loadGltf(out);
        checkBrick(m, out);
        std::set<std::string> uris;
        for (const tinygltf::Image& image : m.images) {
            QCOMPARE(image.bufferView, -1);
            uris.insert(image.uri);
        }
        QCOMPARE(uris, (std::set<std::string>{"brick_diffuse.png", "brick_normal.png"}));
        QVERIFY(!fs::exists(fs::path(dir) / ".brick.gltf.partial")); // staged, then placed
        validate(out);
    }

    // The .mtl names the PNGs: map_Kd, map_Bump (what Blender's importer reads as the normal map)
    // and norm; the colour white, since the texture gives it.
    void objNamesThePngsInItsMtl() {
        const std::string dir = path("obj");
        fs::create_directories(dir);
        const auto r = exportCli(m_model, dir + "/brick.obj");
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QList<QByteArray> lines = readAll(fs::path(dir) / "brick.mtl").split('\n');
        QVERIFY(lines.contains("map_Kd brick_diffuse.png"));
        QVERIFY(lines.contains("map_Bump brick_normal.png"));
        QVERIFY(lines.contains("norm brick_normal.png"));
        QVERIFY(lines.contains("Kd 1 1 1"));
        QVERIFY(!lines.contains("map_Ke brick_diffuse.png"));
        const auto diffuse = pngTexels(QImage(QString::fromStdString(dir + "/brick_diffuse.png")));
        QVERIFY2(sameTexels(diffuse, kDiffuseTexels), qPrintable(texelsText(diffuse)));
        const auto normal = pngTexels(QImage(QString::fromStdString(dir + "/brick_normal.png")));
        QVERIFY2(sameTexels(normal, kNormalTexels), qPrintable(texelsText(normal)));
    }

    // The FBX's textures are files beside it; Assimp reads them back as the material's diffuse and
    // normal textures.
    void fbxConnectsTheFilesBesideIt() {
        const std::string dir = path("fbx");
        fs::create_directories(dir);
        const std::string out = dir + "/brick.fbx";
        const auto r = exportCli(m_model, out);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const auto diffuse = pngTexels(QImage(QString::fromStdString(dir + "/brick_diffuse.png")));
        QVERIFY2(sameTexels(diffuse, kDiffuseTexels), qPrintable(texelsText(diffuse)));
        QVERIFY(fs::exists(fs::path(dir) / "brick_normal.png"));
        Assimp::Importer importer;
        const aiScene* scene = importer.ReadFile(out, 0);
        QVERIFY2(scene, importer.GetErrorString());
        bool found = false;
        for (unsigned i = 0; i < scene->mNumMaterials; ++i) {
            aiString name, diffusePath, normalPath;
            scene->mMaterials[i]->Get(AI_MATKEY_NAME, name);
            if (std::string(name.C_Str()) != "slot_0") continue;
            found = true;
            QCOMPARE(scene->mMaterials[i]->GetTexture(aiTextureType_DIFFUSE, 0, &diffusePath),
                     aiReturn_SUCCESS);
            QCOMPARE(std::string(diffusePath.C_Str()), std::string("brick_diffuse.png"));
            QCOMPARE(scene->mMaterials[i]->GetTexture(aiTextureType_NORMALS, 0, &normalPath),
                     aiReturn_SUCCESS);
            QCOMPARE(std::string(normalPath.C_Str()), std::string("brick_normal.png"));
        }
        QVERIFY(found);
    }

    void noTexturesWritesNone() {
        const std::string dir = path("none");
        fs::create_directories(dir);
        auto r = exportCli(m_model, dir + "/brick.glb", {QStringLiteral("--no-textures")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        auto m = loadGltf(dir + "/brick.glb");
        QVERIFY(m.images.empty() && m.textures.empty());
        QCOMPARE(m.materials.at(0).pbrMetallicRoughness.baseColorTexture.index, -1);
        r = exportCli(m_model, dir + "/brick.gltf", {QStringLiteral("--no-textures")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(!fs::exists(fs::path(dir) / "brick_diffuse.png"));
        r = exportCli(m_model, dir + "/brick.obj", {QStringLiteral("--no-textures")});
        QVERIFY(!readAll(fs::path(dir) / "brick.mtl").contains("map_Kd"));
    }

    // A texture not found: a note naming it on stderr, the material without it, exit 0.
    void aMissingTextureIsANote() {
        const std::string out = path("gone.glb");
        const auto r = exportCli(m_missing, out);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.contains(
                     "note: slot 0 (slot_0): Game:\\Media\\Textures\\not_there.swatchbin was not found"),
                 r.err.constData());
        const auto m = loadGltf(out);
        QVERIFY(m.images.empty());
        QCOMPARE(m.materials.at(0).pbrMetallicRoughness.baseColorTexture.index, -1);
    }

    // --root: a root given first wins over the input's own. A copy of the model outside any
    // install finds nothing alone, and its textures with --root.
    void rootsAreTriedFirst() {
        const std::string lone = path("lone/tex_box.modelbin");
        fs::create_directories(fs::path(lone).parent_path());
        fs::copy_file(m_model, lone, fs::copy_options::overwrite_existing);
        auto r = exportCli(lone, path("lone/alone.glb"));
        QCOMPARE(r.exitCode, 0);
        // Nowhere to look: one note for the model, not one per slot.
        QCOMPARE(r.err.count("note:"), qsizetype(1));
        QVERIFY2(r.err.contains("no --root was given"), r.err.constData());
        QVERIFY(loadGltf(path("lone/alone.glb")).images.empty());
        r = exportCli(lone, path("lone/rooted.glb"),
                      {QStringLiteral("--root"), QString::fromStdString(m_root)});
        QVERIFY2(r.exitCode == 0 && r.err.isEmpty(), r.err.constData());
        QCOMPARE(loadGltf(path("lone/rooted.glb")).images.size(), std::size_t(2));
    }

    // Two materials naming one texture: one image and one texture, used by both.
    void sharedTexturesAreOneImage() {
        for (const char* ext : {".glb", ".gltf"}) {
            const std::string dir = path(std::string("pair") + (ext + 1));
            fs::create_directories(dir);
            const std::string out = dir + "/pair" + ext;
            const auto r = exportCli(m_shared, out);
            QVERIFY2(r.exitCode == 0, r.err.constData());
            const auto m = loadGltf(out);
            QCOMPARE(m.materials.size(), std::size_t(2));
            QCOMPARE(m.images.size(), std::size_t(2)); // the diffuse once, the normal once
            QCOMPARE(m.textures.size(), std::size_t(2));
            const int a = m.materials[0].pbrMetallicRoughness.baseColorTexture.index;
            QVERIFY(a >= 0);
            QCOMPARE(m.materials[1].pbrMetallicRoughness.baseColorTexture.index, a);
            QCOMPARE(m.materials[1].normalTexture.index, -1);
            validate(out);
        }
        QCOMPARE(QDir(QString::fromStdString(path("pairgltf"))).entryList({"*.png"}, QDir::Files).size(), 2);
    }

    // A batch of two models sharing both textures: each decoded once, encoded once; a .glb batch
    // embeds them in both files, a .gltf batch writes them once into the textures folder, which
    // both files name.
    void aBatchWritesEachTextureOnce() {
        BatchOptions options;
        options.jobs = 2;
        const fs::path glbOut = path("batch_glb");
        BatchResult r = exportBatch({m_batchDir}, glbOut, options);
        QCOMPARE(r.exported, std::uint64_t(2));
        QCOMPARE(r.texturesDecoded, std::size_t(2));
        QCOMPARE(r.linkFilesRead, std::size_t(2)); // brick.materialbin and the shader, for both models
        QCOMPARE(r.imagesEncoded, std::size_t(2));
        QCOMPARE(r.imageFilesWritten, std::size_t(0));
        for (const char* name : {"a.modelbin.glb", "b.modelbin.glb"}) {
            const auto m = loadGltf((glbOut / name).string());
            checkBrick(m, (glbOut / name).string());
        }
        QVERIFY(!fs::exists(glbOut / kBatchTextureFolder));

        options.sceneFormat = Format::Gltf;
        const fs::path gltfOut = path("batch_gltf");
        r = exportBatch({m_batchDir}, gltfOut, options);
        QCOMPARE(r.exported, std::uint64_t(2));
        QCOMPARE(r.texturesDecoded, std::size_t(2));
        QCOMPARE(r.imageFilesWritten, std::size_t(2));
        QCOMPARE(r.imagesEncoded, std::size_t(2));
        const fs::path texture = gltfOut / "textures" / "media" / "textures" / "brick_diffuse.png";
        QVERIFY(fs::exists(texture));
        QVERIFY(std::count(r.written.begin(), r.written.end(), texture) == 1);
        for (const char* name : {"a.modelbin.gltf", "b.modelbin.gltf"}) {
            const std::string file = (gltfOut / name).string();
            const auto m = loadGltf(file);
            std::set<std::string> uris;
            for (const auto& image : m.images)
                uris.insert(image.uri);
            QCOMPARE(uris, (std::set<std::string>{"textures/media/textures/brick_diffuse.png",
                                                  "textures/media/textures/brick_normal.png"}));
            checkBrick(m, file);
            validate(file, gltfOut.string());
        }
        // No PNG beside either output.
        QCOMPARE(QDir(QString::fromStdString(gltfOut.string())).entryList({"*.png"}, QDir::Files).size(), 0);

        // --no-textures: nothing decoded.
        options.looks.textures = false;
        r = exportBatch({m_batchDir}, path("batch_plain"), options);
        QCOMPARE(r.texturesDecoded, std::size_t(0));
        QCOMPARE(r.linkFilesRead, std::size_t(0));
        QVERIFY(!fs::exists(fs::path(path("batch_plain")) / "textures"));
    }

    // The command line's batch takes --root and says how many files it wrote, texture PNGs too.
    void theCliBatchTakesRootsToo() {
        const std::string out = path("cli_batch");
        const auto r = runCli({"export", QString::fromStdString(m_batchDir), "--format", "obj", "--root",
                               QString::fromStdString(m_root), "-o", QString::fromStdString(out)});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.out.count("brick_diffuse.png"), qsizetype(1));
        const QByteArray mtl = readAll(fs::path(out) / "a.modelbin.mtl");
        QVERIFY2(mtl.contains("map_Kd textures/media/textures/brick_diffuse.png"), mtl.constData());
    }

    // A placed scene: two instances of one textured model and one of another sharing its texture,
    // each image once in the scene.
    void aSceneWritesEachTextureOnce() {
        pgeo::PgeoFile f;
        f.sectionName = "c50_buildings_do_cellx0z0_section0";
        f.category = "BUILDINGS";
        pgeo::InstanceRecord at1, at2, at3;
        at1.position = {0x00010000u, 0, 0};
        at2.position = {0x00050000u, 0, 0};
        at3.position = {0x00090000u, 0, 0};
        pgeo::Block box;
        box.name = "tex_box_3D";
        box.setInstances({at1, at2});
        box.sources = {{"TEX_BOX", 0, 2}};
        pgeo::Block pair;
        pair.name = "tex_pair_3D";
        pair.setInstances({at3});
        pair.sources = {{"TEX_PAIR", 0, 1}};
        f.listB = {box, pair};
        f.fitBox();
        const fs::path cell = fs::path(m_root) / "media" / "tracks" / "cell.pgeo";
        writeFile(cell, pgeo::writePgeo(f));
        for (const char* ext : {".glb", ".gltf"}) {
            const std::string dir = path(std::string("scene") + (ext + 1));
            fs::create_directories(dir);
            const std::string out = dir + "/cell" + ext;
            const auto r =
                exportCli(cell.string(), out,
                          {QStringLiteral("--models"),
                           QString::fromStdString((fs::path(m_root) / "media" / "models").string())});
            QVERIFY2(r.exitCode == 0, r.err.constData());
            const auto m = loadGltf(out);
            QCOMPARE(m.meshes.size(), std::size_t(2));
            QCOMPARE(m.materials.size(), std::size_t(3));
            QCOMPARE(m.images.size(), std::size_t(2));
            std::set<int> colourTextures;
            for (const auto& mat : m.materials)
                colourTextures.insert(mat.pbrMetallicRoughness.baseColorTexture.index);
            QCOMPARE(colourTextures.size(), std::size_t(1));
            const auto texels = imageTexels(m, *colourTextures.begin(), out);
            QVERIFY2(sameTexels(texels, kDiffuseTexels), qPrintable(texelsText(texels)));
            validate(out);
        }
    }

    // Every role glTF has, written from a scene made here: each texture with its UV set as
    // texCoord, the emissive factor 1 beside an emissive texture, metallic and roughness 1 beside
    // theirs; OBJ's .mtl names the emissive map and says Ke 1 1 1.
    void everyRoleHasItsSlot() {
        ExportScene scene;
        ExportMesh mesh;
        mesh.name = "quad";
        mesh.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
        mesh.uvs = {{{0, 0}, {1, 0}, {0, 1}}, {{0, 0}, {1, 0}, {0, 1}}};
        mesh.primitives = {{0, {0, 1, 2}}};
        scene.meshes = {mesh};
        Material material;
        material.name = "all";
        std::uint8_t grey = 10;
        for (std::size_t r = 0; r < kTextureRoles; ++r) {
            auto image = std::make_shared<MaterialImage>();
            image->source = "role" + std::to_string(r);
            image->name = "role_" + std::to_string(r);
            image->width = image->height = 1;
            image->rgba = {grey, grey, grey, 255};
            grey = std::uint8_t(grey + 10);
            material.textures[r] = {image, r == std::size_t(TextureRole::Occlusion) ? 1u : 0u};
        }
        scene.materials = {material};
        const std::string out = path("roles.gltf");
        std::string error;
        WriteReport report;
        QVERIFY2(writeScene(scene, Format::Gltf, out, error, &report), error.c_str());
        QCOMPARE(report.files.size(), std::size_t(2 + kTextureRoles)); // .gltf, .bin, five PNGs
        const auto m = loadGltf(out);
        const tinygltf::Material& mat = m.materials.at(0);
        QCOMPARE(m.images.size(), kTextureRoles);
        const auto grey0 = [&](int texture) { return imageTexels(m, texture, out).at(0).r; };
        QCOMPARE(grey0(mat.pbrMetallicRoughness.baseColorTexture.index), 10);
        QCOMPARE(grey0(mat.normalTexture.index), 20);
        QCOMPARE(grey0(mat.emissiveTexture.index), 30);
        QCOMPARE(grey0(mat.occlusionTexture.index), 40);
        QCOMPARE(grey0(mat.pbrMetallicRoughness.metallicRoughnessTexture.index), 50);
        QCOMPARE(mat.occlusionTexture.texCoord, 1);
        QCOMPARE(mat.emissiveTexture.texCoord, 0);
        QCOMPARE(mat.emissiveFactor, (std::vector<double>{1, 1, 1}));
        QCOMPARE(mat.pbrMetallicRoughness.metallicFactor, 1.0);
        QCOMPARE(mat.pbrMetallicRoughness.roughnessFactor, 1.0);
        validate(out);

        QVERIFY2(writeScene(scene, Format::Obj, path("roles.obj"), error, &report), error.c_str());
        const QList<QByteArray> mtl = readAll(path("roles.mtl")).split('\n');
        QVERIFY(mtl.contains("map_Ke role_2.png"));
        QVERIFY(mtl.contains("Ke 1 1 1"));
        QVERIFY(!mtl.contains("map_Kd role_3.png"));       // occlusion and metallic-roughness: no MTL slot
        QCOMPARE(report.files.size(), std::size_t(2 + 3)); // .obj, .mtl, three PNGs
    }

    // A texture sampled with a UV set the mesh lacks falls back to UV set 0 (a warning); with no UV
    // set at all it is left out, so the file stays valid.
    void aTextureNeedsAUvSet() {
        ExportScene scene;
        ExportMesh mesh;
        mesh.name = "tri";
        mesh.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
        mesh.uvs = {{{0, 0}, {1, 0}, {0, 1}}};
        mesh.primitives = {{0, {0, 1, 2}}};
        scene.meshes = {mesh};
        Material material;
        auto image = std::make_shared<MaterialImage>();
        image->source = image->name = "one";
        image->width = image->height = 1;
        image->rgba = {1, 2, 3, 4};
        material.texture(TextureRole::BaseColor) = {image, 3};
        scene.materials = {material};
        std::string error;
        WriteReport report;
        QVERIFY2(writeScene(scene, Format::Glb, path("uv.glb"), error, &report), error.c_str());
        QCOMPARE(loadGltf(path("uv.glb")).materials.at(0).pbrMetallicRoughness.baseColorTexture.texCoord, 0);
        QCOMPARE(report.warnings.size(), std::size_t(1));
        scene.meshes[0].uvs.clear();
        QVERIFY2(writeScene(scene, Format::Glb, path("nouv.glb"), error, &report), error.c_str());
        QVERIFY(loadGltf(path("nouv.glb")).images.empty());
        validate(path("nouv.glb"));
    }

    // Two parameters of one role (DiffuseATexture and CH1DiffuseTextureTexture are both base_color
    // in the name table): the first in the effective order that is found wins. DiffuseATexture is
    // first (the shader holds a default of it, so it comes from the chain's far end);
    // CH1DiffuseTextureTexture, which only the material names, after it.
    void theFirstOfARoleWins() {
        const auto record = [](const char* name, const std::string& path) {
            return shading::makeRecord({3, 1}, shading::sample_parameters::hashOf(name),
                                       ParameterType::Texture, {}, {}, path);
        };
        const fs::path media = fs::path(m_root) / "media";
        const std::string diffuse = "Game:\\Media\\Textures\\brick_diffuse.swatchbin";
        const std::string normal = "Game:\\Media\\Textures\\brick_normal.swatchbin";
        const auto material = [&](const std::string& name, const std::string& first,
                                  const std::string& second) {
            return materialbin::writeMaterial(materialbin::makeMaterial(
                name, "Game:\\Media\\Shaders\\sample_environment.shaderbin",
                {record("CH1DiffuseTextureTexture", second), record("DiffuseATexture", first),
                 record("NormalTexture", normal)}));
        };
        writeFile(media / "materials" / "both.materialbin", material("both", diffuse, normal));
        writeFile(media / "materials" / "second.materialbin",
                  material("second", "Game:\\Media\\Textures\\not_there.swatchbin", normal));
        const std::string model = (media / "models" / "tex_roles.modelbin").string();
        writeFile(model, texturedModel({"Game:\\Media\\Materials\\both.materialbin",
                                        "Game:\\Media\\Materials\\second.materialbin"}));
        const OpenedInput opened = openInput(model);
        QVERIFY(opened.ok());
        std::string reason;
        auto scene = opened.parsed->exportScene({}, reason);
        QVERIFY2(scene, reason.c_str());
        ExportLooks looks;
        const auto notes = looks.apply(*scene, *opened.parsed, model);
        QCOMPARE(scene->materials.size(), std::size_t(2));
        QCOMPARE(scene->materials[0].texture(TextureRole::BaseColor).image->name,
                 std::string("brick_diffuse"));
        // The first is not found: a note, and the second of the role is used.
        QCOMPARE(notes.size(), std::size_t(1));
        QVERIFY2(notes[0].find("not_there.swatchbin was not found") != std::string::npos, notes[0].c_str());
        QCOMPARE(scene->materials[1].texture(TextureRole::BaseColor).image->name,
                 std::string("brick_normal"));
    }

    // Within one export, the PNGs' names stay apart: a second source of the same stem gets "_2".
    void sameNamesStayApart() {
        MaterialImages images;
        MaterialImage a, b;
        a.source = "x/one.swatchbin";
        b.source = "y/one.swatchbin";
        a.name = b.name = "one";
        a.width = a.height = b.width = b.height = 1;
        a.rgba = {1, 1, 1, 255};
        b.rgba = {2, 2, 2, 255};
        const fs::path out = path("names/out.gltf");
        fs::create_directories(out.parent_path());
        std::vector<fs::path> written;
        std::string error;
        QCOMPARE(images.file(a, out, {}, written, error), std::optional<std::string>("one.png"));
        QCOMPARE(images.file(b, out, {}, written, error), std::optional<std::string>("one_2.png"));
        QCOMPARE(images.file(a, out, {}, written, error), std::optional<std::string>("one.png"));
        QCOMPARE(written.size(), std::size_t(2));
        QCOMPARE(images.encoded(), std::size_t(2));
        QCOMPARE(images.filesWritten(), std::size_t(2));
    }

    // A crowd's two models both have a slot 0, one deriving from brick (diffuse and normal), the
    // other from plaster (the same diffuse; the shader's default normal, not in this install):
    // each material gets its own model's look, and a note names the model and slot.
    void aCrowdsModelsKeepTheirSlotsApart() {
        grub::Bundle models;
        for (const char* parent : {kBrickMaterial, kPlasterMaterial}) {
            grub::Blob modl;
            modl.tag = tagFromText("Modl");
            modl.versionMajor = 1;
            modl.data = texturedModel({parent});
            modl.dataSizeAgain = static_cast<std::uint32_t>(modl.data.size());
            models.blobs.push_back(std::move(modl));
        }
        grub::Bundle crowd;
        crowd.blobs.push_back(grub::nestedBlob(tagFromText("Mdls"), 1, 0, models));
        const std::string input = (fs::path(m_root) / "media" / "crowds" / "two.crowdbin").string();
        writeFile(input, grub::writeBundle(crowd));

        const OpenedInput opened = openInput(input);
        QVERIFY(opened.ok());
        const std::vector<MaterialLook> looks = opened.parsed->materials();
        QCOMPARE(looks.size(), std::size_t(2));
        for (std::uint32_t part = 0; part < 2; ++part) {
            QCOMPARE(looks[part].part, std::optional<std::uint32_t>(part));
            QCOMPARE(looks[part].slot, std::optional<std::int32_t>(0));
        }
        std::string reason;
        auto scene = opened.parsed->exportScene({}, reason);
        QVERIFY2(scene, reason.c_str());
        ExportLooks exportLooks;
        const auto notes = exportLooks.apply(*scene, *opened.parsed, input);
        QCOMPARE(notes.size(), std::size_t(1));
        QVERIFY2(
            notes[0].starts_with("model 1 slot 0 (slot_0): Game:\\Media\\Textures\\Defaults\\flat_normal"),
            notes[0].c_str());
        QCOMPARE(scene->materials.size(), std::size_t(2));
        const Material& brick = scene->materials[0];
        const Material& plaster = scene->materials[1];
        QCOMPARE(brick.part, std::optional<std::uint32_t>(0));
        QCOMPARE(plaster.part, std::optional<std::uint32_t>(1));
        QVERIFY(brick.texture(TextureRole::BaseColor).image && plaster.texture(TextureRole::BaseColor).image);
        QVERIFY(brick.texture(TextureRole::Normal).image);
        QVERIFY(!plaster.texture(TextureRole::Normal).image);

        const auto r = runCli({"materials", QString::fromStdString(input)});
        QCOMPARE(r.exitCode, 1); // the default normal is not found
        QVERIFY2(r.out.startsWith("model 0 slot 0: slot_0\n"), r.out.constData());
        QVERIFY2(r.out.contains("\nmodel 1 slot 0: slot_0\n"), r.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestTexturedExport)
#include "tst_textured_export.moc"
