#pragma once

#include "export/export_formats.h"
#include "scene/export_scene.h"

#include <nlohmann/json.hpp>

namespace assetscope::client {

// What Blender should show after importing `prepared` (a scene as scene_preparer makes it)
// written in a format that keeps `keeps`: the manifest entry tests/client/blender_import.py
// checks. Objects: one per mesh, or one per material of a mesh where the format splits them;
// faces: triangles; materials: those the triangles use; skin: the objects bound to an armature,
// every joint name and those that weight vertices; shape keys: per object, the target names and
// how far each moves a vertex at most.
nlohmann::json blenderExpectations(const exporting::ExportScene& prepared,
                                   const exporting::FormatKeeps& keeps);

// The textures Blender should show for the materials of `prepared` written as `format`: per
// material with a base colour texture the format keeps, its name and, for the base colour and
// (where kept) the normal texture, the image's size and texels (8-bit RGBA, top-left first), which
// the Image Texture node feeding the Principled BSDF's Base Color (or, through a Normal Map node,
// its Normal) must hold. An empty array when no material has one.
nlohmann::json textureExpectations(const exporting::ExportScene& prepared, exporting::Format format);

} // namespace assetscope::client
