#pragma once

#include "formats/pgeo/pgeo_file.h"
#include "scene/export_scene.h"

#include <string>
#include <vector>

namespace assetscope::app {

// What a .pgeo file's placements look like in the 3D pane: the models its blocks name, found
// next to the file (the same folder, or anywhere in the same archive), and its curve records as
// polylines. A block's model is the .modelbin whose name, up to its first '.' and without a
// trailing _lod<N>, equals the block's first source template name (BLD_SAMPLE_HOUSE_A ->
// bld_sample_house_a_lod0.i.modelbin), else the block name without its _3D / _3D_HIGH /
// _impostor suffix; the finest LOD file wins. Blocks without a model are drawn as boxes.
struct PlacedModel {
    std::string input; // the model file as an input path ("a.zip::media/models/x.modelbin")
    exporting::ExportScene scene;
};

struct PlacementScene {
    std::vector<PlacedModel> models;
    std::vector<int> blockModel;                      // per block (list A then B): index into models, or -1
    std::vector<std::vector<exporting::Vec3>> curves; // P(t) sampled along each record with spline data
    std::vector<std::string> notes;                   // what was looked for and not found
};

inline constexpr std::size_t kMaxPlacedModels = 64;
inline constexpr std::uint64_t kMaxCurves = 20000;
inline constexpr int kCurveSteps = 16;

// The lower-case model key a block looks for (see above).
std::string blockModelKey(const pgeo::Block& block);
// The key a model file name offers, and its LOD number (0 when the name carries none).
std::string modelFileKey(const std::string& fileName, int& lod);

// Looks up and decodes (through core's model reader and exporter) the models of `file`, which
// was read from `input`. Never throws on bad bytes; runs on any thread.
PlacementScene loadPlacementScene(const std::string& input, const pgeo::PgeoFile& file);

} // namespace assetscope::app
