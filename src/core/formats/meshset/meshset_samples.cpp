#include "formats/meshset/meshset_samples.h"

#include "bytes/ascii_case.h"
#include "formats/meshset/djb2_hash.h"
#include "formats/meshset/meshset_geometry.h"
#include "formats/meshset/meshset_writer.h"
#include "formats/meshset/tangent_space.h"
#include "formats/meshset/vertex_format.h"
#include "math/half_float.h"
#include "math/vector_ops.h"

#include <cmath>
#include <cstring>

namespace assetscope::meshset {

namespace {

using Vector3f = std::array<float, 3>;

struct Vertex {
    Vector3f pos{};
    Vector3f normal{0, 1, 0};
    Vector3f tangent{1, 0, 0};
    float sign = 1;
    std::array<float, 2> uv{};
    std::array<std::uint8_t, 4> color{255, 255, 255, 255};
    std::array<std::uint16_t, 4> joints{};
    std::array<std::uint8_t, 4> weights{255, 0, 0, 0};
};

struct Shape {
    std::vector<Vertex> vertices;
    std::vector<std::uint32_t> indices;
};

// One element as the writer lays it out: usage, format, byte offset within its stream.
struct ElementSpec {
    std::uint8_t usage;
    std::uint8_t format;
    std::uint8_t offset;
    std::uint8_t stream;
};

VertexDeclaration declaration(const std::vector<ElementSpec>& elements,
                              const std::vector<std::uint8_t>& strides) {
    VertexDeclaration d;
    for (std::size_t i = 0; i < elements.size(); ++i)
        d.elements[i] = {elements[i].usage, elements[i].format, elements[i].offset, elements[i].stream};
    for (std::size_t i = 0; i < strides.size(); ++i)
        d.streams[i] = {strides[i], 0};
    d.elementCount = static_cast<std::uint8_t>(elements.size());
    d.streamCount = static_cast<std::uint8_t>(strides.size());
    return d;
}

void putBytes(Bytes& out, std::size_t at, const void* p, std::size_t n) {
    std::memcpy(out.data() + at, p, n);
}

void encodeElement(Bytes& out, std::size_t at, const ElementSpec& e, const Vertex& v) {
    switch (e.usage) {
    case kUsagePosition:
        if (e.format == 0x03) {
            putBytes(out, at, v.pos.data(), 12);
        } else { // Half4, w = 1
            const std::uint16_t h[4] = {math::floatToHalf(v.pos[0]), math::floatToHalf(v.pos[1]),
                                        math::floatToHalf(v.pos[2]), math::floatToHalf(1.0f)};
            putBytes(out, at, h, 8);
        }
        break;
    case kUsageTangentSpace: {
        const auto packed = encodeTangentSpace(v.normal, v.tangent, v.sign);
        putBytes(out, at, packed.data(), 4);
        break;
    }
    case kUsageUv0: {
        const std::uint16_t h[2] = {math::floatToHalf(v.uv[0]), math::floatToHalf(v.uv[1])};
        putBytes(out, at, h, 4);
        break;
    }
    case kUsageColor0:
        putBytes(out, at, v.color.data(), 4);
        break;
    case kUsageColor1: { // a second colour set: one fixed tint, (64, 128, 192, 255) / 255
        const std::uint8_t tint[4] = {0x40, 0x80, 0xC0, 0xFF};
        putBytes(out, at, tint, 4);
        break;
    }
    case kUsageSubmaterial: { // UByte4: selector 3 in the first byte
        const std::uint8_t selector[4] = {3, 0, 0, 0};
        putBytes(out, at, selector, 4);
        break;
    }
    case kUsageBlendIndices:
        if (e.format == 0x0C) { // UByte4
            const std::uint8_t j[4] = {std::uint8_t(v.joints[0]), std::uint8_t(v.joints[1]),
                                       std::uint8_t(v.joints[2]), std::uint8_t(v.joints[3])};
            putBytes(out, at, j, 4);
        } else {
            putBytes(out, at, v.joints.data(), 8);
        }
        break;
    case kUsageBlendWeights:
        putBytes(out, at, v.weights.data(), 4);
        break;
    default:
        break;
    }
}

// Builds one LOD's vertex and index buffers section by section.
class LodBuilder {
public:
    explicit LodBuilder(std::uint32_t indexFormat) : m_indexFormat(indexFormat) {}

    Section add(const Shape& shape, const std::vector<ElementSpec>& elements,
                const std::vector<std::uint8_t>& strides, std::string material, std::uint8_t flags,
                std::uint8_t slot) {
        Section s;
        s.materialName = std::move(material);
        s.materialNameHash = djb2Xor(asciiLower(s.materialName));
        s.materialKey = 0x51a7e00000000000ull | djb2Xor(s.materialName);
        s.flags = flags;
        s.materialSlot = slot;
        s.stored = declaration(elements, strides);
        s.draw = s.stored;
        s.vertexOffset = static_cast<std::uint32_t>(m_vb.size());
        s.vertexCount = static_cast<std::uint32_t>(shape.vertices.size());
        s.startIndex = static_cast<std::uint32_t>(m_indexCount);
        s.primitiveCount = static_cast<std::uint32_t>(shape.indices.size() / 3);
        std::uint32_t total = 0;
        for (std::uint8_t st : strides)
            total += st;
        s.vertexStride = static_cast<std::uint8_t>(total);
        std::size_t streamAt = m_vb.size();
        m_vb.resize(m_vb.size() + std::size_t{total} * shape.vertices.size(), 0);
        for (std::size_t k = 0; k < strides.size(); ++k) {
            for (std::size_t v = 0; v < shape.vertices.size(); ++v)
                for (const ElementSpec& e : elements)
                    if (e.stream == k)
                        encodeElement(m_vb, streamAt + v * strides[k] + e.offset, e, shape.vertices[v]);
            streamAt += std::size_t{strides[k]} * shape.vertices.size();
        }
        for (std::uint32_t i : shape.indices) {
            if (m_indexFormat == kIndex32) {
                for (int b = 0; b < 4; ++b)
                    m_ib.push_back(static_cast<std::uint8_t>(i >> (8 * b)));
            } else {
                m_ib.push_back(static_cast<std::uint8_t>(i));
                m_ib.push_back(static_cast<std::uint8_t>(i >> 8));
            }
        }
        m_indexCount += shape.indices.size();
        s.boundsMin = {1e30f, 1e30f, 1e30f, 0};
        s.boundsMax = {-1e30f, -1e30f, -1e30f, 0};
        for (const Vertex& v : shape.vertices)
            for (int c = 0; c < 3; ++c) {
                s.boundsMin[c] = std::min(s.boundsMin[c], v.pos[c]);
                s.boundsMax[c] = std::max(s.boundsMax[c], v.pos[c]);
            }
        return s;
    }

    // Fills the LOD's buffer fields and its sections' measured values; returns VB then IB.
    Bytes finish(Lod& lod) {
        while (m_vb.size() % 16)
            m_vb.push_back(0);
        lod.indexFormat = m_indexFormat;
        lod.vertexBufferBytes = static_cast<std::uint32_t>(m_vb.size());
        lod.indexBufferBytes = static_cast<std::uint32_t>(m_ib.size());
        Bytes geometry = m_vb;
        geometry.insert(geometry.end(), m_ib.begin(), m_ib.end());
        for (Section& s : lod.sections) {
            GeometryError error;
            if (const auto g = decodeSection(lod, s, geometry, error)) {
                s.surfaceArea = static_cast<float>(surfaceArea(*g));
                s.uv0Density = static_cast<float>(uv0TexelDensity(*g));
            }
        }
        return geometry;
    }

private:
    std::uint32_t m_indexFormat;
    Bytes m_vb, m_ib;
    std::size_t m_indexCount = 0;
};

using math::add;
using math::cross;
using math::scaled;

// A quad facing `n`, U along `u` and V along `v` (UV (0,0) at centre - u/2 - v/2).
void quad(Shape& shape, const Vector3f& centre, const Vector3f& n, const Vector3f& u, const Vector3f& v,
          float uScale = 1, float vScale = 1) {
    const auto base = static_cast<std::uint32_t>(shape.vertices.size());
    const Vector3f nu = cross(n, u);
    const float sign = math::dot(nu, v) >= 0 ? 1.0f : -1.0f;
    const float len = math::length(u);
    const Vector3f tangent = scaled(u, 1.0f / len);
    const float corners[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    for (const auto& c : corners) {
        Vertex vx;
        vx.pos = add(centre, add(scaled(u, c[0] - 0.5f), scaled(v, c[1] - 0.5f)));
        vx.normal = n;
        vx.tangent = tangent;
        vx.sign = sign;
        vx.uv = {c[0] * uScale, c[1] * vScale};
        shape.vertices.push_back(vx);
    }
    for (std::uint32_t i : {0u, 1u, 2u, 0u, 2u, 3u})
        shape.indices.push_back(base + i);
}

// An axis-aligned box of half extents h around c, one quad per face.
Shape box(const Vector3f& c, const Vector3f& h) {
    Shape s;
    const Vector3f x{1, 0, 0}, y{0, 1, 0}, z{0, 0, 1};
    auto face = [&](const Vector3f& n, const Vector3f& u, const Vector3f& v, float nh, float uh, float vh) {
        quad(s, add(c, scaled(n, nh)), n, scaled(u, 2 * uh), scaled(v, 2 * vh));
    };
    face(x, scaled(z, -1), scaled(y, -1), h[0], h[2], h[1]);
    face(scaled(x, -1), z, scaled(y, -1), h[0], h[2], h[1]);
    face(y, x, z, h[1], h[0], h[2]);
    face(scaled(y, -1), x, scaled(z, -1), h[1], h[0], h[2]);
    face(z, x, scaled(y, -1), h[2], h[0], h[1]);
    face(scaled(z, -1), scaled(x, -1), scaled(y, -1), h[2], h[0], h[1]);
    return s;
}

Lod makeLod(const std::string& meshName, std::size_t index, std::uint32_t flags, const char* guid) {
    Lod lod;
    lod.raw.assign(lodRecordStride(kLodRigid), 0);
    lod.flags = flags;
    lod.name = "Mesh:" + meshName + "_lod" + std::to_string(index);
    lod.namePartOffset = 5;
    lod.nameLastPartOffset = static_cast<std::uint32_t>(lod.name.rfind('/') + 1);
    lod.pathPartHash = djb2Xor(meshName + "_lod0"); // every LOD's record hashes LOD 0's name
    if (guid) lod.chunk = *guidFromText(guid);
    return lod;
}

MeshSet makeMesh(const std::string& name, std::uint8_t type) {
    MeshSet m;
    m.meshType = type;
    m.headerBytes = type == 0 ? kHeaderRigid : kHeaderBoned;
    m.lodRecordBytes = type == 0 ? kLodRigid : type == 1 ? kLodBoneMap : kLodBoneMasks;
    m.headerRaw.assign(m.headerBytes, 0);
    m.headerRaw[0x7D] = 3;
    m.name = name;
    m.nameLastPartOffset = static_cast<std::uint32_t>(name.rfind('/') + 1);
    m.nameHash = djb2Xor(name);
    return m;
}

void finishBounds(MeshSet& m) {
    m.boundsMin = {1e30f, 1e30f, 1e30f, 0};
    m.boundsMax = {-1e30f, -1e30f, -1e30f, 0};
    for (const Lod& lod : m.lods)
        for (const Section& s : lod.sections)
            for (int c = 0; c < 3; ++c) {
                m.boundsMin[c] = std::min(m.boundsMin[c], s.boundsMin[c]);
                m.boundsMax[c] = std::max(m.boundsMax[c], s.boundsMax[c]);
            }
}

const std::vector<ElementSpec> kRigidElements = {{kUsagePosition, 0x03, 0, 0},
                                                 {kUsageTangentSpace, 0x0D, 0, 1},
                                                 {kUsageUv0, 0x06, 4, 1},
                                                 {kUsageColor0, 0x0D, 8, 1}};
const std::vector<std::uint8_t> kRigidStrides = {12, 12};
const std::vector<ElementSpec> kDecalElements = {
    {kUsagePosition, 0x08, 0, 0}, {kUsageTangentSpace, 0x0D, 0, 1}, {kUsageUv0, 0x06, 4, 1}};
const std::vector<std::uint8_t> kDecalStrides = {8, 8};
const std::vector<ElementSpec> kShadowElements = {{kUsagePosition, 0x03, 0, 0}};
// The development rock also carries a second colour set and a submaterial selector.
const std::vector<ElementSpec> kDevElements = {
    {kUsagePosition, 0x03, 0, 0}, {kUsageTangentSpace, 0x0D, 0, 1}, {kUsageUv0, 0x06, 4, 1},
    {kUsageColor0, 0x0D, 8, 1},   {kUsageColor1, 0x0D, 12, 1},      {kUsageSubmaterial, 0x0C, 16, 1}};
const std::vector<std::uint8_t> kDevStrides = {12, 20};
const std::vector<std::uint8_t> kShadowStrides = {12};

} // namespace

std::string chunkFileName(const Guid& guid) {
    return guidText(guid) + ".chunk";
}

SampleMeshSet rigidSample() {
    SampleMeshSet out;
    out.path = "frostbite/props/sample_crate.meshset";
    MeshSet m = makeMesh("props/sample_crate", 0);
    m.flags = kHeaderGeometryInChunks;
    const Shape crate = box({0, 0.25f, 0}, {0.25f, 0.25f, 0.25f});
    Shape decal;
    quad(decal, {0, 0.502f, 0}, {0, 1, 0}, {0.3f, 0, 0}, {0, 0, 0.2f});
    const Shape shadow = box({0, 0.25f, 0}, {0.24f, 0.24f, 0.24f});

    Lod lod0 = makeLod(m.name, 0, kLodGeometryIsChunk, "5f1e3c2a-9b7d-4e61-a0c4-1d2e3f405162");
    LodBuilder b0(kIndex16);
    lod0.sections.push_back(b0.add(crate, kRigidElements, kRigidStrides, "Props/Crate_Wood", 0x0e, 0));
    lod0.sections.push_back(
        b0.add(decal, kDecalElements, kDecalStrides, "Props/Crate_Stencil_Decal", 0x0a, 1));
    lod0.sections.push_back(
        b0.add(shadow, kShadowElements, kShadowStrides, "Props/Crate_ShadowProxy", 0x04, 2));
    lod0.sectionLists = {{{0}, {}, {1}, {0}, {0, 2}}};
    out.chunks.emplace_back(lod0.chunk, b0.finish(lod0));

    Lod lod1 = makeLod(m.name, 1, kLodGeometryIsChunk | 1u, "0c7d9a18-33e2-4f05-8b6a-7e91d2c4a0f3");
    LodBuilder b1(kIndex32);
    lod1.sections.push_back(b1.add(crate, kRigidElements, kRigidStrides, "Props/Crate_Wood", 0x0a, 0));
    lod1.sections.push_back(
        b1.add(shadow, kShadowElements, kShadowStrides, "Props/Crate_ShadowProxy", 0x04, 2));
    lod1.sectionLists = {{{0}, {}, {}, {1}, {1}}};
    out.chunks.emplace_back(lod1.chunk, b1.finish(lod1));

    m.lods = {std::move(lod0), std::move(lod1)};
    finishBounds(m);
    out.mesh = std::move(m);
    return out;
}

SampleMeshSet skinnedSample() {
    SampleMeshSet out;
    out.path = "frostbite/characters/sample_bendy_bar.meshset";
    MeshSet m = makeMesh("characters/sample_bendy_bar", 1);
    m.flags = kHeaderGeometryInChunks;
    // Two stacked boxes; the lower follows bone 0 of the LOD's map, the upper bone 1, the
    // middle ring is shared half and half.
    Shape bar = box({0, 0.5f, 0}, {0.1f, 0.5f, 0.1f});
    for (Vertex& v : bar.vertices) {
        const float t = v.pos[1];
        v.joints = {0, 1, 0, 0};
        const auto upper = static_cast<std::uint8_t>(std::lround(255.0f * std::clamp(t, 0.0f, 1.0f)));
        v.weights = {static_cast<std::uint8_t>(255 - upper), upper, 0, 0};
    }
    const std::vector<ElementSpec> elements = {{kUsagePosition, 0x03, 0, 0},
                                               {kUsageBlendIndices, 0x17, 12, 0},
                                               {kUsageBlendWeights, 0x0D, 20, 0},
                                               {kUsageTangentSpace, 0x0D, 0, 1},
                                               {kUsageUv0, 0x06, 4, 1}};
    Lod lod = makeLod(m.name, 0, kLodGeometryIsChunk, "a1b2c3d4-e5f6-4789-9abc-def012345678");
    lod.raw.assign(lodRecordStride(kLodBoneMap), 0);
    LodBuilder b(kIndex16);
    Section s = b.add(bar, elements, {24, 8}, "Characters/Bendy_Skin", 0x0e, 0);
    s.boneList = {0, 1};
    lod.sections.push_back(std::move(s));
    lod.sectionLists = {{{0}, {}, {}, {0}, {0}}};
    lod.boneMap = {5, 9};
    out.chunks.emplace_back(lod.chunk, b.finish(lod));
    m.lods.push_back(std::move(lod));
    m.boneCount = 12;
    m.boundedBoneIds = {5, 9};
    m.boneBounds = {{-0.1f, 0.0f, -0.1f, 0.0f, 0.1f, 0.5f, 0.1f, 0.0f},
                    {-0.1f, 0.5f, -0.1f, 0.0f, 0.1f, 1.0f, 0.1f, 0.0f}};
    finishBounds(m);
    m.metadata = Metadata{};
    m.metadata = computeMetadata(m);
    out.mesh = std::move(m);
    return out;
}

SampleMeshSet compositeSample() {
    SampleMeshSet out;
    out.path = "frostbite/props/sample_hinged_lamp.meshset";
    MeshSet m = makeMesh("props/sample_hinged_lamp", 2);
    m.flags = kHeaderGeometryInChunks;
    // A base and an arm, each rigidly bound to one bone through its section's bone list.
    const std::vector<ElementSpec> elements = {{kUsagePosition, 0x03, 0, 0},
                                               {kUsageBlendIndices, 0x0C, 12, 0},
                                               {kUsageTangentSpace, 0x0D, 0, 1},
                                               {kUsageUv0, 0x06, 4, 1}};
    Shape base = box({0, 0.05f, 0}, {0.15f, 0.05f, 0.15f});
    Shape arm = box({0, 0.4f, 0}, {0.03f, 0.3f, 0.03f});
    for (Vertex& v : base.vertices)
        v.joints = {0, 0, 0, 0};
    for (Vertex& v : arm.vertices)
        v.joints = {0, 0, 0, 0};
    Lod lod = makeLod(m.name, 0, kLodGeometryIsChunk, "3c4d5e6f-7081-4293-a4b5-c6d7e8f90a1b");
    lod.raw.assign(lodRecordStride(kLodBoneMasks), 0);
    LodBuilder b(kIndex16);
    Section s0 = b.add(base, elements, {16, 8}, "Props/Lamp_Metal", 0x0e, 0);
    s0.boneList = {0};
    s0.boneMask[0] = 0x01;
    Section s1 = b.add(arm, elements, {16, 8}, "Props/Lamp_Metal", 0x0e, 0);
    s1.boneList = {1};
    s1.boneMask[0] = 0x02;
    lod.sections = {std::move(s0), std::move(s1)};
    lod.sectionLists = {{{0, 1}, {}, {}, {0, 1}, {0, 1}}};
    out.chunks.emplace_back(lod.chunk, b.finish(lod));
    m.lods.push_back(std::move(lod));
    m.boneCount = 2; // no bounded bone ids: one bounds entry per bone
    m.boneBounds = {{-0.15f, 0.0f, -0.15f, 0.0f, 0.15f, 0.1f, 0.15f, 0.0f},
                    {-0.03f, 0.1f, -0.03f, 0.0f, 0.03f, 0.7f, 0.03f, 0.0f}};
    finishBounds(m);
    out.mesh = std::move(m);
    return out;
}

SampleMeshSet inlineSample() {
    SampleMeshSet out;
    out.path = "frostbite/dev/sample_inline_rock.meshset";
    MeshSet m = makeMesh("dev/sample_inline_rock", 0);
    m.flags = 0; // bit 0 clear: the geometry is inside the resource
    Shape rock = box({0, 0.3f, 0}, {0.4f, 0.3f, 0.35f});
    Lod lod = makeLod(m.name, 0, 0, nullptr);
    LodBuilder b(kIndex16);
    lod.sections.push_back(b.add(rock, kDevElements, kDevStrides, "Dev/Rock_Grey", 0x0e, 0));
    lod.sectionLists = {{{0}, {}, {}, {0}, {0}}};
    m.trailing = b.finish(lod);
    m.trailing.insert(m.trailing.end(), 4, 0);
    m.lods.push_back(std::move(lod));
    finishBounds(m);
    out.mesh = std::move(m);
    return out;
}

} // namespace assetscope::meshset

namespace assetscope::samples {

SampleFiles meshsetSamples() {
    SampleFiles files;
    for (const auto& sample : {meshset::rigidSample(), meshset::skinnedSample(), meshset::compositeSample(),
                               meshset::inlineSample()}) {
        files.push_back({sample.path, meshset::writeMeshSet(sample.mesh)});
        const std::string folder = sample.path.substr(0, sample.path.rfind('/') + 1);
        for (const auto& [guid, bytes] : sample.chunks)
            files.push_back({folder + meshset::chunkFileName(guid), bytes});
    }
    return files;
}

} // namespace assetscope::samples
