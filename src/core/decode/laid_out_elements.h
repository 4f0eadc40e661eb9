#pragma once

#include "decode/mesh_decoder.h"

#include <array>

// Elements read through a layout of their own (ElementSource::layout) rather than by DXGI format.
namespace assetscope::decode {

// The kinds an element has already been read for: the first element of a kind wins.
struct ElementClaims {
    bool position = false;
    bool normal = false;
    std::array<bool, kMaxSets> uv{};
    std::array<bool, kMaxSets> tangent{};
    std::array<bool, 2> colour{};
    bool blendIndices = false;
    bool blendWeights = false;
    bool subMaterial = false;
};

// Reads one element with a layout into `out` unless its kind is claimed, then claims it. The
// values are decodeElement's, unchanged: no position box, no UV transform, no normalising.
void decodeLaidOut(const MeshSource& source, const ElementSource& element, const DecodeOptions& options,
                   ElementClaims& claims, DecodedMesh& out);

// Positions of a layout element, 3 floats per vertex.
void decodeLaidOutPositions(const MeshSource& source, const ElementSource& element, float* out);

} // namespace assetscope::decode
