#pragma once

#include "contract/parsed_file.h"
#include "contract/preview.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace assetscope {

// The models a placement file's instances stand for, found next to it: in the same folder, or
// anywhere in the same archive (a game keeps a track's models and placements together), and then
// under each extra place a person names (a folder, searched with its subfolders, or an archive):
// real installs keep a track's models in other archives than its placements.
struct PlacedModel {
    std::string input; // the model file as an input path ("a.zip::media/models/x.modelbin")
    int lod = 0;       // the LOD its file name carries
    exporting::ExportScene scene;
    int variants = 0; // material variant rows the model offers (PreviewChoices::variants)
    // The parsed model, kept when ModelSearch::keepParsed asks (a scene export re-exports it per
    // material variant); null otherwise.
    std::shared_ptr<const ParsedFile> parsed;
};

struct PlacementModels {
    std::vector<PlacedModel> models;
    std::vector<int> groupModel;    // per Placements::groups entry: index into models, or -1
    std::vector<std::string> notes; // what was looked for and not found
    std::size_t filesFound = 0;     // model files seen beside the file and in the extra places
};

inline constexpr std::size_t kMaxPlacedModels = 64;

// Where and how models are looked for. The defaults are the 3D pane's: beside the file only, the
// finest LOD, summer materials.
struct ModelSearch {
    std::vector<std::string> places; // folders and archives searched after the file's own folder
    std::optional<int> lod;          // the LOD file wanted: that LOD, else the nearest (the finer on a tie)
    ExportSelection selection;       // how each model's scene is made (season, variant 0)
    std::size_t maxModels = kMaxPlacedModels;
    bool keepParsed = false;
};

// Looks up, opens (detecting each file's format) and exports the models `placements` names,
// beside `input` and then under `search.places`: a key found in several places takes the file
// whose LOD suits best, the earlier place on a tie. Never throws on bad bytes; runs on any thread.
PlacementModels findPlacementModels(const std::string& input, const Placements& placements,
                                    const ModelSearch& search = {});

} // namespace assetscope
