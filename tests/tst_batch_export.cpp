// Batch export (`export PATH... -o DIR/`): which files of the sample set come out where, what is
// skipped and said on stderr, that --jobs changes no byte, that nothing half-written is left and
// that the Khronos validator accepts every glTF written.
#include "export/batch_export.h"
#include "export/staged_output.h"
#include "samples/sample_set.h"
#include "test_support.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace assetscope;
using namespace assetscope::exporting;
using assetscope::test::runCli;
using assetscope::test::runProcess;

namespace {

// What the sample set holds that can be exported, as written below the output folder: every
// model (Grub model bundles and the crowd's nested models) and MeshSet as .glb, every texture as
// .png (those inside the install's zips below the zip's own name), except the tiled one, which
// only a DDS can hold, and every placement file as a .glb scene. Materials and shaders are not
// here: they are the skipped ones.
const QStringList kExportable{
    QStringLiteral("frostbite/characters/sample_bendy_bar.meshset.glb"),
    QStringLiteral("frostbite/dev/sample_inline_rock.meshset.glb"),
    QStringLiteral("frostbite/props/sample_crate.meshset.glb"),
    QStringLiteral("frostbite/props/sample_hinged_lamp.meshset.glb"),
    QStringLiteral("media/cars/sample_roadster/sample_roadster_wheel_lf.modelbin.glb"),
    QStringLiteral("media/crowds/sample_crowd.crowdbin.glb"),
    QStringLiteral("media/models/bld_sample_house_a_lod0.i.modelbin.glb"),
    QStringLiteral("media/models/bld_sample_house_a_lod1.i.modelbin.glb"),
    QStringLiteral("media/models/bld_sample_house_a_lod2.i.modelbin.glb"),
    QStringLiteral("media/models/inf_sample_wind_turbine.a.modelbin.glb"),
    QStringLiteral("media/models/occ_sample_house_a.i.modelbin.glb"),
    QStringLiteral("media/models/prp_sample_bench_v112.i.modelbin.glb"),
    QStringLiteral("media/models/terr_sample_patch_32bit.i.modelbin.glb"),
    QStringLiteral("media/Textures.zip/defaults/black.swatchbin.png"),
    QStringLiteral("media/Textures.zip/defaults/flat_normal.swatchbin.png"),
    QStringLiteral("media/Textures.zip/defaults/white.swatchbin.png"),
    QStringLiteral("media/Textures.zip/sample_brick_wall_diffuse.swatchbin.png"),
    QStringLiteral("media/Textures.zip/sample_brick_wall_normal.swatchbin.png"),
    QStringLiteral("media/Textures.zip/sample_fittings_diffuse.swatchbin.png"),
    QStringLiteral("media/Textures.zip/terrain/grass_meadow_diffuse.swatchbin.png"),
    QStringLiteral("media/Textures.zip/terrain/snow_diffuse.swatchbin.png"),
    QStringLiteral("media/textures/cars/rim_alloy_silver_diffuse.swatchbin.png"),
    QStringLiteral("media/textures/cars/tyre_rubber_diffuse.swatchbin.png"),
    QStringLiteral("media/textures/environment.zip/buildings/brick_weathered_diffuse.swatchbin.png"),
    QStringLiteral("media/textures/environment.zip/buildings/brick_weathered_normal.swatchbin.png"),
    QStringLiteral("media/textures/environment.zip/buildings/glass_window_diffuse.swatchbin.png"),
    QStringLiteral("media/textures/environment.zip/buildings/plaster_cream_diffuse.swatchbin.png"),
    QStringLiteral("media/textures/environment.zip/buildings/roof_tiles_snow_diffuse.swatchbin.png"),
    QStringLiteral("media/textures/environment.zip/buildings/roof_tiles_terracotta_diffuse.swatchbin.png"),
    QStringLiteral("media/textures/environment.zip/buildings/roof_tiles_terracotta_normal.swatchbin.png"),
    QStringLiteral("media/textures/environment.zip/buildings/wood_painted_green_diffuse.swatchbin.png"),
    QStringLiteral("media/textures/environment.zip/props/composite_blade_diffuse.swatchbin.png"),
    QStringLiteral("media/textures/environment.zip/props/metal_cast_iron_diffuse.swatchbin.png"),
    QStringLiteral("media/textures/environment.zip/props/paint_white_gloss_diffuse.swatchbin.png"),
    QStringLiteral("media/textures/environment.zip/props/wood_slats_oak_diffuse.swatchbin.png"),
    QStringLiteral("media/textures/sample_colour_chart.swatchbin.png"),
    QStringLiteral("media/textures/sample_cube.pb.png"),
    QStringLiteral("media/textures/sample_decal.pb.png"),
    QStringLiteral("media/textures/sample_gravel.pb.png"),
    QStringLiteral("media/textures/sample_height.pb.png"),
    QStringLiteral("media/textures/sample_mask.swatchbin.png"),
    QStringLiteral("media/textures/sample_normal.pb.png"),
    QStringLiteral("media/textures/sample_palette.swatchbin.png"),
    QStringLiteral("media/textures/sample_rain_mask.swatchbin.dds"),
    QStringLiteral("media/textures/sample_sky_hdr.swatchbin.png"),
    QStringLiteral("media/textures/signs/inn_sign_diffuse.swatchbin.png"),
    QStringLiteral("media/textures/signs/inn_sign_emissive.swatchbin.png"),
    QStringLiteral("scene/proc/cellsize/125/4_-2/c125_trees_ulc.pgeo.glb"),
    QStringLiteral("scene/proc/cellsize/150/4_-1/c150_crowdtemplate_cwd.pgeo.glb"),
    QStringLiteral("scene/proc/cellsize/200/3_-1/c200_props_do_rt_0.pgeo.glb"),
    QStringLiteral("scene/proc/cellsize/300/0_0/c300_cwdspline_3_-1_0.pgeo.glb"),
    QStringLiteral("scene/proc/cellsize/50/12_-3/c50_barriers_do.pgeo.glb"),
    QStringLiteral("scene/proc/cellsize/50/12_-3/c50_buildings_do.pgeo.glb"),
    QStringLiteral("scene/proc/cellsize/75/8_-2/c75_grasstemplate_do_119.pgeo.glb"),
    QStringLiteral("scene/proc/cellsize/75/8_-2/c75_grasstemplate_do_187.pgeo.glb"),
    QStringLiteral("scene/proc/cellsize/75/8_-2/c75_grasstemplate_do_221.pgeo.glb"),
    QStringLiteral("scene/proc/cellsize/75/8_-2/c75_grasstemplate_do_238.pgeo.glb"),
};

// Sample files that hold nothing to export, and what the batch says of each: the shader and, of
// the 17 materials, one loose, one in a folder of its own and one inside the install's zip.
const QList<QPair<QString, QString>> kUnexportable{
    {QStringLiteral("media/materials/sample_brick_wall.materialbin"),
     QStringLiteral("a material holds no geometry")},
    {QStringLiteral("media/materials/cars/tyre_rubber.materialbin"),
     QStringLiteral("a material holds no geometry")},
    {QStringLiteral("media/materials/environment.zip::brick_weathered.materialbin"),
     QStringLiteral("a material holds no geometry")},
    {QStringLiteral("media/shaders/sample_environment.shaderbin"),
     QStringLiteral("a shader holds no geometry")},
};

// Every file and folder below `dir` (hidden ones too), relative, sorted.
QStringList everythingBelow(const QString& dir, QDir::Filters kinds = QDir::Files) {
    QStringList found;
    QDirIterator it(dir, kinds | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext())
        found << QDir(dir).relativeFilePath(it.next());
    found.sort();
    return found;
}

QByteArray contents(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The sample set's exportable files loose and again inside media/Samples.zip.
QStringList expectedFromSampleSet() {
    QStringList expected = kExportable;
    for (const QString& f : kExportable)
        expected << QStringLiteral("media/Samples.zip/") + f;
    expected.sort();
    return expected;
}

} // namespace

class TestBatchExport : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString m_samples;
    QString path(const QString& name) const { return m_dir.filePath(name); }

    // A batch's .gltf names its textures in the batch's own textures folder: ROOT, the output
    // folder, is where its resources may lie.
    void validate(const QString& file, const QString& root = {}) {
        if (QStandardPaths::findExecutable("node").isEmpty())
            QSKIP("node is not installed: the Khronos validator could not run (CI: install nodejs)");
        if (!QDir(ASSETSCOPE_SOURCE_DIR "/tests/node_modules/gltf-validator").exists())
            QSKIP("tests/node_modules/gltf-validator is missing: run `npm ci --prefix tests`");
        QStringList arguments{QStringLiteral(ASSETSCOPE_SOURCE_DIR "/tests/validate_gltf.mjs"), file};
        if (!root.isEmpty()) arguments << root;
        const auto r = runProcess("node", arguments);
        QVERIFY2(r.exitCode == 0, qPrintable(file + ": " + QString::fromUtf8(r.out + r.err)));
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_samples = path(QStringLiteral("samples"));
        std::vector<std::string> written;
        std::string error;
        QVERIFY2(samples::writeSampleSet(m_samples.toStdString(), written, error), error.c_str());
    }

    void sampleSetGivesEveryModelMeshSetAndTexture() {
        const QString out = path(QStringLiteral("one"));
        const auto r = runCli({"export", m_samples, "-o", out, "--jobs", "1", "--quiet"});
        QCOMPARE(r.exitCode, 1); // the skipped files
        QCOMPARE(everythingBelow(out), expectedFromSampleSet());
        // Nothing else: no folder left from staging.
        for (const QString& d : everythingBelow(out, QDir::Dirs))
            QVERIFY2(!d.contains(QStringLiteral(".partial")), qPrintable(d));
        // 57 exportable files and 17 materials and a shader, loose and in media/Samples.zip.
        QVERIFY2(r.out.endsWith("exported 114 of 150 files, skipped 36\n"), r.out.constData());
        for (const QString& f : expectedFromSampleSet())
            QVERIFY2(r.out.contains(("wrote " + QDir(out).filePath(f) + "\n").toUtf8()), qPrintable(f));
        // Skipped files by rule, every one named, as the census lists refusals.
        const QString err = QString::fromUtf8(r.err);
        QVERIFY2(err.contains(QStringLiteral("refusals: 1 rule(s)\n  export.unexportable: 36\n")),
                 qPrintable(err));
        for (const auto& [file, why] : kUnexportable) {
            for (const QString& input : {m_samples + "/" + file, m_samples + "/media/Samples.zip::" + file})
                QVERIFY2(err.contains(QStringLiteral("    ") + input + ": " + why + "\n"), qPrintable(input));
        }
        // The tiled texture's DDS comes with the note the single export gives.
        QVERIFY(err.contains(QStringLiteral("sample_rain_mask.swatchbin: note: the texture is tiled")));
    }

    void jobsChangeNoByte() {
        const QString one = path(QStringLiteral("one"));
        const QString two = path(QStringLiteral("two"));
        const auto r = runCli({"export", m_samples, "-o", two, "--jobs", "2", "--quiet"});
        QCOMPARE(r.exitCode, 1);
        const QStringList files = everythingBelow(two);
        QCOMPARE(files, everythingBelow(one));
        for (const QString& f : files)
            QVERIFY2(contents(QDir(two).filePath(f)) == contents(QDir(one).filePath(f)), qPrintable(f));
        // The same lines in the same order, whichever worker finished first.
        const auto again = runCli({"export", m_samples, "-o", two, "--jobs", "1", "--quiet"});
        QCOMPARE(r.out, again.out);
        QCOMPARE(r.err, again.err);
    }

    void singleExportWritesTheSameBytes() {
        const QString out = path(QStringLiteral("single.glb"));
        const QString model = m_samples + "/media/models/prp_sample_bench_v112.i.modelbin";
        QCOMPARE(runCli({"export", model, "-o", out}).exitCode, 0);
        QCOMPARE(contents(out),
                 contents(path(QStringLiteral("one/media/models/prp_sample_bench_v112.i.modelbin.glb"))));
    }

    void validatorAcceptsEveryGltf() {
        const QString gltf = path(QStringLiteral("gltf"));
        QCOMPARE(runCli({"export", m_samples, "-o", gltf, "--format", "gltf", "--quiet"}).exitCode, 1);
        QStringList checked;
        for (const QString& f : everythingBelow(gltf))
            if (f.endsWith(QLatin1String(".gltf"))) checked << QDir(gltf).filePath(f);
        const QString one = path(QStringLiteral("one"));
        for (const QString& f : everythingBelow(one))
            if (f.endsWith(QLatin1String(".glb"))) checked << QDir(one).filePath(f);
        QCOMPARE(checked.size(),
                 2 * 2 * 23); // 13 models and MeshSets and 10 scenes, loose and zipped, as glb and gltf
        // A .gltf's buffer goes beside it under its own name.
        QVERIFY(QFileInfo::exists(gltf + "/media/models/prp_sample_bench_v112.i.modelbin.bin"));
        for (const QString& file : checked)
            validate(file, file.startsWith(gltf + QLatin1Char('/')) ? gltf : QString());
    }

    void anArchiveIsItsOwnRoot() {
        const QString out = path(QStringLiteral("zip"));
        const auto r = runCli({"export", m_samples + "/media/Samples.zip", "-o", out, "--quiet"});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(everythingBelow(out), [] {
            QStringList l = kExportable;
            l.sort();
            return l;
        }());
    }

    void pathsIntoAnArchiveKeepTheirPathInside() {
        const QString zip = m_samples + "/media/Samples.zip";
        const QString out = path(QStringLiteral("entries"));
        const auto r = runCli({"export", zip + "::media/textures/sample_cube.pb",
                               zip + "::media/models/prp_sample_bench_v112.i.modelbin", "-o", out});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(everythingBelow(out),
                 (QStringList{QStringLiteral("media/models/prp_sample_bench_v112.i.modelbin.glb"),
                              QStringLiteral("media/textures/sample_cube.pb.png")}));
        // An entry the archive lacks is a file that cannot be read.
        const auto missing = runCli({"export", zip + "::media/none.pb",
                                     zip + "::media/textures/sample_cube.pb", "-o", out, "--quiet"});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY2(missing.err.contains("  input.unreadable: 1\n    " + (zip + "::media/none.pb: ").toUtf8()),
                 missing.err.constData());
    }

    void refusedFilesAreListedAndSkipped() {
        const QString in = path(QStringLiteral("broken"));
        QVERIFY(QDir().mkpath(in));
        const QString model = m_samples + "/media/models/prp_sample_bench_v112.i.modelbin";
        QVERIFY(QFile::copy(model, in + "/good.modelbin"));
        QByteArray cut = contents(model);
        cut.truncate(cut.size() / 2);
        QFile bad(in + "/cut.modelbin");
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write(cut);
        bad.close();
        const QString out = path(QStringLiteral("broken-out"));
        // The copies lie in no install: their looks' textures would be one note each.
        const auto r = runCli({"export", in, "-o", out, "--quiet", "--no-textures"});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(everythingBelow(out), QStringList{QStringLiteral("good.modelbin.glb")});
        QCOMPARE(r.out, ("wrote " + out + "/good.modelbin.glb\nexported 1 of 2 files, skipped 1\n").toUtf8());
        const QString err = QString::fromUtf8(r.err);
        QVERIFY2(err.startsWith(QStringLiteral("refusals: ")), qPrintable(err));
        QVERIFY2(err.contains(QStringLiteral("\n    ") + in + "/cut.modelbin: "), qPrintable(err));
        QVERIFY2(!err.contains(QStringLiteral("good.modelbin")), qPrintable(err));
        // A rule counts the files it refused, each named once, however often it fired in one.
        QVERIFY2(err.contains(QStringLiteral("\n  truncated: 1\n    ") + in + "/cut.modelbin: need "),
                 qPrintable(err));
        QCOMPARE(err.count(in + "/cut.modelbin: "), err.count(QStringLiteral(": 1\n    ")));
        // A folder of good files alone: exit 0 and no refusal lines.
        QVERIFY(QFile::remove(in + "/cut.modelbin"));
        const auto clean = runCli({"export", in, "-o", out, "--quiet", "--no-textures"});
        QCOMPARE(clean.exitCode, 0);
        QVERIFY(clean.err.isEmpty());
    }

    void outputsThatCannotBeWrittenAreListed() {
        // The output "folder" is a file: no output can be made, and each file says so.
        const QString blocker = path(QStringLiteral("blocker"));
        QFile f(blocker);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        // media/textures: the 10 textures of every encoding, the install's 4 loose ones and the
        // 12 inside environment.zip.
        const auto r = runCli({"export", m_samples + "/media/textures", "-o", blocker, "--quiet"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.endsWith("exported 0 of 26 files, skipped 26\n"), r.out.constData());
        QVERIFY2(r.err.startsWith("refusals: 1 rule(s)\n  export.write-failed: 26\n"), r.err.constData());
        QVERIFY2(r.err.contains("/media/textures/sample_cube.pb: cannot make folder " + blocker.toUtf8()),
                 r.err.constData());
    }

    void choicesWithinOneFileAreNoBatchOptions() {
        const auto r = runCli({"export", m_samples, "--mesh", "0", "-o", path(QStringLiteral("x"))});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("a batch exports each file whole"), r.err.constData());
        QCOMPARE(
            runCli({"export", path(QStringLiteral("missing")), "-o", path(QStringLiteral("x"))}).exitCode, 2);
    }

    void outputPathsStayBelowTheFolder() {
        QCOMPARE(batchOutputPath("d/", "d/sub/x.pb", Format::Png), std::filesystem::path("sub/x.pb.png"));
        QCOMPARE(batchOutputPath("d", "d/sub/x.pb", Format::Dds), std::filesystem::path("sub/x.pb.dds"));
        QCOMPARE(batchOutputPath("f.modelbin", "f.modelbin", Format::Glb),
                 std::filesystem::path("f.modelbin.glb"));
        QCOMPARE(batchOutputPath("d", "d/a.zip::m/x.modelbin", Format::Obj),
                 std::filesystem::path("a.zip/m/x.modelbin.obj"));
        QCOMPARE(batchOutputPath("a.zip", "a.zip::in.zip::m/x.modelbin", Format::Glb),
                 std::filesystem::path("in.zip/m/x.modelbin.glb"));
        // An entry named to climb out, or from the root, stays inside.
        QCOMPARE(batchOutputPath("a.zip", "a.zip::../../etc/x.modelbin", Format::Glb),
                 std::filesystem::path("__/__/etc/x.modelbin.glb"));
        QCOMPARE(batchOutputPath("a.zip", "a.zip::/abs\\x.modelbin", Format::Glb),
                 std::filesystem::path("abs/x.modelbin.glb"));
        // A path into an archive given as it is: its path inside the archive.
        QCOMPARE(batchOutputPath("a.zip::m/x.pb", "a.zip::m/x.pb", Format::Png),
                 std::filesystem::path("m/x.pb.png"));
        QCOMPARE(batchOutputPath("a.zip::b.zip::../x.pb", "a.zip::b.zip::../x.pb", Format::Png),
                 std::filesystem::path("__/x.pb.png"));
    }

    void whatMakesABatch() {
        QVERIFY(isBatch({"a.modelbin", "b.modelbin"}));
        QVERIFY(isBatch({m_samples.toStdString()}));
        QVERIFY(isBatch({(m_samples + "/media/Samples.zip").toStdString()}));
        QVERIFY(!isBatch({(m_samples + "/media/models/prp_sample_bench_v112.i.modelbin").toStdString()}));
        QVERIFY(!isBatch({(m_samples + "/media/Samples.zip::media/textures/sample_cube.pb").toStdString()}));
    }

    void stagedWritesAreWholeOrAbsent() {
        const std::filesystem::path dir = path(QStringLiteral("staged")).toStdString();
        const std::filesystem::path out = dir / "sub" / "m.gltf";
        const auto twoFiles = [](bool fail) {
            return [fail](const std::filesystem::path& staged, std::vector<std::filesystem::path>& written,
                          std::string& error) {
                const std::filesystem::path bin = staged.parent_path() / "m.bin";
                std::ofstream(staged) << "{}";
                std::ofstream(bin) << "data";
                written = {staged, bin};
                if (fail) error = "disk full";
                return !fail;
            };
        };
        std::vector<std::filesystem::path> placed;
        std::string error;
        QVERIFY(!writeStaged(out, twoFiles(true), placed, error));
        QCOMPARE(error, std::string("disk full"));
        QVERIFY(placed.empty());
        QVERIFY(everythingBelow(QString::fromStdString(dir.string())).isEmpty());
        // What a stopped run left is replaced.
        std::filesystem::create_directories(stagingFolder(out));
        std::ofstream(stagingFolder(out) / "left.bin") << "x";
        QVERIFY2(writeStaged(out, twoFiles(false), placed, error), error.c_str());
        QCOMPARE(placed, (std::vector<std::filesystem::path>{out, dir / "sub" / "m.bin"}));
        QCOMPARE(everythingBelow(QString::fromStdString(dir.string())),
                 (QStringList{QStringLiteral("sub/m.bin"), QStringLiteral("sub/m.gltf")}));
    }

    void anOutputFolderInsideTheInputIsPassedOver() {
        QVERIFY(inStagingFolder("out/media/.x.modelbin.glb.partial/x.modelbin.glb"));
        QVERIFY(inStagingFolder("out\\.x.glb.partial"));
        QVERIFY(!inStagingFolder("out/media/x.partial/x.glb"));
        QVERIFY(!inStagingFolder("out/.partial/x.glb"));
        // Outputs written into the walked folder, twice over: the second run meets the first's
        // outputs (which no format reads) and its own staging folders, and skips nothing more.
        const QString in = path(QStringLiteral("self"));
        QVERIFY(QDir().mkpath(in));
        QVERIFY(QFile::copy(m_samples + "/media/models/prp_sample_bench_v112.i.modelbin",
                            in + "/bench.modelbin"));
        for (int run = 0; run < 2; ++run) {
            const auto r =
                runCli({"export", in, "-o", in + "/out", "--jobs", "2", "--quiet", "--no-textures"});
            QCOMPARE(r.exitCode, 0);
            QVERIFY2(r.err.isEmpty(), r.err.constData());
        }
        QCOMPARE(everythingBelow(in),
                 (QStringList{QStringLiteral("bench.modelbin"), QStringLiteral("out/bench.modelbin.glb")}));
    }

    void cancelledBeforeAnyFileWritesNothing() {
        const std::filesystem::path out = path(QStringLiteral("cancelled")).toStdString();
        std::atomic<bool> cancel{true};
        BatchOptions options;
        options.cancel = &cancel;
        const BatchResult r = exportBatch({m_samples.toStdString()}, out, options);
        QVERIFY(r.cancelled);
        QVERIFY(r.written.empty());
        QVERIFY(!std::filesystem::exists(out));
        // Not cancelled, the same call through core gives what the command line gives.
        cancel = false;
        const BatchResult all = exportBatch({m_samples.toStdString()}, out, options);
        QVERIFY(!all.cancelled);
        QCOMPARE(all.exported, std::uint64_t{114});
        QCOMPARE(all.files, std::uint64_t{150});
        QCOMPARE(all.skippedFiles, std::uint64_t{36});
        QCOMPARE(all.written.size(), std::size_t{114});
    }
};

QTEST_GUILESS_MAIN(TestBatchExport)
#include "tst_batch_export.moc"
