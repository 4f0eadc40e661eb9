#pragma once

#include "decode/mesh_decoder.h"
#include "formats/meshset/meshset.h"

#include <optional>
#include <string>

namespace assetscope::meshset {

struct GeometryError {
    std::string rule;
    std::string message;
};

// One section's vertices and triangles as decode::decodeMesh reads them from its LOD's geometry
// (the chunk, or the inline data): the stored streams lie one after another from the section's
// vertex offset, each stride * vertex count bytes; the indices start at the vertex buffer byte
// count plus the start index and are relative to the section. nullopt, with the rule broken, when
// the streams or the indices run past their buffers.
std::optional<decode::MeshSource> sectionSource(const Lod& lod, const Section& section, ByteView geometry,
                                                GeometryError& error);

// The section decoded; nullopt also when an index names a vertex past the section's.
std::optional<decode::DecodedMesh> decodeSection(const Lod& lod, const Section& section, ByteView geometry,
                                                 GeometryError& error);

// Sum of the triangles' areas.
double surfaceArea(const decode::DecodedMesh& d);
// Median over the triangles with area of sqrt(UV0 area / area); 1 when no triangle has area.
double uv0TexelDensity(const decode::DecodedMesh& d);

} // namespace assetscope::meshset
