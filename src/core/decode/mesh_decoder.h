#pragma once

#include "decode/mesh_source.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace assetscope::decode {

struct DecodeOptions {
    bool normals = true;
    bool uvs = true;
    bool colors = true; // both sets
    bool tangents = true;
    bool skin = true; // the skin stream, and blend index and weight elements
    bool subMaterials = true;
    bool morphs = true;
    bool indices = true;
    bool repeats = false; // count repeated triangles (hashes every vertex)
};

struct MorphDeltas {
    std::string name;             // the Mrph slot name, or weight[slot]
    int slot = -1;                // weight slot from the deltas' w
    std::vector<float> positions; // 3 per vertex
    std::vector<float> normals;   // 3 per vertex
};

struct TriangleRepeats {
    std::uint64_t full = 0;         // the same corners, bit for bit in every stream, same winding
    std::uint64_t positionOnly = 0; // the same three positions in any order, not a full repeat
};

// One mesh decoded into flat float arrays, in the engine's frame (Y-up, left-handed, metres).
// Vertex i is the absolute vertex firstVertex + i; indices are rebased to it and keep the
// stored order (A, B, C).
struct DecodedMesh {
    std::uint64_t firstVertex = 0;
    std::uint64_t vertexCount = 0;
    std::vector<std::uint32_t> indices;
    std::vector<float> positions;                 // 3 per vertex
    std::vector<float> normals;                   // 3 per vertex, or empty; a stored (0,0,0) stays (0,0,0)
    std::array<std::vector<float>, kMaxSets> uvs; // 2 per vertex, after the mesh's transform; empty if absent
    std::vector<float> colors;                    // 4 per vertex, 0..1
    std::vector<float> colors1;                   // 4 per vertex: a second set
    std::array<std::vector<float>, kMaxSets> tangents; // 4 per vertex, w = bitangent sign
    // The skin stream: `influences` (weight, bone) pairs per vertex.
    std::uint32_t influences = 0;
    std::vector<float> weights;       // influences per vertex
    std::vector<std::uint16_t> bones; // influences per vertex
    // Blend elements, each present on its own, 4 per vertex as stored; integers within u16 (a
    // NaN, from a float element where an integer was meant, is 0).
    std::vector<std::uint16_t> blendIndices;
    std::vector<float> blendWeights;
    std::vector<std::uint16_t> subMaterials; // the submaterial selector, 4 per vertex as stored
    std::vector<MorphDeltas> morphs;
    std::uint64_t zeroNormals = 0;
    TriangleRepeats repeats;
};

// Decodes what `options` asks for. Of several elements of one kind (semantic and set), the first
// is read. A tangent frame is read only when no normal came before it; it is then the normal and,
// unless a tangent came before, the tangent of set 0. The source has been bounds-checked when it was resolved
// (a model's resolveMesh), so this cannot read outside the buffers.
DecodedMesh decodeMesh(const MeshSource& source, const DecodeOptions& options = {});
// The same into an existing result whose storage is reused (views that decode again and again
// avoid allocating and zero-filling fresh memory each time).
void decodeMeshInto(const MeshSource& source, const DecodeOptions& options, DecodedMesh& out);

// Position-only decode into a caller's buffer (3 floats per vertex): the fast path.
void decodePositions(const MeshSource& source, float* out);

TriangleRepeats countRepeats(const MeshSource& source, const DecodedMesh& decoded);

} // namespace assetscope::decode
