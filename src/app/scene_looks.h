#pragma once

#include "contract/parsed_file.h"
#include "materials/look_textures.h"
#include "open/placement_models.h"
#include "resolve/resolver_pool.h"
#include "scene/export_scene.h"

#include <QString>

#include <cstddef>
#include <string>
#include <vector>

namespace assetscope::app {

// What a model's looks give the 3D pane: the textures each slot's look names, found and decoded
// once when the document is read, so that any scene the pane builds from the model later (another
// LOD, variant or season) gets them without reading a file on the UI thread.
struct ModelLooks {
    std::vector<exporting::Material> bySlot; // one per look with a slot: its slot and its textures
    std::vector<std::string> notes;          // what was not found or did not decode (applyLookTextures)
};

// The looks of `model`, read from `input`, followed through the resolver `resolvers` keeps for
// resolve::rootsFor(givenRoots, input) and their textures decoded through `images`. Reads files:
// for a background thread. Nothing for a file without slots.
ModelLooks modelLooks(const ParsedFile& model, const std::string& input, materials::TextureImages& images,
                      resolve::ResolverPool& resolvers, const std::vector<std::string>& givenRoots = {});

// Gives each material of `scene` that stands for a slot the textures `looks` holds for that slot;
// how many materials gained a texture. Reads nothing.
std::size_t giveLookTextures(exporting::ExportScene& scene, const ModelLooks& looks);

// Gives every placed model's scene its looks' textures, each model under its own roots (the
// resolvers of `resolvers`: a cell's models mostly share their install). The models must have
// been kept parsed (ModelSearch::keepParsed); their parsed files are let go afterwards. What was
// not found is added to `notes`, after the model file's name. Reads files.
void texturePlacedModels(PlacementModels& models, materials::TextureImages& images,
                         resolve::ResolverPool& resolvers, std::vector<std::string>& notes,
                         const std::vector<std::string>& givenRoots = {});

// The window's game roots (File > Game Roots…) as the core takes them.
std::vector<std::string> rootList(const QStringList& roots);

// The status bar's line for the notes: "Untextured: FIRST (+N more)"; empty without notes.
QString missingTexturesText(const std::vector<std::string>& notes);

} // namespace assetscope::app
