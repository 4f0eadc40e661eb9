#pragma once

#include "formats/meshset/meshset.h"
#include "scene/export_scene.h"

#include <optional>
#include <string>

namespace assetscope::meshset {

// One section's vertices and triangles, decoded from its LOD's geometry (the chunk, or the
// inline data): the stored streams lie one after another from the section's vertex offset,
// each stride * vertex count bytes; the indices start at the vertex buffer byte count plus the
// start index and are relative to the section.
struct SectionGeometry {
    std::vector<exporting::Vec3> positions;
    std::vector<exporting::Vec3> normals;
    std::vector<exporting::Vec4> tangents; // w: bitangent sign
    std::vector<std::vector<exporting::Vec2>> uvs;
    std::vector<exporting::Vec4> colors;                    // Color0
    std::vector<exporting::Vec4> colors1;                   // Color1, a second set
    std::vector<std::array<std::uint16_t, 4>> subMaterials; // the submaterial selector, as stored
    std::vector<std::array<std::uint16_t, 4>> blendIndices; // as stored (before the bone map)
    std::vector<exporting::Vec4> blendWeights;
    std::vector<std::uint32_t> indices;
};

struct GeometryError {
    std::string rule;
    std::string message;
};

std::optional<SectionGeometry> decodeSection(const Lod& lod, const Section& section, ByteView geometry,
                                             GeometryError& error);

// Sum of the triangles' areas.
double surfaceArea(const SectionGeometry& g);
// Median over the triangles with area of sqrt(UV0 area / area); 1 when no triangle has area.
double uv0TexelDensity(const SectionGeometry& g);

} // namespace assetscope::meshset
