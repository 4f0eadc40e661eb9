#pragma once

#include "formats/modelbin/model.h"

#include <optional>
#include <string>
#include <vector>

namespace assetscope::decode {

enum class Semantic : std::uint8_t { Position, Normal, TexCoord, Color, Tangent, Other };

Semantic semanticFromName(std::string_view name);
// Whether the decoder reads this semantic in this DXGI format.
bool decodable(Semantic semantic, std::uint32_t format);

// One layout element resolved to the bytes it is read from: vertex with absolute id a sits at
// stream[base + a × stride + offset].
struct ElementSource {
    Semantic semantic = Semantic::Other;
    int set = 0; // the semantic index (TEXCOORD3: 3)
    std::string name;
    std::uint32_t format = 0;
    std::uint32_t slot = 0;
    ByteView stream;
    std::uint64_t base = 0;
    std::uint32_t stride = 0;
    std::uint32_t offset = 0;
};

// Everything the decoder needs for one mesh, with every range checked against its buffer.
struct MeshSource {
    const modelbin::MeshRecord* mesh = nullptr;
    ByteView indexData;          // exactly the mesh's index count × index size bytes
    std::uint32_t indexSize = 2; // 2 or 4
    std::uint32_t minIndex = 0;
    std::uint32_t maxIndex = 0;
    std::uint64_t firstVertex = 0; // absolute id of decoded vertex 0: min index + indexed vertex offset
    std::uint64_t vertexCount = 0; // max − min + 1 (0 when there are no indices)
    std::vector<ElementSource> elements;
    // Skin influences (f16 weight, f16 bone), `influences` per vertex.
    ByteView skin;
    std::uint64_t skinBase = 0;
    std::uint32_t skinStride = 0;
    std::uint32_t influences = 0;
    // Morph deltas: per vertex `targets` position half4 then `targets` normal half4.
    ByteView morph;
    std::uint64_t morphBase = 0;
    std::uint32_t morphStride = 0;
    std::uint32_t morphTargets = 0;
    std::vector<std::string> morphSlotNames; // from the Mrph blob

    const ElementSource* find(Semantic s, int set = 0) const;
};

// A broken rule found while resolving: the rule id, a message and the documented row whose
// confidence sets the severity.
struct Problem {
    std::string rule;
    std::string message;
    std::string docKey;
};

// Resolves the mesh's index buffer, layout and streams and checks every index and vertex lies
// inside its buffer. nullopt (with problems) when the mesh cannot be decoded at all; a mesh
// with problems that still can be decoded (an unsupported extra element) is returned too.
std::optional<MeshSource> resolveMesh(const modelbin::Model& model, std::size_t meshIndex,
                                      std::vector<Problem>& problems);

} // namespace assetscope::decode
