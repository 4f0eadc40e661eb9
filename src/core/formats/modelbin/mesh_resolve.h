#pragma once

#include "decode/mesh_source.h"
#include "formats/modelbin/model.h"

#include <optional>
#include <string>
#include <vector>

namespace assetscope::modelbin {

// A broken rule found while resolving: the rule id, a message and the documented row whose
// confidence sets the severity.
struct Problem {
    std::string rule;
    std::string message;
    std::string docKey;
};

// Resolves the mesh's index buffer, layout and streams into what the decoder reads, and checks
// every index and vertex lies inside its buffer. nullopt (with problems) when the mesh cannot be
// decoded at all; a mesh with problems that still can be decoded (an unsupported extra element)
// is returned too.
std::optional<decode::MeshSource> resolveMesh(const Model& model, std::size_t meshIndex,
                                              std::vector<Problem>& problems);

} // namespace assetscope::modelbin
