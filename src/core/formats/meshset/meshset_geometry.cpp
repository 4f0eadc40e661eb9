#include "formats/meshset/meshset_geometry.h"

#include "formats/meshset/tangent_space.h"
#include "formats/meshset/vertex_format.h"

#include <algorithm>
#include <cmath>

namespace assetscope::meshset {

namespace {

struct Triangle {
    double area = 0;
    double uvArea = 0;
};

std::vector<Triangle> triangles(const decode::DecodedMesh& d) {
    std::vector<Triangle> out;
    const std::size_t vertices = d.positions.size() / 3;
    const bool haveUv = d.uvs[0].size() / 2 == vertices;
    const float* pos = d.positions.data();
    const float* uv = d.uvs[0].data();
    for (std::size_t i = 0; i + 2 < d.indices.size(); i += 3) {
        const std::size_t a = d.indices[i], b = d.indices[i + 1], c = d.indices[i + 2];
        if (a >= vertices || b >= vertices || c >= vertices) continue;
        const float *p0 = pos + 3 * a, *p1 = pos + 3 * b, *p2 = pos + 3 * c;
        const double e1[3] = {double(p1[0]) - p0[0], double(p1[1]) - p0[1], double(p1[2]) - p0[2]};
        const double e2[3] = {double(p2[0]) - p0[0], double(p2[1]) - p0[1], double(p2[2]) - p0[2]};
        const double cx = e1[1] * e2[2] - e1[2] * e2[1], cy = e1[2] * e2[0] - e1[0] * e2[2],
                     cz = e1[0] * e2[1] - e1[1] * e2[0];
        Triangle t;
        t.area = 0.5 * std::sqrt(cx * cx + cy * cy + cz * cz);
        if (haveUv) {
            const float *u0 = uv + 2 * a, *u1 = uv + 2 * b, *u2 = uv + 2 * c;
            t.uvArea = 0.5 * std::fabs((double(u1[0]) - u0[0]) * (double(u2[1]) - u0[1]) -
                                       (double(u2[0]) - u0[0]) * (double(u1[1]) - u0[1]));
        }
        out.push_back(t);
    }
    return out;
}

// What the decoder reads an element of this usage as; nullopt for the usages it does not read.
std::optional<std::pair<decode::Semantic, int>> semanticOf(std::uint8_t usage) {
    using decode::Semantic;
    switch (usage) {
    case kUsagePosition:
        return std::pair{Semantic::Position, 0};
    case kUsageNormal:
        return std::pair{Semantic::Normal, 0};
    case kUsageTangent:
        return std::pair{Semantic::Tangent, 0};
    case kUsageTangentSpace:
        return std::pair{Semantic::TangentFrame, 0};
    case kUsageColor0:
        return std::pair{Semantic::Color, 0};
    case kUsageColor1:
        return std::pair{Semantic::Color, 1};
    case kUsageSubmaterial:
        return std::pair{Semantic::SubMaterial, 0};
    case kUsageBlendIndices:
        return std::pair{Semantic::BlendIndices, 0};
    case kUsageBlendWeights:
        return std::pair{Semantic::BlendWeights, 0};
    default:
        break;
    }
    if (usage >= kUsageUv0 && usage < kUsageUv0 + decode::kMaxSets)
        return std::pair{Semantic::TexCoord, usage - kUsageUv0};
    return std::nullopt;
}

} // namespace

double surfaceArea(const decode::DecodedMesh& d) {
    double sum = 0;
    for (const Triangle& t : triangles(d))
        sum += t.area;
    return sum;
}

double uv0TexelDensity(const decode::DecodedMesh& d) {
    std::vector<double> densities;
    for (const Triangle& t : triangles(d))
        if (t.area > 0) densities.push_back(std::sqrt(t.uvArea / t.area));
    if (densities.empty()) return 1.0;
    std::sort(densities.begin(), densities.end());
    const std::size_t n = densities.size();
    return n % 2 ? densities[n / 2] : 0.5 * (densities[n / 2 - 1] + densities[n / 2]);
}

std::optional<decode::MeshSource> sectionSource(const Lod& lod, const Section& s, ByteView geometry,
                                                GeometryError& error) {
    const VertexDeclaration& decl = s.stored;
    const std::size_t streamCount = decl.usedStreams();
    const std::uint64_t vertexEnd = s.streamStart(streamCount);
    if (vertexEnd > lod.vertexBufferBytes || vertexEnd > geometry.size()) {
        error = {"meshset.geometry.vertex-range",
                 "the section's streams end at byte " + std::to_string(vertexEnd) +
                     " but the vertex buffer has " +
                     std::to_string(std::min<std::uint64_t>(lod.vertexBufferBytes, geometry.size()))};
        return std::nullopt;
    }
    const std::uint64_t indexBytes = lod.indexBytes();
    const std::uint64_t indexCount = std::uint64_t{s.primitiveCount} * 3;
    const std::uint64_t indexStart =
        std::uint64_t{lod.vertexBufferBytes} + std::uint64_t{s.startIndex} * indexBytes;
    const std::uint64_t indexEnd = indexStart + indexCount * indexBytes;
    if (indexEnd > std::uint64_t{lod.vertexBufferBytes} + lod.indexBufferBytes ||
        indexEnd > geometry.size()) {
        error = {"meshset.geometry.index-range", "the section's " + std::to_string(indexCount) +
                                                     " indices end at byte " + std::to_string(indexEnd) +
                                                     ", past the index buffer"};
        return std::nullopt;
    }
    decode::MeshSource source;
    source.indexData = geometry.subspan(indexStart, indexCount * indexBytes);
    source.indexSize = static_cast<std::uint32_t>(indexBytes);
    source.vertexCount = s.vertexCount;
    source.maxIndex = s.vertexCount > 0 ? s.vertexCount - 1 : 0;
    // Each stream holds every vertex of the section, so vertex 0 is the stream's first.
    const std::size_t elements = std::min<std::size_t>(decl.elementCount, decl.elements.size());
    for (std::size_t e = 0; e < elements; ++e) {
        const VertexElement& el = decl.elements[e];
        const auto layout = elementLayout(el.format);
        const auto semantic = semanticOf(el.usage);
        if (el.stream >= streamCount || !layout || !semantic) continue;
        const std::uint32_t bytes = decode::elementBytes(*layout);
        const std::uint64_t stride = decl.streams[el.stream].stride;
        if (std::uint64_t{el.offset} + bytes > stride) continue;
        // The packed frame is four bytes; in any other size the element means nothing known.
        if (semantic->first == decode::Semantic::TangentFrame && bytes != 4) continue;
        decode::ElementSource src;
        src.semantic = semantic->first;
        src.set = semantic->second;
        src.name = usageName(el.usage);
        src.slot = el.stream;
        src.stream = geometry;
        src.base = s.streamStart(el.stream);
        src.stride = static_cast<std::uint32_t>(stride);
        src.offset = el.offset;
        src.layout = layout;
        if (src.semantic == decode::Semantic::TangentFrame) src.tangentFrame = readTangentFrame;
        source.elements.push_back(std::move(src));
    }
    return source;
}

std::optional<decode::DecodedMesh> decodeSection(const Lod& lod, const Section& s, ByteView geometry,
                                                 GeometryError& error) {
    const auto source = sectionSource(lod, s, geometry, error);
    if (!source) return std::nullopt;
    decode::DecodedMesh d = decode::decodeMesh(*source);
    for (std::size_t i = 0; i < d.indices.size(); ++i)
        if (d.indices[i] >= s.vertexCount) {
            error = {"meshset.geometry.index-value",
                     "index " + std::to_string(i) + " is " + std::to_string(d.indices[i]) +
                         " but the section has " + std::to_string(s.vertexCount) + " vertices"};
            return std::nullopt;
        }
    return d;
}

} // namespace assetscope::meshset
