#include "blender_scene_case.h"

#include "export/placed_scene.h"
#include "formats/pgeo/pgeo_file.h"
#include "formats/pgeo/pgeo_samples.h"
#include "formats/pgeo/pgeo_writer.h"
#include "test_support.h"

#include <QStringList>

#include <iostream>

namespace assetscope::client {

namespace fs = std::filesystem;

namespace {

Bytes houseCell() {
    pgeo::PgeoFile f;
    f.sectionName = "c50_buildings_do_cellx12z-3_section0";
    f.category = "BUILDINGS";
    std::vector<pgeo::InstanceRecord> houses;
    for (int i = 0; i < 5; ++i)
        houses.push_back(pgeo::placeAt({600.0 + 17.5 * i, 2.0 + 0.25 * i, -140.0 - 9.75 * i}, 35.0 * i,
                                       0.8f + 0.1f * static_cast<float>(i)));
    pgeo::Block block;
    block.name = "bld_sample_house_a_3D";
    block.setInstances(houses);
    block.sources = {{"BLD_SAMPLE_HOUSE_A", 0, 5}};
    pgeo::Block missing;
    missing.name = "prp_nowhere_a_3D";
    missing.setInstances({pgeo::placeAt({610.0, 0.0, -150.0}, 0)});
    missing.sources = {{"PRP_NOWHERE_A", 0, 1}};
    f.listB = {block, missing};
    f.fitBox();
    return pgeo::writePgeo(f);
}

} // namespace

bool addSceneCase(const fs::path& samples, const fs::path& out, nlohmann::json& cases) {
    const fs::path cell = out / "scene_cell" / "c50_buildings_do.pgeo";
    test::writeFile(cell, houseCell());
    const fs::path glb = out / "scene_cell.glb";
    exporting::SceneExportOptions options;
    options.modelPlaces = {(samples / "media" / "models").string()};
    const exporting::SceneExportResult r = exporting::exportPlacedScene({cell.string()}, options, glb);
    if (!r.ok || r.modelled != 5) {
        std::cerr << glb.string() << ": " << (r.ok ? "the houses were not found" : r.error) << "\n";
        return false;
    }
    // Where each record stands by `placements --csv`: glTF (x, y, -z), which Blender's importer
    // turns into its z-up (x, -z_gltf, y_gltf) = (x, z, y).
    const auto csv = test::runCli({"placements", "--csv", QString::fromStdString(cell.string())});
    QStringList rows = QString::fromUtf8(csv.out).split('\n', Qt::SkipEmptyParts);
    if (csv.exitCode != 0 || rows.size() != 7) {
        std::cerr << cell.string() << ": placements --csv gave " << rows.size() << " lines\n";
        return false;
    }
    rows.removeFirst();
    nlohmann::json instances = nlohmann::json::array(), empties = nlohmann::json::array();
    for (const QString& row : rows) {
        const QStringList c = row.split(',');
        const nlohmann::json at = {c[5].toDouble(), c[7].toDouble(), c[6].toDouble()};
        if (c[4] == QLatin1String("prp_nowhere_a_3D"))
            empties.push_back({{"name", c[4].toStdString()}, {"location", at}});
        else
            instances.push_back(at);
    }
    cases.push_back({{"file", glb.string()},
                     {"format", "glb"},
                     {"scene", {{"instances", instances}, {"meshData", 1}, {"empties", empties}}}});
    return true;
}

} // namespace assetscope::client
