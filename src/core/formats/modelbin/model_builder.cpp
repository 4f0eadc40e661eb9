#include "formats/modelbin/model_builder.h"

#include "bytes/byte_writer.h"
#include "decode/vertex_formats.h"
#include "formats/grub/bundle_writer.h"
#include "formats/modelbin/model_writer.h"
#include "math/half_float.h"
#include "shading/material_instance.h"
#include "shading/sample_parameters.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <map>
#include <set>
#include <tuple>

namespace assetscope::modelbin {

namespace {

std::int16_t toSnorm16(float v) {
    return static_cast<std::int16_t>(std::lround(std::clamp(v, -1.0f, 1.0f) * 32767.0f));
}
std::uint16_t toUnorm16(float v) {
    return static_cast<std::uint16_t>(std::lround(std::clamp(v, 0.0f, 1.0f) * 65535.0f));
}
std::uint8_t toUnorm8(float v) {
    return static_cast<std::uint8_t>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f));
}
std::uint32_t toUnorm10(float v) {
    return static_cast<std::uint32_t>(std::lround(std::clamp((v + 1.0f) * 0.5f, 0.0f, 1.0f) * 1023.0f));
}

struct LayoutKey {
    bool normals;
    int uvSets;
    bool colors;
    bool tangents;
    auto tie() const { return std::tie(normals, uvSets, colors, tangents); }
    bool operator<(const LayoutKey& o) const { return tie() < o.tie(); }
    std::uint32_t slot1Stride() const {
        return 4u * ((normals ? 1 : 0) + uvSets + (colors ? 1 : 0) + (tangents ? uvSets : 0));
    }
};

VertexLayout makeLayout(const LayoutKey& k) {
    VertexLayout l;
    l.version = {1, 1};
    auto nameIndex = [&](const char* name) {
        const auto it = std::find(l.semanticNames.begin(), l.semanticNames.end(), name);
        if (it != l.semanticNames.end()) return static_cast<std::int16_t>(it - l.semanticNames.begin());
        l.semanticNames.emplace_back(name);
        return static_cast<std::int16_t>(l.semanticNames.size() - 1);
    };
    auto element = [&](const char* name, int index, int slot, std::uint32_t format) {
        LayoutElement e;
        e.semanticNameIndex = nameIndex(name);
        e.semanticIndex = static_cast<std::int16_t>(index);
        e.inputSlot = static_cast<std::int16_t>(slot);
        e.format = static_cast<std::int32_t>(format);
        e.alignedOffset = -1;
        l.elements.push_back(e);
        l.packedFormats.push_back(static_cast<std::int32_t>(format));
    };
    element("POSITION", 0, 0, dxgi::R16G16B16A16_SNORM);
    if (k.normals) element("NORMAL", 0, 1, dxgi::R16G16_SNORM);
    for (int s = 0; s < k.uvSets; ++s) {
        element("TEXCOORD", s, 1, dxgi::R16G16_UNORM);
        l.flags |= 1u << s;
    }
    if (k.colors) {
        element("COLOR", 0, 1, dxgi::R8G8B8A8_UNORM);
        l.flags |= 0x400;
    }
    if (k.tangents)
        for (int s = 0; s < k.uvSets; ++s) {
            element("TANGENT", s, 1, dxgi::R10G10B10A2_UNORM);
            l.flags |= 0x20u << s;
        }
    return l;
}

// An instance layout as a renderer would declare one: a 3×4 world matrix as three float4
// TEXCOORD rows (5 to 7) appended in slot 2, stepped once per instance (D3D11's per-instance
// class 1). TEXCOORD5 and above have no bit in the flags word.
VertexLayout makeInstanceLayout() {
    VertexLayout l;
    l.version = {1, 1};
    l.instanceLayout = true;
    l.semanticNames = {"TEXCOORD"};
    for (std::int16_t row = 0; row < 3; ++row) {
        LayoutElement e;
        e.semanticIndex = static_cast<std::int16_t>(5 + row);
        e.inputSlot = 2;
        e.inputSlotClass = 1;
        e.format = static_cast<std::int32_t>(dxgi::R32G32B32A32_FLOAT);
        e.alignedOffset = -1; // append, as every element the census saw
        e.stepRate = 1;
        l.elements.push_back(e);
        l.packedFormats.push_back(e.format);
    }
    return l;
}

// Vertices of meshes that share a layout, skinning and morph shape share their buffers, as
// the game's do; each mesh then starts at its indexed vertex offset.
struct StreamGroup {
    LayoutKey layout;
    int influences = 0;
    std::size_t morphs = 0;
    ByteWriter slot0, slot1, skin, morph;
    std::uint32_t vertexCount = 0;
    std::int32_t slot0Id = -1, slot1Id = -1, skinId = -1, morphId = -1;
};

float acmrOf(const std::vector<std::uint32_t>& indices) {
    // Average cache misses per triangle for a 16-entry FIFO post-transform cache.
    std::deque<std::uint32_t> cache;
    std::uint64_t misses = 0;
    for (std::uint32_t i : indices) {
        if (std::find(cache.begin(), cache.end(), i) != cache.end()) continue;
        ++misses;
        cache.push_back(i);
        if (cache.size() > 16) cache.pop_front();
    }
    return indices.size() < 3 ? 0.0f : static_cast<float>(misses) / static_cast<float>(indices.size() / 3);
}

Buffer makeBuffer(Model& model, std::uint32_t tag, std::uint32_t id, BufferHeader header,
                  const Bytes& payload) {
    grub::Blob blob;
    blob.tag = tag;
    blob.versionMajor = 1;
    blob.versionMinor = tag == kIndBTag ? 0 : 1;
    blob.metadata.push_back(grub::idMetadata(id));
    Buffer b;
    b.tag = tag;
    b.version = {blob.versionMajor, blob.versionMinor};
    b.blob = model.bundle.blobs.size();
    b.id = id;
    header.size = static_cast<std::int32_t>(payload.size());
    b.header = header;
    b.payloadOffset = Buffer::headerSize(b.version);
    b.payloadSize = payload.size();
    Bytes data = writeBufferHeader(header, b.version);
    data.insert(data.end(), payload.begin(), payload.end());
    blob.data = std::move(data);
    model.roles.emplace_back(BlobRole::Buffer, model.buffers.size());
    model.bundle.blobs.push_back(std::move(blob));
    model.buffers.push_back(b);
    return b;
}

void encodeVertices(const BuildMesh& mesh, const MeshRecord& rec, StreamGroup& g,
                    const std::map<std::string, std::size_t>& slotOf) {
    const auto& sc = rec.positionScale;
    const auto& tr = rec.positionTranslate;
    for (std::size_t vi = 0; vi < mesh.vertices.size(); ++vi) {
        const BuildVertex& v = mesh.vertices[vi];
        for (int c = 0; c < 3; ++c)
            g.slot0.i16(toSnorm16((v.position[c] - tr[c]) / sc[c]));
        g.slot0.i16(mesh.normals ? toSnorm16(v.normal[0]) : 0);
        if (g.layout.normals) {
            g.slot1.i16(toSnorm16(v.normal[1]));
            g.slot1.i16(toSnorm16(v.normal[2]));
        }
        for (int s = 0; s < g.layout.uvSets; ++s) {
            const BVec2& uv = s == 0 ? v.uv0 : v.uv1;
            const UvTransform& t = rec.uvTransforms[static_cast<std::size_t>(s)];
            g.slot1.u16(toUnorm16((uv[0] - t[0]) / t[1]));
            g.slot1.u16(toUnorm16((uv[1] - t[2]) / t[3]));
        }
        if (g.layout.colors)
            for (int c = 0; c < 4; ++c)
                g.slot1.u8(toUnorm8(v.color[c]));
        if (g.layout.tangents)
            for (int s = 0; s < g.layout.uvSets; ++s)
                g.slot1.u32(toUnorm10(v.tangent[0]) | toUnorm10(v.tangent[1]) << 10 |
                            toUnorm10(v.tangent[2]) << 20 | (v.tangent[3] >= 0 ? 2u : 0u) << 30);
        for (int j = 0; j < g.influences; ++j) {
            g.skin.u16(math::floatToHalf(j < 4 ? v.weights[static_cast<std::size_t>(j)] : 0.0f));
            g.skin.u16(math::floatToHalf(j < 4 ? float(v.bones[static_cast<std::size_t>(j)]) : 0.0f));
        }
        for (int part = 0; part < 2; ++part)
            for (const BuildMorph& m : mesh.morphs) {
                const auto& deltas = part == 0 ? m.positionDeltas : m.normalDeltas;
                const BVec3 d = vi < deltas.size() ? deltas[vi] : BVec3{0, 0, 0};
                const auto slot = slotOf.count(m.name) ? slotOf.at(m.name) : 0;
                for (int c = 0; c < 3; ++c)
                    g.morph.u16(math::floatToHalf(d[c]));
                g.morph.u16(math::floatToHalf(static_cast<float>(slot)));
            }
    }
    g.vertexCount += static_cast<std::uint32_t>(mesh.vertices.size());
}

void fitTransforms(const BuildMesh& mesh, MeshRecord& rec) {
    if (rec.version.atLeast(1, 8) && !mesh.vertices.empty()) {
        BVec3 lo = mesh.vertices[0].position, hi = lo;
        for (const auto& v : mesh.vertices)
            for (int c = 0; c < 3; ++c) {
                lo[c] = std::min(lo[c], v.position[c]);
                hi[c] = std::max(hi[c], v.position[c]);
            }
        for (int c = 0; c < 3; ++c) {
            rec.positionTranslate[c] = (lo[c] + hi[c]) * 0.5f;
            rec.positionScale[c] = std::max((hi[c] - lo[c]) * 0.5f, 1e-3f);
        }
        rec.positionScale[3] = 1.0f;
    }
    if (rec.version.atLeast(1, 5) && !mesh.identityUvTransform && !mesh.vertices.empty())
        for (int s = 0; s < mesh.uvSets; ++s) {
            float lo[2] = {1e30f, 1e30f}, hi[2] = {-1e30f, -1e30f};
            for (const auto& v : mesh.vertices) {
                const BVec2& uv = s == 0 ? v.uv0 : v.uv1;
                for (int c = 0; c < 2; ++c) {
                    lo[c] = std::min(lo[c], uv[c]);
                    hi[c] = std::max(hi[c], uv[c]);
                }
            }
            UvTransform& t = rec.uvTransforms[static_cast<std::size_t>(s)];
            t = {lo[0], hi[0] > lo[0] ? hi[0] - lo[0] : 1.0f, lo[1], hi[1] > lo[1] ? hi[1] - lo[1] : 1.0f};
        }
}

void addSkeleton(Model& model, const BuildModel& spec) {
    model.skeleton.emplace();
    model.skeleton->bones = spec.bones;
    if (model.skeleton->bones.empty()) {
        Bone root;
        root.name = "root";
        model.skeleton->bones.push_back(root);
    }
    grub::Blob skel;
    skel.tag = kSkelTag;
    skel.versionMajor = 1;
    skel.versionMinor = 0;
    model.roles.emplace_back(BlobRole::Skeleton, 0);
    model.bundle.blobs.push_back(std::move(skel));
}

// An empty slot is a bare MatI; a derived instance nests a bundle naming its parent (MATI) and
// holding its parameters (MTPR).
grub::Blob materialBlob(const BuildMaterial& mat) {
    std::vector<grub::Metadata> meta{grub::nameMetadata(mat.name), grub::idMetadata(mat.id)};
    if (mat.parent.empty()) {
        grub::Blob blob;
        blob.tag = kMatITag;
        blob.versionMajor = 1;
        blob.metadata = std::move(meta);
        return blob;
    }
    // The instance overrides one parameter: a neutral tint, so that every slot holds a record.
    std::vector<shading::ParameterRecord> records{
        shading::makeRecord({3, 1}, shading::sample_parameters::hashOf("DiffTintColorParam"),
                            ParameterType::Color, {1.0f, 1.0f, 1.0f, 1.0f})};
    grub::Bundle inner = shading::makeInstanceBundle(mat.parent, std::move(records));
    // The MATI blob's Name metadata repeats the path, where "where is this used?" finds it.
    inner.blobs[0].metadata.push_back(grub::nameMetadata(mat.parent));
    return grub::nestedBlob(kMatITag, 1, 0, inner, std::move(meta));
}

void addMaterials(Model& model, const BuildModel& spec) {
    for (const BuildMaterial& mat : spec.materials) {
        MaterialSlot slot;
        slot.blob = model.bundle.blobs.size();
        slot.empty = mat.parent.empty();
        slot.id = mat.id;
        slot.name = mat.name;
        model.roles.emplace_back(BlobRole::Material, model.materials.size());
        model.materials.push_back(slot);
        model.bundle.blobs.push_back(materialBlob(mat));
    }
}

// What the mesh pass leaves for the buffers: one index stream for every mesh, the distinct
// layouts in first-use order and the vertex stream groups.
struct MeshStreams {
    bool wide = false; // 32-bit indices for every mesh
    ByteWriter indexBytes;
    std::uint32_t indexTotal = 0;
    std::map<LayoutKey, std::int32_t> layoutIds;
    std::vector<LayoutKey> layoutKeys;
    std::vector<StreamGroup> groups;
    std::vector<std::size_t> meshGroup; // per mesh, the group its vertices went into
};

std::int32_t layoutIdFor(MeshStreams& s, const LayoutKey& key) {
    if (!s.layoutIds.count(key)) {
        s.layoutIds[key] = static_cast<std::int32_t>(s.layoutKeys.size());
        s.layoutKeys.push_back(key);
    }
    return s.layoutIds[key];
}

std::size_t groupFor(std::vector<StreamGroup>& groups, const LayoutKey& key, const BuildMesh& bm) {
    std::size_t gi = 0;
    while (gi < groups.size() &&
           !(!(groups[gi].layout < key) && !(key < groups[gi].layout) &&
             groups[gi].influences == bm.influences && groups[gi].morphs == bm.morphs.size()))
        ++gi;
    if (gi == groups.size()) {
        groups.emplace_back();
        groups.back().layout = key;
        groups.back().influences = bm.influences;
        groups.back().morphs = bm.morphs.size();
    }
    return gi;
}

// The record of mesh `mi`, drawn from the index stream's current end and its group's next vertex.
MeshRecord meshRecord(const BuildMesh& bm, std::size_t mi, const MeshStreams& s, const StreamGroup& g,
                      std::int32_t layoutId) {
    MeshRecord rec;
    rec.version = bm.version;
    rec.name = bm.name;
    rec.materialGroups = bm.materialGroups;
    if (!rec.version.atLeast(1, 13)) rec.materialGroups.resize(1);
    if (!rec.version.atLeast(1, 9))
        rec.materialGroups[0] = {rec.materialGroups[0][1], rec.materialGroups[0][1], rec.materialGroups[0][1],
                                 rec.materialGroups[0][1]};
    rec.rigidBoneIndex = bm.rigidBone;
    rec.lodFlags = bm.lodFlags;
    rec.bucketFlags = bm.bucketFlags;
    rec.bucketOrder = bm.bucketOrder;
    rec.skinningElements = static_cast<std::uint8_t>(bm.influences);
    rec.morphTargetCount = static_cast<std::uint32_t>(bm.morphs.size());
    rec.is32BitIndices = s.wide ? 1 : 0;
    rec.indexBufferIndex = 0;
    rec.drawOffset = static_cast<std::int32_t>(s.indexTotal);
    rec.indexedVertexOffset = static_cast<std::int32_t>(g.vertexCount);
    rec.indexCount = static_cast<std::int32_t>(bm.indices.size());
    rec.primitiveCount = rec.indexCount / 3;
    if (rec.version.atLeast(1, 6)) {
        const std::set<std::uint32_t> distinct(bm.indices.begin(), bm.indices.end());
        rec.referencedVertexCount = static_cast<std::uint32_t>(distinct.size());
        rec.acmr = acmrOf(bm.indices);
        if (rec.version.atLeast(1, 11)) rec.referencedVertices.assign(distinct.begin(), distinct.end());
    }
    rec.layoutIndex = layoutId;
    rec.sourceMeshIndex = static_cast<std::uint32_t>(mi);
    fitTransforms(bm, rec);
    return rec;
}

void addMeshes(Model& model, const BuildModel& spec, MeshStreams& s) {
    std::map<std::string, std::size_t> slotOf;
    for (std::size_t i = 0; i < spec.morphSlots.size(); ++i)
        slotOf[spec.morphSlots[i]] = i;
    for (const auto& m : spec.meshes)
        s.wide = s.wide || m.index32 || m.vertices.size() > 0xFFFF;

    for (std::size_t mi = 0; mi < spec.meshes.size(); ++mi) {
        const BuildMesh& bm = spec.meshes[mi];
        const LayoutKey key{bm.normals, bm.uvSets, bm.colors, bm.tangents && bm.uvSets > 0};
        const std::int32_t layoutId = layoutIdFor(s, key);
        const std::size_t gi = groupFor(s.groups, key, bm);
        s.meshGroup.push_back(gi);

        MeshRecord rec = meshRecord(bm, mi, s, s.groups[gi], layoutId);
        for (std::uint32_t i : bm.indices) {
            if (s.wide)
                s.indexBytes.u32(i);
            else
                s.indexBytes.u16(static_cast<std::uint16_t>(i));
        }
        s.indexTotal += static_cast<std::uint32_t>(bm.indices.size());
        encodeVertices(bm, rec, s.groups[gi], slotOf);

        grub::Blob blob;
        blob.tag = kMeshTag;
        blob.versionMajor = rec.version.major;
        blob.versionMinor = rec.version.minor;
        if (!bm.name.empty()) blob.metadata.push_back(grub::nameMetadata(bm.name));
        rec.blob = model.bundle.blobs.size();
        model.roles.emplace_back(BlobRole::Mesh, model.meshes.size());
        model.meshes.push_back(std::move(rec));
        model.bundle.blobs.push_back(std::move(blob));
    }
}

void addIndexBuffer(Model& model, const MeshStreams& s) {
    BufferHeader ih;
    ih.length = static_cast<std::int32_t>(s.indexTotal);
    ih.stride = s.wide ? 4 : 2;
    ih.subElementCount = 1;
    ih.format = s.wide ? dxgi::R32_UINT : dxgi::R16_UINT;
    makeBuffer(model, kIndBTag, 0, ih, s.indexBytes.bytes());
}

void addLayoutBlob(Model& model, VertexLayout l) {
    l.blob = model.bundle.blobs.size();
    grub::Blob blob;
    blob.tag = l.instanceLayout ? kILayTag : kVLayTag;
    blob.versionMajor = 1;
    blob.versionMinor = 1;
    if (l.id) blob.metadata.push_back(grub::idMetadata(*l.id));
    model.roles.emplace_back(BlobRole::Layout, model.layouts.size());
    model.layouts.push_back(std::move(l));
    model.bundle.blobs.push_back(std::move(blob));
}

// VLay blobs with their Ids, then the ILay (no Id: meshes never name it), each blob 1.1.
void addLayouts(Model& model, const MeshStreams& s, bool instanceLayout) {
    for (std::size_t li = 0; li < s.layoutKeys.size(); ++li) {
        VertexLayout l = makeLayout(s.layoutKeys[li]);
        l.id = static_cast<std::uint32_t>(li);
        addLayoutBlob(model, std::move(l));
    }
    if (instanceLayout) addLayoutBlob(model, makeInstanceLayout());
}

// One stream of a group as a buffer of the group's vertex count; returns the Id it was given.
std::int32_t addStream(Model& model, std::uint32_t tag, std::uint32_t& nextId, const StreamGroup& g,
                       std::uint32_t stride, std::uint32_t subElements, std::uint32_t format,
                       const ByteWriter& bytes) {
    BufferHeader h;
    h.length = static_cast<std::int32_t>(g.vertexCount);
    h.stride = static_cast<std::uint16_t>(stride);
    h.subElementCount = static_cast<std::uint8_t>(subElements);
    h.format = format;
    const auto id = static_cast<std::int32_t>(nextId);
    makeBuffer(model, tag, nextId++, h, bytes.bytes());
    return id;
}

// Every group's vertex streams first (slot 0, then slot 1 when it has one), then every Skin,
// then every MBuf: the order the game's files keep.
void addStreamBuffers(Model& model, std::vector<StreamGroup>& groups) {
    std::uint32_t nextId = 1;
    for (StreamGroup& g : groups) {
        g.slot0Id = addStream(model, kVerBTag, nextId, g, 8, 4, dxgi::R16G16B16A16_SNORM, g.slot0);
        const std::uint32_t stride1 = g.layout.slot1Stride();
        // A mixed stream has no single format.
        if (stride1 > 0) g.slot1Id = addStream(model, kVerBTag, nextId, g, stride1, stride1 / 4, 0, g.slot1);
    }
    for (StreamGroup& g : groups)
        if (g.influences > 0)
            g.skinId = addStream(model, kSkinTag, nextId, g, 4u * static_cast<std::uint32_t>(g.influences),
                                 2u * static_cast<std::uint32_t>(g.influences), dxgi::R16G16_FLOAT, g.skin);
    for (StreamGroup& g : groups)
        if (g.morphs > 0)
            g.morphId =
                addStream(model, kMBufTag, nextId, g, static_cast<std::uint32_t>(16 * g.morphs),
                          static_cast<std::uint32_t>(2 * g.morphs), dxgi::R16G16B16A16_FLOAT, g.morph);
}

void bindStreams(Model& model, const MeshStreams& s) {
    for (std::size_t mi = 0; mi < model.meshes.size(); ++mi) {
        MeshRecord& rec = model.meshes[mi];
        const StreamGroup& g = s.groups[s.meshGroup[mi]];
        rec.vertexBuffers.push_back({g.slot0Id, 0, 8, 0, 0});
        if (g.slot1Id >= 0) rec.vertexBuffers.push_back({g.slot1Id, 1, g.layout.slot1Stride(), 0, 0});
        if (rec.version.atLeast(1, 4)) {
            rec.skinBufferIndex = g.skinId;
            rec.morphBufferIndex = g.morphId;
        }
    }
}

void addMorphNames(Model& model, const BuildModel& spec) {
    if (spec.morphSlots.empty()) return;
    MorphNames names;
    names.blob = model.bundle.blobs.size();
    names.names = spec.morphSlots;
    grub::Blob blob;
    blob.tag = kMrphTag;
    blob.versionMajor = 0;
    model.roles.emplace_back(BlobRole::MorphNames, model.morphNames.size());
    model.morphNames.push_back(std::move(names));
    model.bundle.blobs.push_back(std::move(blob));
}

void addHeader(Model& model, const BuildModel& spec, std::size_t vertexLayouts) {
    ModelHeader h;
    h.version = spec.modlVersion;
    h.meshCount = static_cast<std::uint16_t>(model.meshes.size());
    h.bufferCount = static_cast<std::uint16_t>(model.buffers.size());
    h.layoutCount = static_cast<std::uint16_t>(vertexLayouts); // VLay blobs only
    h.materialCount = static_cast<std::uint16_t>(model.materials.size());
    h.hasLod = spec.hasLod;
    h.minLod = spec.minLod;
    h.maxLod = spec.maxLod;
    h.lodFlags = spec.lodFlags;
    h.visibility = 0;
    if (h.version.atLeast(1, 5)) {
        h.variants = spec.variants;
        h.variantCount = static_cast<std::uint32_t>(spec.variants.size());
    }
    grub::Blob modl;
    modl.tag = kModlTag;
    modl.versionMajor = h.version.major;
    modl.versionMinor = h.version.minor;
    model.header = h;
    model.roles.emplace_back(BlobRole::Header, 0);
    model.bundle.blobs.push_back(std::move(modl));
}

} // namespace

// Blobs in the order the game's files keep: Skel, MatI, Mesh, IndB, VLay, VerB, Skin, MBuf, Mrph, Modl.
Model buildModel(const BuildModel& spec) {
    Model model;
    addSkeleton(model, spec);
    addMaterials(model, spec);
    MeshStreams streams;
    addMeshes(model, spec, streams);
    addIndexBuffer(model, streams);
    addLayouts(model, streams, spec.instanceLayout);
    addStreamBuffers(model, streams.groups);
    bindStreams(model, streams);
    addMorphNames(model, spec);
    addHeader(model, spec, streams.layoutKeys.size());
    refreshBlobData(model);
    return model;
}

Bytes buildModelBytes(const BuildModel& spec) {
    return writeModel(buildModel(spec));
}

} // namespace assetscope::modelbin
