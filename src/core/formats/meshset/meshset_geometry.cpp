#include "formats/meshset/meshset_geometry.h"

#include "formats/meshset/tangent_space.h"
#include "formats/meshset/vertex_format.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace assetscope::meshset {

namespace {

using exporting::Vec2;
using exporting::Vec3;
using exporting::Vec4;

struct Triangle {
    double area = 0;
    double uvArea = 0;
};

std::vector<Triangle> triangles(const SectionGeometry& g) {
    std::vector<Triangle> out;
    const bool haveUv = !g.uvs.empty() && g.uvs[0].size() == g.positions.size();
    for (std::size_t i = 0; i + 2 < g.indices.size(); i += 3) {
        const auto a = g.indices[i], b = g.indices[i + 1], c = g.indices[i + 2];
        if (a >= g.positions.size() || b >= g.positions.size() || c >= g.positions.size()) continue;
        const Vec3 &p0 = g.positions[a], &p1 = g.positions[b], &p2 = g.positions[c];
        const double e1[3] = {double(p1[0]) - p0[0], double(p1[1]) - p0[1], double(p1[2]) - p0[2]};
        const double e2[3] = {double(p2[0]) - p0[0], double(p2[1]) - p0[1], double(p2[2]) - p0[2]};
        const double cx = e1[1] * e2[2] - e1[2] * e2[1], cy = e1[2] * e2[0] - e1[0] * e2[2],
                     cz = e1[0] * e2[1] - e1[1] * e2[0];
        Triangle t;
        t.area = 0.5 * std::sqrt(cx * cx + cy * cy + cz * cz);
        if (haveUv) {
            const Vec2 &u0 = g.uvs[0][a], &u1 = g.uvs[0][b], &u2 = g.uvs[0][c];
            t.uvArea = 0.5 * std::fabs((double(u1[0]) - u0[0]) * (double(u2[1]) - u0[1]) -
                                       (double(u2[0]) - u0[0]) * (double(u1[1]) - u0[1]));
        }
        out.push_back(t);
    }
    return out;
}

} // namespace

double surfaceArea(const SectionGeometry& g) {
    double sum = 0;
    for (const Triangle& t : triangles(g))
        sum += t.area;
    return sum;
}

double uv0TexelDensity(const SectionGeometry& g) {
    std::vector<double> d;
    for (const Triangle& t : triangles(g))
        if (t.area > 0) d.push_back(std::sqrt(t.uvArea / t.area));
    if (d.empty()) return 1.0;
    std::sort(d.begin(), d.end());
    const std::size_t n = d.size();
    return n % 2 ? d[n / 2] : 0.5 * (d[n / 2 - 1] + d[n / 2]);
}

namespace {
// Integer components (blend indices, the submaterial selector) as stored, within u16. A NaN
// (a float element where an integer was meant) is 0: clamping lets it through, and converting it
// is undefined.
std::array<std::uint16_t, 4> asIntegers(const std::array<float, 4>& c) {
    std::array<std::uint16_t, 4> out{};
    for (std::size_t k = 0; k < 4; ++k)
        if (!std::isnan(c[k])) out[k] = static_cast<std::uint16_t>(std::clamp(c[k], 0.0f, 65535.0f));
    return out;
}
} // namespace

std::optional<SectionGeometry> decodeSection(const Lod& lod, const Section& s, ByteView geometry,
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
    SectionGeometry g;
    const std::size_t elements = std::min<std::size_t>(decl.elementCount, decl.elements.size());
    for (std::size_t e = 0; e < elements; ++e) {
        const VertexElement& el = decl.elements[e];
        const auto info = formatInfo(el.format);
        if (el.stream >= streamCount || !info || s.vertexCount == 0) continue;
        const std::uint64_t stride = decl.streams[el.stream][0];
        if (std::uint64_t{el.offset} + info->bytes > stride) continue;
        const std::uint64_t start = s.streamStart(el.stream);
        auto fetch = [&](std::uint64_t v) {
            return geometry.subspan(start + v * stride + el.offset, info->bytes);
        };
        auto decodeAll = [&](auto&& sink) {
            for (std::uint64_t v = 0; v < s.vertexCount; ++v)
                sink(*decodeElement(el.format, fetch(v)), fetch(v));
        };
        const std::size_t n = s.vertexCount;
        if (el.usage == kUsagePosition && g.positions.empty()) {
            g.positions.reserve(n);
            decodeAll([&](const auto& c, ByteView) { g.positions.push_back({c[0], c[1], c[2]}); });
        } else if (el.usage == kUsageNormal && g.normals.empty()) {
            decodeAll([&](const auto& c, ByteView) { g.normals.push_back({c[0], c[1], c[2]}); });
        } else if (el.usage == kUsageTangent && g.tangents.empty()) {
            decodeAll([&](const auto& c, ByteView) {
                g.tangents.push_back({c[0], c[1], c[2], c[3] < 0 ? -1.0f : 1.0f});
            });
        } else if (el.usage == kUsageTangentSpace && info->bytes == 4 && g.normals.empty()) {
            decodeAll([&](const auto&, ByteView raw) {
                const TangentFrame f = decodeTangentSpace({raw[0], raw[1], raw[2], raw[3]});
                g.normals.push_back(f.normal);
                g.tangents.push_back({f.tangent[0], f.tangent[1], f.tangent[2], f.bitangentSign});
            });
        } else if (el.usage >= kUsageUv0 && el.usage < kUsageUv0 + 8) {
            const std::size_t set = el.usage - kUsageUv0;
            if (g.uvs.size() <= set) g.uvs.resize(set + 1);
            if (!g.uvs[set].empty()) continue;
            decodeAll([&](const auto& c, ByteView) { g.uvs[set].push_back({c[0], c[1]}); });
        } else if (el.usage == kUsageColor0 && g.colors.empty()) {
            decodeAll([&](const auto& c, ByteView) { g.colors.push_back({c[0], c[1], c[2], c[3]}); });
        } else if (el.usage == kUsageColor1 && g.colors1.empty()) {
            decodeAll([&](const auto& c, ByteView) { g.colors1.push_back({c[0], c[1], c[2], c[3]}); });
        } else if (el.usage == kUsageSubmaterial && g.subMaterials.empty()) {
            decodeAll([&](const auto& c, ByteView) { g.subMaterials.push_back(asIntegers(c)); });
        } else if (el.usage == kUsageBlendIndices && g.blendIndices.empty()) {
            decodeAll([&](const auto& c, ByteView) { g.blendIndices.push_back(asIntegers(c)); });
        } else if (el.usage == kUsageBlendWeights && g.blendWeights.empty()) {
            decodeAll([&](const auto& c, ByteView) { g.blendWeights.push_back({c[0], c[1], c[2], c[3]}); });
        }
    }
    // Sets below the highest one that were not declared stay empty; drop trailing empties.
    while (!g.uvs.empty() && g.uvs.back().empty())
        g.uvs.pop_back();
    g.indices.resize(indexCount);
    for (std::uint64_t i = 0; i < indexCount; ++i) {
        const std::uint8_t* p = geometry.data() + indexStart + i * indexBytes;
        if (indexBytes == 4) {
            std::uint32_t v;
            std::memcpy(&v, p, 4);
            g.indices[i] = v;
        } else {
            std::uint16_t v;
            std::memcpy(&v, p, 2);
            g.indices[i] = v;
        }
    }
    for (std::uint64_t i = 0; i < indexCount; ++i)
        if (g.indices[i] >= s.vertexCount) {
            error = {"meshset.geometry.index-value",
                     "index " + std::to_string(i) + " is " + std::to_string(g.indices[i]) +
                         " but the section has " + std::to_string(s.vertexCount) + " vertices"};
            return std::nullopt;
        }
    return g;
}

} // namespace assetscope::meshset
