#pragma once

#include "math/vec3d.h"
#include "scene/export_scene.h"
#include "tree/subject.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace assetscope {

// What the 3D pane lets a person choose for a file, with the labels to show.
struct PreviewChoices {
    std::vector<std::string> lods; // "LOD0" ...; fewer than two: no choice
    std::vector<int> lodNumbers;   // the ExportSelection::lod of each
    std::vector<std::string> variants;
    // The seasons, when the season changes what is drawn (ExportSelection::season indexes them).
    std::vector<std::string> seasons;
};

// Spring, Summer, Autumn, Winter: the seasons of the CLI's `--season` (0 to 3).
std::vector<std::string> seasonLabels();

// Consecutive placed instances of one subject (a placement block): instance `first + i` is
// element i of the lazy array `array`, and looks for the model file `modelKey`.
struct InstanceGroup {
    Subject subject;
    NodeId array = kNoNode;
    std::uint64_t first = 0;
    std::uint64_t count = 0;
    std::string modelKey;
    std::string name; // what the file calls the group (a .pgeo block's template name)
};

// A placement file's instances for the 3D pane and how they map back to the tree.
struct Placements {
    std::vector<math::Mat4> world; // per instance (row-vector); empty when not asked for or hidden
    // With `world`, per instance: its origin as stored, in double (a float matrix rounds positions
    // kilometres out to millimetres), and its material variant row (0: the base materials).
    std::vector<math::Vec3d> origins;
    std::vector<std::uint8_t> variants;
    std::vector<InstanceGroup> groups;
    std::uint64_t instanceCount = 0;
    std::vector<std::vector<math::Vec3>> curves; // sampled polylines
    std::string hiddenReason;                    // the selection hides the file (its season mask): why
    // How the placed models' files are named: their extension (".modelbin") and the key a file
    // name offers, with the LOD it carries (the finest wins).
    std::string modelExtension;
    std::function<std::string(const std::string& fileName, int& lod)> modelFileKey;

    // The group holding instance `instance`, or nullptr.
    const InstanceGroup* groupOf(std::uint64_t instance) const;
};

} // namespace assetscope
