#pragma once

#include "bytes/byte_view.h"
#include "decode/vertex_element.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace assetscope::decode {

// BlendIndices, BlendWeights, SubMaterial and TangentFrame come only from elements with a layout
// of their own (a format whose numbering is not DXGI's).
enum class Semantic : std::uint8_t {
    Position,
    Normal,
    TexCoord,
    Color,
    Tangent,
    BlendIndices,
    BlendWeights,
    SubMaterial,
    TangentFrame,
    Other
};

// Texture-coordinate sets a mesh may have (TEXCOORD0-7), and tangent sets alike.
inline constexpr std::size_t kMaxSets = 8;

// A normal and a tangent (w: bitangent sign) packed in one element in a format's own code: the
// format decodes it, so that this layer names no format.
using TangentFrameReader = void (*)(const std::uint8_t* element, float* normal, float* tangent);

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
    // Set when the element is read as decodeElement reads `layout` rather than by DXGI `format`:
    // its values are taken as decoded (no position box, no UV transform, normals as stored).
    std::optional<ElementLayout> layout;
    TangentFrameReader tangentFrame = nullptr; // TangentFrame elements only

    std::uint32_t bytes() const; // the size of one element
};

// Everything the decoder needs for one mesh, with every range checked against its buffer by
// the format that resolved it (a model's resolveMesh, a MeshSet section's sectionSource).
struct MeshSource {
    // Quantised positions are stored inside this box: position = stored × scale + translate.
    std::array<float, 3> positionScale{1, 1, 1};
    std::array<float, 3> positionTranslate{0, 0, 0};
    // Per texture-coordinate set: uOffset, uScale, vOffset, vScale (uv = stored × scale + offset).
    std::array<std::array<float, 4>, kMaxSets> uvTransforms{{{0, 1, 0, 1},
                                                             {0, 1, 0, 1},
                                                             {0, 1, 0, 1},
                                                             {0, 1, 0, 1},
                                                             {0, 1, 0, 1},
                                                             {0, 1, 0, 1},
                                                             {0, 1, 0, 1},
                                                             {0, 1, 0, 1}}};
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
