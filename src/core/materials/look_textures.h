#pragma once

#include "archive/zip_archive.h"
#include "contract/parsed_file.h"
#include "materials/material_chain.h"
#include "resolve/game_resolver.h"
#include "scene/export_scene.h"

#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace assetscope::materials {

// A glTF role from the name table's role ("base_color", …); nullopt for a role no reader gives.
std::optional<exporting::TextureRole> textureRole(std::string_view role);

// The textures looks name, each opened and decoded once however many looks, models, exports of a
// batch or views ask for it. Safe to share between threads.
class TextureImages {
public:
    explicit TextureImages(archive::Limits limits = {}) : m_limits(limits) {}

    // The decoded image of the texture at INPUT (mip 0 of slice 0), read and decoded the first
    // time it is asked for; null and `problem` when it cannot be read, is no texture, or does not
    // decode.
    std::shared_ptr<const exporting::MaterialImage> image(const std::string& input, std::string& problem);

    // How many textures were read and decoded (a batch that shares them counts each once).
    std::size_t decoded() const;

private:
    struct Entry {
        std::shared_ptr<const exporting::MaterialImage> image;
        std::string problem;
    };
    archive::Limits m_limits;
    mutable std::mutex m_mutex;
    std::map<std::string, Entry> m_entries;
};

// What textures a scene's materials were given, and what was not found.
struct LookTextures {
    std::size_t textured = 0;       // materials that gained at least one texture
    std::vector<std::string> notes; // "slot 3 (bld_house_brick): Game:\… was not found (tried …)"
};

// Gives each material of `scene` that stands for a slot of `model` (read from `input`) the
// textures its look's effective parameters name, by role: the first texture parameter of each
// role, found through `resolver` and decoded through `images`. A link or texture not found, or a
// texture that does not decode, leaves that role empty and is named in the notes. Never throws on
// bad bytes.
LookTextures applyLookTextures(exporting::ExportScene& scene, const ParsedFile& model,
                               const std::string& input, const resolve::GameResolver& resolver,
                               TextureImages& images);

} // namespace assetscope::materials
