#pragma once

#include <nlohmann/json.hpp>

#include <filesystem>

namespace assetscope::client {

// The scene case: a placement cell of the sample house (several instances in one variant, turned
// and scaled, and one template no model answers) exported as a .glb scene with the sample set's
// models folder, and what Blender must show: one object per instance, all linked duplicates of
// one mesh, each where `placements --csv` puts its record (mirrored as export mirrors, then into
// Blender's z-up frame), and an empty named by the missing template. False (and a message on
// stderr) when the export fails.
bool addSceneCase(const std::filesystem::path& samples, const std::filesystem::path& out,
                  nlohmann::json& cases);

} // namespace assetscope::client
