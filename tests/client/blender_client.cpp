// The client test: every model and MeshSet of the sample set, exported in every format, imported
// into headless Blender (blender_import.py), which must show the faces, materials, armature and
// shape keys the export says it wrote; a placed cell exported as a scene, whose instances
// Blender must show as linked duplicates at their records' positions; and a model with its look
// (tests/support/textured_install.h) exported in every format with its textures, whose material's
// Base Color must come from an Image Texture node holding the texture's size and texels. Without
// Blender the test is skipped (exit code 77).
//
//   blender_client SCRIPT [OUT_DIR]     (ASSETSCOPE_BLENDER names Blender; else `blender` on PATH)
#include "blender_expectations.h"
#include "blender_scene_case.h"

#include "export/export_looks.h"
#include "export/scene_preparer.h"
#include "export/scene_writer.h"
#include "export/whole_scene_writer.h"
#include "open/open_input.h"
#include "samples/sample_set.h"
#include "test_support.h"
#include "textured_install.h"

#include <QCoreApplication>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>

using namespace assetscope;
namespace fs = std::filesystem;

namespace {

constexpr int kSkipped = 77; // CTest's SKIP_RETURN_CODE for this test

QString findBlender() {
    const QString named = qEnvironmentVariable("ASSETSCOPE_BLENDER");
    if (!named.isEmpty()) return named;
    return QStandardPaths::findExecutable(QStringLiteral("blender"));
}

// Every sample file that gives an export scene, in path order. The archive holds copies of the
// same files, so it is left out.
std::vector<fs::path> exportableSamples(const fs::path& dir, std::string& error) {
    std::vector<fs::path> files;
    for (const auto& entry : fs::recursive_directory_iterator(dir))
        if (entry.is_regular_file() && entry.path().extension() != ".zip") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    std::vector<fs::path> exportable;
    for (const auto& f : files) {
        const OpenedInput opened = openInput(f.string());
        if (!opened.ok()) continue;
        std::string reason;
        const bool geometry = opened.parsed->exportScene({}, reason).has_value();
        const std::string_view format = opened.parsed->format();
        if (geometry)
            exportable.push_back(f);
        else if (format == "modelbin" || format == "meshset")
            error += f.string() + ": no export scene (" + reason + ")\n";
    }
    return exportable;
}

// Exports `input` in every format into `out` and adds one manifest case per file written.
bool addCases(const fs::path& input, const fs::path& out, nlohmann::json& cases) {
    const OpenedInput opened = openInput(input.string());
    std::string reason;
    const auto scene = opened.parsed->exportScene({}, reason);
    const exporting::PreparedScene prepared = exporting::prepareScene(*scene);
    if (!prepared.scene) {
        std::cerr << input.string() << ": " << prepared.error << "\n";
        return false;
    }
    for (const exporting::ExportFormat& format : exporting::exportFormats()) {
        const fs::path file = out / (input.filename().string() + format.extension());
        std::string error;
        if (!exporting::writeScene(*scene, format.format, file, error)) {
            std::cerr << file.string() << ": " << error << "\n";
            return false;
        }
        cases.push_back({{"file", file.string()},
                         {"format", std::string(format.name)},
                         {"expect", client::blenderExpectations(*prepared.scene, format.keeps)}});
    }
    return true;
}

// The textured cases: a model whose one slot derives from a material naming a base colour and a
// normal texture, exported with its look in every format, each into a folder of its own (the
// formats that write PNG files write them beside the file).
bool addTexturedCases(const fs::path& root, const fs::path& out, nlohmann::json& cases) {
    const fs::path install = root / "textured";
    test::writeTexturedInstall(install);
    const fs::path model = install / "media" / "models" / "tex_box.modelbin";
    test::writeFile(model, test::texturedModel({test::kBrickMaterial}));
    const OpenedInput opened = openInput(model.string());
    std::string reason;
    auto scene = opened.ok() ? opened.parsed->exportScene({}, reason) : std::nullopt;
    if (!scene) {
        std::cerr << model.string() << ": " << (opened.ok() ? reason : opened.error) << "\n";
        return false;
    }
    exporting::ExportLooks looks;
    for (const std::string& note : looks.apply(*scene, *opened.parsed, model.string())) {
        std::cerr << model.string() << ": the look is not whole: " << note << "\n";
        return false;
    }
    const exporting::PreparedScene prepared = exporting::prepareScene(*scene);
    if (!prepared.scene) {
        std::cerr << model.string() << ": " << prepared.error << "\n";
        return false;
    }
    for (const exporting::ExportFormat& format : exporting::exportFormats()) {
        const fs::path dir = out / ("textured_" + std::string(format.name));
        fs::create_directories(dir);
        const fs::path file = dir / ("tex_box" + format.extension());
        std::string error;
        if (!exporting::writeWholeScene(*scene, format.format, file, error)) {
            std::cerr << file.string() << ": " << error << "\n";
            return false;
        }
        cases.push_back({{"file", file.string()},
                         {"format", std::string(format.name)},
                         {"expect", client::blenderExpectations(*prepared.scene, format.keeps)},
                         {"textures", client::textureExpectations(*prepared.scene, format.format)}});
    }
    return true;
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    if (argc < 2) {
        std::cerr << "usage: blender_client SCRIPT [OUT_DIR]\n";
        return 2;
    }
    const QString blender = findBlender();
    if (blender.isEmpty()) {
        std::cout << "blender_client: skipped: Blender is not installed (Debian: apt-get install blender "
                     "python3-numpy; or name it in ASSETSCOPE_BLENDER)\n";
        return kSkipped;
    }
    QTemporaryDir temp;
    const fs::path root = argc > 2 ? fs::path(argv[2]) : fs::path(temp.path().toStdString());
    const fs::path samples = root / "samples", out = root / "exported";
    fs::create_directories(out);
    std::vector<std::string> written;
    std::string error;
    if (!samples::writeSampleSet(samples.string(), written, error)) {
        std::cerr << "blender_client: cannot write the sample set: " << error << "\n";
        return 1;
    }
    const auto inputs = exportableSamples(samples, error);
    if (!error.empty()) {
        std::cerr << "blender_client: a model or MeshSet does not export:\n" << error;
        return 1;
    }
    nlohmann::json cases = nlohmann::json::array();
    for (const auto& input : inputs)
        if (!addCases(input, out, cases)) return 1;
    if (!client::addSceneCase(samples, out, cases)) return 1;
    if (!addTexturedCases(root, out, cases)) return 1;
    const fs::path manifest = root / "manifest.json";
    std::ofstream(manifest) << nlohmann::json{{"cases", cases}}.dump(1) << "\n";
    std::cout << "blender_client: " << inputs.size()
              << " models and MeshSets, a placed cell and a textured model, " << cases.size()
              << " files, imported by " << blender.toStdString() << "\n"
              << std::flush;

    const auto r = test::runProcess(blender,
                                    {QStringLiteral("-b"), QStringLiteral("--factory-startup"),
                                     QStringLiteral("--python"), QString::fromLocal8Bit(argv[1]),
                                     QStringLiteral("--"), QString::fromStdString(manifest.string())},
                                    540000);
    // Blender's own chatter (versions, import timings, reports that end without a newline)
    // stays out; the script's lines are kept from where they start.
    for (const QByteArray& line : r.out.split('\n'))
        for (const char* marker : {"ok   ", "FAIL ", "blender_import:"})
            if (const auto at = line.indexOf(marker); at >= 0) {
                std::cout << line.mid(at).toStdString() << "\n";
                break;
            }
    const QByteArray summary = "blender_import: " + QByteArray::number(qsizetype(cases.size())) + " of " +
                               QByteArray::number(qsizetype(cases.size())) + " imports as expected";
    if (r.exitCode != 0 || !r.out.contains(summary)) {
        std::cerr << "blender_client: Blender exited with " << r.exitCode << "\n" << r.err.toStdString();
        return 1;
    }
    return 0;
}
