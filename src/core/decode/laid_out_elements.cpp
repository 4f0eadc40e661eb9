#include "decode/laid_out_elements.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace assetscope::decode {

namespace {

// Integer components (blend indices, the submaterial selector) within u16. A NaN (a float element
// where an integer was meant) is 0: clamping lets it through, and converting it is undefined.
std::uint16_t asInteger(float c) {
    return std::isnan(c) ? 0 : static_cast<std::uint16_t>(std::clamp(c, 0.0f, 65535.0f));
}

// Calls sink(i, components, bytes) for every vertex (bounds were checked when the source was
// resolved).
template <typename Sink> void eachVertex(const MeshSource& s, const ElementSource& e, Sink&& sink) {
    const std::uint8_t* p = e.stream.data() + e.base + s.firstVertex * e.stride + e.offset;
    for (std::uint64_t i = 0; i < s.vertexCount; ++i, p += e.stride)
        sink(i, decodeElement(*e.layout, p), p);
}

// `width` of the components into `out`, `width` per vertex.
void copyComponents(const MeshSource& s, const ElementSource& e, std::size_t width, std::vector<float>& out) {
    out.resize(s.vertexCount * width);
    eachVertex(s, e, [&](std::uint64_t i, const std::array<float, 4>& c, const std::uint8_t*) {
        std::copy_n(c.begin(), width, out.begin() + static_cast<std::ptrdiff_t>(i * width));
    });
}

void copyIntegers(const MeshSource& s, const ElementSource& e, std::vector<std::uint16_t>& out) {
    out.resize(s.vertexCount * 4);
    eachVertex(s, e, [&](std::uint64_t i, const std::array<float, 4>& c, const std::uint8_t*) {
        for (std::size_t k = 0; k < 4; ++k)
            out[4 * i + k] = asInteger(c[k]);
    });
}

// Claims a kind: true when it was free.
bool claim(bool& claimed) {
    return !std::exchange(claimed, true);
}

void decodeFrame(const MeshSource& s, const ElementSource& e, const DecodeOptions& options,
                 ElementClaims& claims, DecodedMesh& d) {
    if (!e.tangentFrame || !claim(claims.normal)) return;
    const bool normals = options.normals;
    const bool tangents = claim(claims.tangent[0]) && options.tangents;
    if (normals) d.normals.resize(s.vertexCount * 3);
    if (tangents) d.tangents[0].resize(s.vertexCount * 4);
    eachVertex(s, e, [&](std::uint64_t i, const std::array<float, 4>&, const std::uint8_t* p) {
        float normal[3], tangent[4];
        e.tangentFrame(p, normal, tangent);
        if (normals) std::copy_n(normal, 3, d.normals.begin() + static_cast<std::ptrdiff_t>(3 * i));
        if (tangents) std::copy_n(tangent, 4, d.tangents[0].begin() + static_cast<std::ptrdiff_t>(4 * i));
    });
}

} // namespace

void decodeLaidOutPositions(const MeshSource& s, const ElementSource& e, float* out) {
    eachVertex(s, e, [&](std::uint64_t i, const std::array<float, 4>& c, const std::uint8_t*) {
        std::copy_n(c.begin(), 3, out + 3 * i);
    });
}

void decodeLaidOut(const MeshSource& s, const ElementSource& e, const DecodeOptions& options,
                   ElementClaims& claims, DecodedMesh& d) {
    const auto set = static_cast<std::size_t>(e.set);
    switch (e.semantic) {
    case Semantic::Position:
        if (claim(claims.position)) copyComponents(s, e, 3, d.positions);
        return;
    case Semantic::Normal:
        if (claim(claims.normal) && options.normals) copyComponents(s, e, 3, d.normals);
        return;
    case Semantic::TexCoord:
        if (set < kMaxSets && claim(claims.uv[set]) && options.uvs) copyComponents(s, e, 2, d.uvs[set]);
        return;
    case Semantic::Color:
        if (set < 2 && claim(claims.colour[set]) && options.colors)
            copyComponents(s, e, 4, set == 0 ? d.colors : d.colors1);
        return;
    case Semantic::Tangent:
        if (set < kMaxSets && claim(claims.tangent[set]) && options.tangents) {
            std::vector<float>& out = d.tangents[set];
            out.resize(s.vertexCount * 4);
            eachVertex(s, e, [&](std::uint64_t i, const std::array<float, 4>& c, const std::uint8_t*) {
                std::copy_n(c.begin(), 3, out.begin() + static_cast<std::ptrdiff_t>(4 * i));
                out[4 * i + 3] = c[3] < 0 ? -1.0f : 1.0f; // only the bitangent's sign is kept
            });
        }
        return;
    case Semantic::TangentFrame:
        decodeFrame(s, e, options, claims, d);
        return;
    case Semantic::BlendIndices:
        if (claim(claims.blendIndices) && options.skin) copyIntegers(s, e, d.blendIndices);
        return;
    case Semantic::BlendWeights:
        if (claim(claims.blendWeights) && options.skin) copyComponents(s, e, 4, d.blendWeights);
        return;
    case Semantic::SubMaterial:
        if (claim(claims.subMaterial) && options.subMaterials) copyIntegers(s, e, d.subMaterials);
        return;
    case Semantic::Other:
        return;
    }
}

} // namespace assetscope::decode
