#pragma once

#include "bytes/byte_view.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
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

// Everything the decoder needs for one mesh, with every range checked against its buffer by
// the format that resolved it (a model's resolveMesh).
struct MeshSource {
    // Quantised positions are stored inside this box: position = stored × scale + translate.
    std::array<float, 3> positionScale{1, 1, 1};
    std::array<float, 3> positionTranslate{0, 0, 0};
    // Per texture-coordinate set: uOffset, uScale, vOffset, vScale (uv = stored × scale + offset).
    std::array<std::array<float, 4>, 5> uvTransforms{
        {{0, 1, 0, 1}, {0, 1, 0, 1}, {0, 1, 0, 1}, {0, 1, 0, 1}, {0, 1, 0, 1}}};
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

} // namespace assetscope::decode
