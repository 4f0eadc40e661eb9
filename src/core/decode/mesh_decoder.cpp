#include "decode/mesh_decoder.h"

#include "decode/laid_out_elements.h"
#include "decode/vertex_formats.h"
#include "math/half_float.h"

#include <algorithm>
#include <cmath>
#include <span>

namespace assetscope::decode {

using namespace vertex;

namespace {

// The first byte of vertex 0 of an element (bounds were checked when the source was resolved).
const std::uint8_t* firstByte(const ElementSource& e, std::uint64_t firstVertex) {
    return e.stream.data() + e.base + firstVertex * e.stride + e.offset;
}

void readFloats(const std::uint8_t* p, std::uint32_t format, float* out, int wanted) {
    // Float variants: R32G32B32A32 (2), R32G32B32 (6), R16G16B16A16 half (10), R32G32 (16).
    float v[4] = {0, 0, 0, 0};
    switch (format) {
    case 2:
        for (int i = 0; i < 4; ++i)
            v[i] = loadLE<float>(p + 4 * i);
        break;
    case 6:
        for (int i = 0; i < 3; ++i)
            v[i] = loadLE<float>(p + 4 * i);
        break;
    case 10:
        for (int i = 0; i < 4; ++i)
            v[i] = math::halfToFloat(loadLE<std::uint16_t>(p + 2 * i));
        break;
    case 16:
        for (int i = 0; i < 2; ++i)
            v[i] = loadLE<float>(p + 4 * i);
        break;
    default:
        break;
    }
    for (int i = 0; i < wanted; ++i)
        out[i] = v[i];
}

void decodePositionsInto(const MeshSource& s, const ElementSource& e, float* out, float* normalX) {
    const auto& sc = s.positionScale;
    const auto& tr = s.positionTranslate;
    const std::uint8_t* p = firstByte(e, s.firstVertex);
    const std::uint64_t n = s.vertexCount;
    const std::uint32_t stride = e.stride;
    if (e.format == 13) {
        const float sx = sc[0], sy = sc[1], sz = sc[2], tx = tr[0], ty = tr[1], tz = tr[2];
        for (std::uint64_t i = 0; i < n; ++i, p += stride) {
            out[3 * i + 0] = snorm16(loadLE<std::int16_t>(p)) * sx + tx;
            out[3 * i + 1] = snorm16(loadLE<std::int16_t>(p + 2)) * sy + ty;
            out[3 * i + 2] = snorm16(loadLE<std::int16_t>(p + 4)) * sz + tz;
            if (normalX) normalX[3 * i] = snorm16(loadLE<std::int16_t>(p + 6));
        }
        return;
    }
    for (std::uint64_t i = 0; i < n; ++i, p += stride) {
        float v[4];
        readFloats(p, e.format, v, 4);
        for (int c = 0; c < 3; ++c)
            out[3 * i + c] = v[c] * sc[c] + tr[c];
        if (normalX) normalX[3 * i] = v[3];
    }
}

// Normals: x from position.w (already in out[3i]), y and z from the element; normalised, with a
// stored zero vector kept and counted.
// Normalises into `out`; a zero vector stays zero and is counted. Branch-free, so the loops
// around it stay straight-line code.
inline std::uint32_t normaliseInto(float x, float y, float z, float* out) {
    const float len2 = x * x + y * y + z * z;
    const bool zero = !(len2 > 0.0f);
    const float inv = zero ? 0.0f : 1.0f / std::sqrt(zero ? 1.0f : len2);
    out[0] = x * inv;
    out[1] = y * inv;
    out[2] = z * inv;
    return zero ? 1u : 0u;
}

std::uint64_t decodeNormals(const MeshSource& s, const ElementSource& e, float* out) {
    const std::uint8_t* p = firstByte(e, s.firstVertex);
    const std::uint64_t n = s.vertexCount;
    const std::uint32_t stride = e.stride;
    std::uint64_t zeros = 0;
    if (e.format == 37) { // the game's form: x was stored in position.w and is already in out[3i]
        for (std::uint64_t i = 0; i < n; ++i, p += stride)
            zeros += normaliseInto(out[3 * i], snorm16(loadLE<std::int16_t>(p)),
                                   snorm16(loadLE<std::int16_t>(p + 2)), out + 3 * i);
        return zeros;
    }
    for (std::uint64_t i = 0; i < n; ++i, p += stride) {
        float v[3];
        if (e.format == 16) {
            readFloats(p, e.format, v + 1, 2);
            v[0] = out[3 * i];
        } else {
            readFloats(p, e.format, v, 3);
        }
        zeros += normaliseInto(v[0], v[1], v[2], out + 3 * i);
    }
    return zeros;
}

// The game's own layout in one pass over both streams: POSITION0 (R16G16B16A16_SNORM, w = normal
// x), NORMAL0 (R16G16_SNORM) and TEXCOORD0 (R16G16_UNORM) in the same stream. Reading each
// stream once is what makes the common case fast.
std::uint64_t decodeFused(const MeshSource& s, const ElementSource& pe, const ElementSource& ne,
                          const ElementSource& te, float* __restrict pos, float* __restrict nrm,
                          float* __restrict uv) {
    const auto& sc = s.positionScale;
    const auto& tr = s.positionTranslate;
    const auto& t = s.uvTransforms[0];
    const float sx = sc[0], sy = sc[1], sz = sc[2], tx = tr[0], ty = tr[1], tz = tr[2];
    const float uOffset = t[0], uScale = t[1] * (1.0f / 65535.0f), vOffset = t[2],
                vScale = t[3] * (1.0f / 65535.0f);
    const std::uint8_t* p = firstByte(pe, s.firstVertex);
    const std::uint8_t* q = firstByte(ne, s.firstVertex);
    const std::uint8_t* u = firstByte(te, s.firstVertex);
    const std::uint32_t ps = pe.stride, qs = ne.stride, us = te.stride;
    std::uint64_t zeros = 0;
    const std::uint64_t n = s.vertexCount;
    // −32768 clamps to −1: clamping the integer to −32767 first gives the same value.
    auto sn = [](const std::uint8_t* at) {
        return static_cast<float>(std::max<std::int16_t>(loadLE<std::int16_t>(at), -32767)) *
               (1.0f / 32767.0f);
    };
    for (std::uint64_t i = 0; i < n; ++i, p += ps, q += qs, u += us) {
        const float x = sn(p), y = sn(p + 2), z = sn(p + 4), w = sn(p + 6), ny = sn(q), nz = sn(q + 2);
        const float uu = static_cast<float>(loadLE<std::uint16_t>(u)),
                    vv = static_cast<float>(loadLE<std::uint16_t>(u + 2));
        float* P = pos + 3 * i;
        P[0] = x * sx + tx;
        P[1] = y * sy + ty;
        P[2] = z * sz + tz;
        zeros += normaliseInto(w, ny, nz, nrm + 3 * i);
        uv[2 * i + 0] = uu * uScale + uOffset;
        uv[2 * i + 1] = vv * vScale + vOffset;
    }
    return zeros;
}

void decodeUvs(const MeshSource& s, const ElementSource& e, float* out) {
    const auto& t = s.uvTransforms[static_cast<std::size_t>(e.set)];
    const float uOffset = t[0], uScale = t[1], vOffset = t[2], vScale = t[3];
    const std::uint8_t* p = firstByte(e, s.firstVertex);
    const std::uint64_t n = s.vertexCount;
    const std::uint32_t stride = e.stride;
    if (e.format == 35) {
        for (std::uint64_t i = 0; i < n; ++i, p += stride) {
            out[2 * i + 0] = unorm16(loadLE<std::uint16_t>(p)) * uScale + uOffset;
            out[2 * i + 1] = unorm16(loadLE<std::uint16_t>(p + 2)) * vScale + vOffset;
        }
        return;
    }
    for (std::uint64_t i = 0; i < n; ++i, p += stride) {
        float v[2];
        readFloats(p, e.format, v, 2);
        out[2 * i + 0] = v[0] * uScale + uOffset;
        out[2 * i + 1] = v[1] * vScale + vOffset;
    }
}

void decodeColors(const MeshSource& s, const ElementSource& e, float* out) {
    const std::uint8_t* p = firstByte(e, s.firstVertex);
    for (std::uint64_t i = 0; i < s.vertexCount; ++i, p += e.stride) {
        if (e.format == 28) {
            for (int c = 0; c < 4; ++c)
                out[4 * i + c] = unorm8(p[c]);
        } else {
            readFloats(p, e.format, out + 4 * i, 4);
        }
    }
}

void decodeTangents(const MeshSource& s, const ElementSource& e, float* out) {
    const std::uint8_t* p = firstByte(e, s.firstVertex);
    for (std::uint64_t i = 0; i < s.vertexCount; ++i, p += e.stride) {
        if (e.format == 24) {
            const Tangent t = unpackTangent(loadLE<std::uint32_t>(p));
            out[4 * i + 0] = t.x;
            out[4 * i + 1] = t.y;
            out[4 * i + 2] = t.z;
            out[4 * i + 3] = t.sign;
        } else {
            float v[4] = {0, 0, 0, 1};
            readFloats(p, e.format, v, e.format == 6 ? 3 : 4);
            out[4 * i + 0] = v[0];
            out[4 * i + 1] = v[1];
            out[4 * i + 2] = v[2];
            out[4 * i + 3] = v[3] < 0.0f ? -1.0f : 1.0f;
        }
    }
}

void decodeSkin(const MeshSource& s, DecodedMesh& d) {
    const std::uint32_t k = s.influences;
    d.influences = k;
    d.weights.resize(s.vertexCount * k);
    d.bones.resize(s.vertexCount * k);
    if (s.vertexCount == 0) return; // no range was checked: the first vertex is not addressed
    const std::uint8_t* p = s.skin.data() + s.skinBase + s.firstVertex * s.skinStride;
    for (std::uint64_t i = 0; i < s.vertexCount; ++i, p += s.skinStride)
        for (std::uint32_t j = 0; j < k; ++j) {
            d.weights[i * k + j] = math::halfToFloat(loadLE<std::uint16_t>(p + 4 * j));
            const float bone = math::halfToFloat(loadLE<std::uint16_t>(p + 4 * j + 2));
            d.bones[i * k + j] =
                bone >= 0.0f && bone < 65535.0f ? static_cast<std::uint16_t>(std::lround(bone)) : 0;
        }
}

void decodeMorphs(const MeshSource& s, DecodedMesh& d) {
    const std::uint32_t n = s.morphTargets;
    // No range was checked for a mesh without vertices: its first vertex is not addressed.
    const std::uint8_t* base =
        s.vertexCount == 0 ? nullptr : s.morph.data() + s.morphBase + s.firstVertex * s.morphStride;
    for (std::uint32_t t = 0; t < n; ++t) {
        MorphDeltas m;
        m.positions.resize(s.vertexCount * 3);
        m.normals.resize(s.vertexCount * 3);
        const std::uint8_t* p = base;
        for (std::uint64_t i = 0; i < s.vertexCount; ++i, p += s.morphStride) {
            const std::uint8_t* dp = p + 8 * t;
            const std::uint8_t* dn = p + 8 * (n + t);
            for (int c = 0; c < 3; ++c) {
                m.positions[3 * i + c] = math::halfToFloat(loadLE<std::uint16_t>(dp + 2 * c));
                m.normals[3 * i + c] = math::halfToFloat(loadLE<std::uint16_t>(dn + 2 * c));
            }
            if (i == 0) {
                const float slot = math::halfToFloat(loadLE<std::uint16_t>(dp + 6));
                m.slot = slot >= 0.0f && slot < 65536.0f ? static_cast<int>(std::lround(slot)) : -1;
            }
        }
        if (m.slot < 0 && s.vertexCount == 0) m.slot = static_cast<int>(t);
        if (m.slot >= 0 && static_cast<std::size_t>(m.slot) < s.morphSlotNames.size())
            m.name = s.morphSlotNames[static_cast<std::size_t>(m.slot)];
        else
            m.name = "weight[" + std::to_string(m.slot) + "]";
        d.morphs.push_back(std::move(m));
    }
}

} // namespace

void decodePositions(const MeshSource& source, float* out) {
    const ElementSource* e = source.find(Semantic::Position);
    if (e && e->layout)
        decodeLaidOutPositions(source, *e, out);
    else if (e)
        decodePositionsInto(source, *e, out, nullptr);
}

DecodedMesh decodeMesh(const MeshSource& s, const DecodeOptions& options) {
    DecodedMesh d;
    decodeMeshInto(s, options, d);
    return d;
}

void decodeMeshInto(const MeshSource& s, const DecodeOptions& options, DecodedMesh& d) {
    d.firstVertex = s.firstVertex;
    d.vertexCount = s.vertexCount;
    d.zeroNormals = 0;
    d.repeats = {};
    d.influences = 0;
    d.morphs.clear();
    const std::uint64_t n = s.vertexCount;
    d.indices.clear();
    if (options.indices) {
        const std::size_t count = s.indexData.size() / s.indexSize;
        d.indices.resize(count);
        const std::uint8_t* p = s.indexData.data();
        if (s.indexSize == 2)
            for (std::size_t i = 0; i < count; ++i)
                d.indices[i] = loadLE<std::uint16_t>(p + 2 * i) - s.minIndex;
        else
            for (std::size_t i = 0; i < count; ++i)
                d.indices[i] = loadLE<std::uint32_t>(p + 4 * i) - s.minIndex;
    }
    // The element ranges were checked for the vertices the mesh reaches; with none, nothing was
    // checked, and no element's first vertex is even addressed.
    const bool vertices = n > 0;
    // Elements with a layout of their own are read in the loop below, in their order.
    const ElementSource* normal = vertices && options.normals ? s.find(Semantic::Normal) : nullptr;
    if (normal && normal->layout) normal = nullptr;
    const ElementSource* position = vertices ? s.find(Semantic::Position) : nullptr;
    if (position && position->layout) position = nullptr;
    ElementClaims claims;
    claims.position = position != nullptr;
    claims.normal = normal != nullptr;
    if (position) d.positions.resize(n * 3);
    if (normal) d.normals.resize(n * 3);
    const ElementSource* uv0 = vertices && options.uvs ? s.find(Semantic::TexCoord, 0) : nullptr;
    if (position && normal && uv0 && !uv0->layout && position->format == 13 && normal->format == 37 &&
        uv0->format == 35) {
        claims.uv[0] = true;
        d.uvs[0].resize(n * 2);
        d.zeroNormals =
            decodeFused(s, *position, *normal, *uv0, d.positions.data(), d.normals.data(), d.uvs[0].data());
    } else {
        if (position)
            decodePositionsInto(s, *position, d.positions.data(), normal ? d.normals.data() : nullptr);
        if (normal) d.zeroNormals = decodeNormals(s, *normal, d.normals.data());
    }
    const std::span<const ElementSource> elements =
        vertices ? std::span(s.elements) : std::span<const ElementSource>();
    for (const ElementSource& e : elements) {
        const auto set = static_cast<std::size_t>(e.set);
        if (e.layout) {
            decodeLaidOut(s, e, options, claims, d);
        } else if (e.semantic == Semantic::TexCoord && options.uvs && !claims.uv[set]) {
            claims.uv[set] = true;
            d.uvs[set].resize(n * 2);
            decodeUvs(s, e, d.uvs[set].data());
        } else if (e.semantic == Semantic::Color && options.colors && !claims.colour[0]) {
            claims.colour[0] = true;
            d.colors.resize(n * 4);
            decodeColors(s, e, d.colors.data());
        } else if (e.semantic == Semantic::Tangent && options.tangents && !claims.tangent[set]) {
            claims.tangent[set] = true;
            d.tangents[set].resize(n * 4);
            decodeTangents(s, e, d.tangents[set].data());
        }
    }
    // What was not read this time is emptied (the storage is kept for the next decode).
    auto keepIf = [](bool read, auto& list) {
        if (!read) list.clear();
    };
    keepIf(claims.position, d.positions);
    keepIf(claims.normal && options.normals, d.normals);
    for (std::size_t k = 0; k < kMaxSets; ++k) {
        keepIf(claims.uv[k] && options.uvs, d.uvs[k]);
        keepIf(claims.tangent[k] && options.tangents, d.tangents[k]);
    }
    keepIf(claims.colour[0] && options.colors, d.colors);
    keepIf(claims.colour[1] && options.colors, d.colors1);
    keepIf(claims.blendIndices && options.skin, d.blendIndices);
    keepIf(claims.blendWeights && options.skin, d.blendWeights);
    keepIf(claims.subMaterial && options.subMaterials, d.subMaterials);
    d.weights.clear();
    d.bones.clear();
    if (options.skin && s.influences > 0) decodeSkin(s, d);
    if (options.morphs && s.morphTargets > 0) decodeMorphs(s, d);
    if (options.repeats && options.indices) d.repeats = countRepeats(s, d);
}

} // namespace assetscope::decode
