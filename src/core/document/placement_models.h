#pragma once

#include "document/preview.h"

#include <string>
#include <vector>

namespace assetscope {

// The models a placement file's instances stand for, found next to it: in the same folder, or
// anywhere in the same archive (a game keeps a track's models and placements together).
struct PlacedModel {
    std::string input; // the model file as an input path ("a.zip::media/models/x.modelbin")
    exporting::ExportScene scene;
};

struct PlacementModels {
    std::vector<PlacedModel> models;
    std::vector<int> groupModel;    // per Placements::groups entry: index into models, or -1
    std::vector<std::string> notes; // what was looked for and not found
};

inline constexpr std::size_t kMaxPlacedModels = 64;

// Looks up, opens (detecting each file's format) and exports the models `placements` names,
// beside `input`. Never throws on bad bytes; runs on any thread.
PlacementModels findPlacementModels(const std::string& input, const Placements& placements);

} // namespace assetscope
