#pragma once

#include "scene/export_scene.h"

#include <optional>
#include <string>
#include <vector>

namespace assetscope::exporting {

// The one place that turns a decoder's ExportScene into what every file format wants, so the
// writers stay dumb and agree with each other:
// - mirrored into a right-handed frame when `leftHanded` (z negated for positions, normals,
//   tangents, morph deltas and joint matrices; each triangle (A, B, C) → (A, C, B); tangent w
//   negated, since the bitangent is mirrored too while the cross product of the mirrored
//   normal and tangent flips);
// - normals and tangents unit length (a zero normal takes its faces' normal), tangent w ±1;
// - skin weights merged per joint, normalised to sum 1, unused joint slots set to 0;
// - inverse bind matrices present for every skin (derived from the rest pose when missing);
// - meshes and primitives without triangles dropped; non-finite numbers replaced by 0;
// - a material's textures sampled with a UV set every mesh drawing with it has (else UV set 0, or
//   none when a mesh has no UV set), an image that is not its size's texels left out (warnings).
// Inconsistent input (an index outside the vertices, array sizes that disagree, a material or
// joint that does not exist) is an error, never a crash.
struct PreparedScene {
    std::optional<ExportScene> scene; // leftHanded == false; nullopt on error
    std::string error;
    std::vector<std::string> warnings;
};

PreparedScene prepareScene(const ExportScene& input);

} // namespace assetscope::exporting
