#pragma once

#include "contract/table_source.h"
#include "decode/mesh_source.h"

#include <memory>

namespace assetscope::modelbin {

// A mesh's decoded vertices, one column per attribute component (position xyz, normal, uv0..,
// colour, tangent, skin influences) after the absolute vertex id. Only the rows asked for are
// decoded. `source` as resolveMesh gave it (it points into the model's bytes).
std::unique_ptr<TableSource> meshVertexTable(const decode::MeshSource& source);

// A mesh's triangles as rows i0, i1, i2: the stored corners in stored order, rebased to the
// mesh's first vertex so they are rows of the vertex table. Each row marks its triangle.
std::unique_ptr<TableSource> meshTriangleTable(const decode::MeshSource& source);

} // namespace assetscope::modelbin
