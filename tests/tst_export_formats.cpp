// OBJ + MTL content, FBX through Assimp read back by Assimp, and the `export` command's
// argument handling and error lines.
#include "tst_export_scenes.h"

#include "export/fbx_sentinel_repair.h"
#include "export/scene_writer.h"
#include "formats/grub/bundle_writer.h"
#include "test_support.h"

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cstring>
#include <set>

using namespace assetscope;
using namespace assetscope::exporting;
using namespace assetscope::test;

namespace {

struct ObjFile {
    std::vector<std::vector<float>> v, vt, vn;
    struct Corner {
        long v = 0, vt = 0, vn = 0;
    };
    std::vector<std::array<Corner, 3>> faces;
    std::vector<std::string> usemtl, objects;
    std::vector<std::size_t> facesPerUsemtl;
    std::string mtllib;
};

ObjFile parseObj(const QString& path) {
    ObjFile obj;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return obj;
    for (const QByteArray& raw : f.readAll().split('\n')) {
        const QList<QByteArray> t = raw.trimmed().split(' ');
        if (t.isEmpty() || t[0].isEmpty() || t[0].startsWith('#')) continue;
        std::vector<float> nums;
        for (qsizetype i = 1; i < t.size(); ++i)
            nums.push_back(t[i].toFloat());
        if (t[0] == "v")
            obj.v.push_back(nums);
        else if (t[0] == "vt")
            obj.vt.push_back(nums);
        else if (t[0] == "vn")
            obj.vn.push_back(nums);
        else if (t[0] == "usemtl") {
            obj.usemtl.push_back(t[1].toStdString());
            obj.facesPerUsemtl.push_back(0);
        } else if (t[0] == "mtllib")
            obj.mtllib = t[1].toStdString();
        else if (t[0] == "o")
            obj.objects.push_back(t[1].toStdString());
        else if (t[0] == "f" && t.size() == 4) {
            std::array<ObjFile::Corner, 3> face;
            for (int k = 0; k < 3; ++k) {
                const QList<QByteArray> parts = t[k + 1].split('/');
                face[std::size_t(k)].v = parts[0].toLong();
                face[std::size_t(k)].vt = parts.size() > 1 ? parts[1].toLong() : 0;
                face[std::size_t(k)].vn = parts.size() > 2 ? parts[2].toLong() : 0;
            }
            obj.faces.push_back(face);
            if (!obj.facesPerUsemtl.empty()) ++obj.facesPerUsemtl.back();
        }
    }
    return obj;
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestExportFormats : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString path(const QString& name) const { return m_dir.filePath(name); }

    bool write(const ExportScene& s, Format f, const QString& file, WriteReport* report = nullptr) {
        std::string error;
        const bool ok = writeScene(s, f, file.toStdString(), error, report);
        if (!ok) qWarning("export failed: %s", error.c_str());
        return ok;
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void objCube() {
        const ExportScene source = cubeScene();
        const ExportMesh& src = source.meshes[0];
        QVERIFY(write(source, Format::Obj, path("cube.obj")));
        const ObjFile obj = parseObj(path("cube.obj"));
        QCOMPARE(obj.mtllib, std::string("cube.mtl"));
        QCOMPARE(obj.objects, std::vector<std::string>{"cube"});
        QCOMPARE(obj.v.size(), std::size_t(24));
        QCOMPARE(obj.vt.size(), std::size_t(24));
        QCOMPARE(obj.vn.size(), std::size_t(24));
        QCOMPARE(obj.faces.size(), std::size_t(12));
        for (std::size_t i = 0; i < 24; ++i) {
            QCOMPARE(obj.v[i].size(), std::size_t(6)); // x y z r g b
            QCOMPARE(obj.v[i][0], src.positions[i][0]);
            QCOMPARE(obj.v[i][2], -src.positions[i][2]);
            QCOMPARE(obj.v[i][3], src.colors[i][0]);
            QCOMPARE(obj.vt[i][0], src.uvs[0][i][0]);
            QCOMPARE(obj.vt[i][1], 1.0f - src.uvs[0][i][1]); // OBJ's origin is bottom-left
            QCOMPARE(obj.vn[i][2], -src.normals[i][2]);
        }
        for (const auto& face : obj.faces) {
            auto P = [&](long i) { return obj.v[std::size_t(i - 1)]; };
            const auto a = P(face[0].v), b = P(face[1].v), c = P(face[2].v);
            const Vec3 fn =
                crossOf({b[0] - a[0], b[1] - a[1], b[2] - a[2]}, {c[0] - a[0], c[1] - a[1], c[2] - a[2]});
            for (const auto& corner : face) {
                QCOMPARE(corner.vt, corner.v);
                const auto& n = obj.vn[std::size_t(corner.vn - 1)];
                QVERIFY(fn[0] * n[0] + fn[1] * n[1] + fn[2] * n[2] > 0);
            }
        }
        const QByteArray mtl = readAll(path("cube.mtl"));
        QVERIFY(mtl.contains("newmtl paint\nKd 0.9 0.1 0.1\n"));
        QVERIFY(mtl.contains("d 1\n"));
    }

    void objMaterialsAndSeveralMeshes() {
        ExportScene s = twoMaterialScene();
        s.materials.push_back(Material::plain("dark paint", {0, 0, 0, 1}));
        s.materials.push_back(Material::plain("dark paint", {0.1f, 0, 0, 1}));
        ExportScene morph = morphScene();
        ExportMesh quad = morph.meshes[0];
        quad.primitives[0].material = 3;
        s.meshes.push_back(quad); // no UVs: its faces are v//vn
        WriteReport report;
        QVERIFY(write(s, Format::Obj, path("my model.obj"), &report));
        QCOMPARE(report.files.size(), std::size_t(2));
        QVERIFY(QFile::exists(path("my_model.mtl")));
        const ObjFile obj = parseObj(path("my model.obj"));
        QCOMPARE(obj.mtllib, std::string("my_model.mtl"));
        QCOMPARE(obj.usemtl, (std::vector<std::string>{"metal", "glass", "dark_paint_1"}));
        QCOMPARE(obj.facesPerUsemtl, (std::vector<std::size_t>{6, 6, 2}));
        QCOMPARE(obj.v.size(), std::size_t(28));
        QCOMPARE(obj.vt.size(), std::size_t(24));
        QCOMPARE(obj.vn.size(), std::size_t(28));
        const auto& last = obj.faces.back(); // the quad's second triangle (0, 3, 2) → swapped (0, 2, 3)
        QCOMPARE(last[0].v, 25L);
        QCOMPARE(last[1].v, 27L);
        QCOMPARE(last[2].v, 28L);
        QCOMPARE(last[0].vt, 0L);
        QCOMPARE(last[0].vn, 25L);
        const QByteArray mtl = readAll(path("my_model.mtl"));
        QVERIFY(mtl.contains("newmtl dark_paint\n"));
        QVERIFY(mtl.contains("newmtl dark_paint_1\nKd 0.1 0 0\n"));
        QVERIFY(mtl.contains("newmtl glass\nKd 0.2 0.4 0.9\nKa 0 0 0\nKs 0 0 0\nd 0.5\n"));
        // Morph targets have no place in OBJ: said, not silently lost.
        QVERIFY(std::any_of(report.warnings.begin(), report.warnings.end(),
                            [](const std::string& w) { return w.find("morph") != std::string::npos; }));
    }

    void fbxReimports_data() {
        QTest::addColumn<int>("which");
        QTest::newRow("cube") << 0;
        QTest::newRow("two materials") << 1;
        QTest::newRow("skinned") << 2;
        QTest::newRow("morph") << 3;
    }

    void fbxReimports() {
        QFETCH(int, which);
        const ExportScene s = which == 0   ? cubeScene()
                              : which == 1 ? twoMaterialScene()
                              : which == 2 ? skinnedScene()
                                           : morphScene();
        const QString file = path(QString("scene%1.fbx").arg(which));
        QVERIFY(write(s, Format::Fbx, file));
        QVERIFY(readAll(file).startsWith("Kaydara FBX Binary"));
        Assimp::Importer importer;
        const aiScene* back = importer.ReadFile(file.toStdString(), aiProcess_JoinIdenticalVertices);
        QVERIFY2(back, importer.GetErrorString());
        std::size_t faces = 0, vertices = 0;
        for (unsigned i = 0; i < back->mNumMeshes; ++i) {
            faces += back->mMeshes[i]->mNumFaces;
            vertices += back->mMeshes[i]->mNumVertices;
        }
        std::size_t wantFaces = 0, wantVertices = 0;
        for (const auto& m : s.meshes) {
            wantVertices += m.positions.size();
            for (const auto& p : m.primitives)
                wantFaces += p.indices.size() / 3;
        }
        QCOMPARE(faces, wantFaces);
        QCOMPARE(vertices, wantVertices);
        QCOMPARE(std::size_t(back->mNumMeshes), which == 1 ? std::size_t(2) : std::size_t(1));
        if (which == 1) {
            std::set<std::string> names;
            for (unsigned i = 0; i < back->mNumMaterials; ++i)
                names.insert(back->mMaterials[i]->GetName().C_Str());
            QVERIFY(names.count("metal") && names.count("glass"));
        }
        if (which == 2) {
            const aiMesh* m = back->mMeshes[0];
            QCOMPARE(m->mNumBones, 2u);
            std::set<std::string> bones{m->mBones[0]->mName.C_Str(), m->mBones[1]->mName.C_Str()};
            QVERIFY((bones == std::set<std::string>{"root", "tip"}));
        }
        if (which == 3) {
            const aiMesh* m = back->mMeshes[0];
            QCOMPARE(m->mNumAnimMeshes, 2u);
        }
    }

    void fbxNullRecordsAreRestored() {
        // A 7.5 file by hand: node "A" holding child "B" (one i32 property) whose list lacks
        // the closing null record, as Assimp 5.2 writes it; then the top-level null record
        // and a footer (id, 4 zeros of padding, version, 120 zeros, magic).
        std::string f("Kaydara FBX Binary  \0\x1a\0", 23);
        auto u32 = [&](std::uint32_t v) { f.append(reinterpret_cast<const char*>(&v), 4); };
        auto u64 = [&](std::uint64_t v) { f.append(reinterpret_cast<const char*>(&v), 8); };
        u32(7500);
        const std::size_t a = f.size(); // 27
        const std::size_t b = a + 25 + 1;
        const std::size_t bEnd = b + 25 + 1 + 5;
        u64(bEnd), u64(0), u64(0), f += '\1', f += 'A';
        u64(bEnd), u64(1), u64(5), f += '\1', f += 'B', f += 'I', u32(42);
        QCOMPARE(f.size(), bEnd);
        f.append(25, '\0');
        const std::string footer = std::string(16, '\x7f') + std::string(4, '\0') +
                                   std::string("\x4c\x1d\0\0", 4) + std::string(120, '\0') +
                                   std::string(16, '\x55');
        f += footer;
        const auto fixed = repairFbxSentinels(f);
        QVERIFY(fixed);
        QCOMPARE(fixed->size(), f.size() + 25 + 7); // the null record, and the padding re-aligned
        std::uint64_t aEnd = 0, bEndNew = 0;
        std::memcpy(&aEnd, fixed->data() + a, 8);
        std::memcpy(&bEndNew, fixed->data() + b, 8);
        QCOMPARE(bEndNew, std::uint64_t(bEnd));   // B itself has no children
        QCOMPARE(aEnd, std::uint64_t(bEnd + 25)); // A's list now closes with 25 zeros
        QCOMPARE(fixed->substr(bEnd, 50), std::string(50, '\0'));
        // The footer's version stays at the same position modulo 16.
        const std::size_t oldVersion = f.size() - 140, newVersion = fixed->size() - 140;
        QCOMPARE(oldVersion % 16, newVersion % 16);
        QCOMPARE(fixed->substr(newVersion, 4), std::string("\x4c\x1d\0\0", 4));
        // Well-formed input is left as it is; every truncation is refused, never a crash.
        QCOMPARE(*repairFbxSentinels(*fixed), *fixed);
        for (std::size_t n = 0; n < bEnd + 25; ++n)
            QVERIFY(!repairFbxSentinels(std::string_view(f).substr(0, n)));
        std::string corrupt = f;
        corrupt[a + 1] = '\x7f'; // A's end beyond the file
        QVERIFY(!repairFbxSentinels(corrupt));
        QVERIFY(!repairFbxSentinels("not an fbx file at all, just some text"));
    }

    void cliRefusesFormatsWithoutGeometry() {
        grub::Bundle bundle;
        grub::Blob blob;
        blob.tag = 0x54657374; // "Test"
        blob.versionMajor = 1;
        blob.data = Bytes{1, 2, 3, 4};
        bundle.blobs.push_back(blob);
        const Bytes bytes = grub::writeBundle(bundle);
        const QString input = path("plain.bin");
        QFile f(input);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(reinterpret_cast<const char*>(bytes.data()), qint64(bytes.size()));
        f.close();
        const auto r = runCli({"export", input, "-o", path("plain.glb")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.startsWith(("assetscope-cli: " + input + ": ").toUtf8()), r.err.constData());
        QVERIFY(!QFile::exists(path("plain.glb")));
    }

    // The formats are one list: the command line's usage and errors and the dialog's choices are
    // made from it, and read as they did when each was written by hand.
    void formatsAreOneList() {
        QStringList names;
        for (const exporting::ExportFormat& f : exporting::exportFormats())
            names << QString::fromUtf8(f.name);
        QCOMPARE(names, (QStringList{"glb", "gltf", "obj", "fbx"}));
        QCOMPARE(exporting::exportFormat(exporting::Format::Gltf).labelWithFiles(),
                 std::string("glTF (.gltf + .bin)"));
        QCOMPARE(exporting::exportFormat(exporting::Format::Obj).labelWithFiles(),
                 std::string("Wavefront OBJ (.obj + .mtl)"));
        QCOMPARE(exporting::formatNameList(".", ", ", " or "), std::string(".glb, .gltf, .obj or .fbx"));
        QCOMPARE(exporting::formatFromPath("a/b.FBX"), std::optional(exporting::Format::Fbx));
        QVERIFY(!exporting::formatFromName("dae"));
        const auto usage = runCli({"export", "x.modelbin"});
        QCOMPARE(usage.err,
                 QByteArray("assetscope-cli: usage: export INPUT... [--mesh I]... [--lod L] [--variant V] "
                            "[--season S] [--models PATH]... [--instancing] [--root DIR]... [--no-textures] "
                            "[--mip N] [--slice S] "
                            "[--format glb|gltf|obj|fbx|png|dds] [--jobs N] [--progress|--quiet] -o OUT\n"));
        const auto unknown = runCli({"export", "x.modelbin", "--format", "dae", "-o", "o"});
        QCOMPARE(
            unknown.err,
            QByteArray("assetscope-cli: export: unknown format 'dae' (glb, gltf, obj, fbx, png or dds)\n"));
        const auto extension = runCli({"export", "x.modelbin", "-o", "o.dae"});
        QCOMPARE(extension.err,
                 QByteArray("assetscope-cli: export: cannot tell the format from 'o.dae'; name it "
                            ".glb, .gltf, .obj, .fbx, .png or .dds, or use --format\n"));
    }

    void cliUsageErrors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("no output") << QStringList{"export", "x.modelbin"} << "usage: export";
        QTest::newRow("unknown extension")
            << QStringList{"export", "x.modelbin", "-o", "out.dae"} << "cannot tell the format";
        QTest::newRow("unknown format")
            << QStringList{"export", "x.modelbin", "--format", "dae", "-o", "o"} << "unknown format 'dae'";
        QTest::newRow("season") << QStringList{"export", "x.modelbin", "--season", "4", "-o", "o.glb"}
                                << "--season";
        QTest::newRow("mesh") << QStringList{"export", "x.modelbin", "--mesh", "-1", "-o", "o.glb"}
                              << "--mesh";
        QTest::newRow("lod") << QStringList{"export", "x.modelbin", "--lod", "two", "-o", "o.glb"} << "--lod";
        QTest::newRow("unknown option")
            << QStringList{"export", "x.modelbin", "--colour", "-o", "o.glb"} << "unknown option --colour";
        QTest::newRow("missing input") << QStringList{"export", "/no/such/file.modelbin", "-o", "o.glb"}
                                       << "assetscope-cli: /no/such/file.modelbin: ";
    }

    void cliUsageErrors() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const auto r = runCli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestExportFormats)
#include "tst_export_formats.moc"
