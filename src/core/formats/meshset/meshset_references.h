#pragma once

#include "contract/parsed_file.h"

#include <vector>

namespace assetscope::meshset {

// "Where is this used?" for a geometry chunk: the MeshSets whose LODs name it by GUID. The
// target is a MeshSet (its own LODs' chunks: which other MeshSets share them) or a chunk file,
// named <guid>.chunk. An all-zero GUID (inline geometry) names no chunk.
std::vector<ReferenceFind> chunkReferences(const ReferenceTarget& target);

} // namespace assetscope::meshset
