#pragma once

#include "formats/grub/bundle.h"
#include "shading/material_instance.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace assetscope::modelbin {

// Blob tags as they read (the file stores the bytes reversed).
inline constexpr std::uint32_t kModlTag = 0x4D6F646C;
inline constexpr std::uint32_t kSkelTag = 0x536B656C;
inline constexpr std::uint32_t kMatITag = 0x4D617449;
inline constexpr std::uint32_t kMeshTag = 0x4D657368;
inline constexpr std::uint32_t kVLayTag = 0x564C6179;
inline constexpr std::uint32_t kILayTag = 0x494C6179;
inline constexpr std::uint32_t kIndBTag = 0x496E6442;
inline constexpr std::uint32_t kVerBTag = 0x56657242;
inline constexpr std::uint32_t kMBufTag = 0x4D427566;
inline constexpr std::uint32_t kSkinTag = 0x536B696E;
inline constexpr std::uint32_t kMrphTag = 0x4D727068;
inline constexpr std::uint32_t kTRefTag = 0x54526566; // metadata on Modl in older games' models

// Whether a tag is one of a model's own blobs (Modl, Mesh, Skel, MatI, VLay, ILay, IndB, VerB,
// MBuf, Skin, Mrph): a .modelbin's reader judges their versions itself, reading older games' with
// a note, where the bundle's reader would hold them to the install's list.
bool modelBlobTag(std::uint32_t tag);

// DXGI formats the documents name.
namespace dxgi {
inline constexpr std::uint32_t R32G32B32A32_FLOAT = 2;
inline constexpr std::uint32_t R32G32B32_FLOAT = 6;
inline constexpr std::uint32_t R16G16B16A16_FLOAT = 10;
inline constexpr std::uint32_t R16G16B16A16_SNORM = 13;
inline constexpr std::uint32_t R32G32_FLOAT = 16;
inline constexpr std::uint32_t R10G10B10A2_UNORM = 24;
inline constexpr std::uint32_t R8G8B8A8_UNORM = 28;
inline constexpr std::uint32_t R16G16_FLOAT = 34;
inline constexpr std::uint32_t R16G16_UNORM = 35;
inline constexpr std::uint32_t R16G16_SNORM = 37;
inline constexpr std::uint32_t R32_UINT = 42;
inline constexpr std::uint32_t R16_UINT = 57;
} // namespace dxgi

// Draw bucket bits of a mesh.
namespace bucket {
inline constexpr std::uint16_t Opaque = 0x01;
inline constexpr std::uint16_t Decal = 0x02;
inline constexpr std::uint16_t Transparent = 0x04;
inline constexpr std::uint16_t Shadow = 0x08;
inline constexpr std::uint16_t NotShadow = 0x10;
inline constexpr std::uint16_t AlphaToCoverage = 0x20;
inline constexpr std::uint16_t Occluder = 0x40;
} // namespace bucket

struct Version {
    std::uint8_t major = 1;
    std::uint8_t minor = 0;
    bool atLeast(int ma, int mi) const { return major > ma || (major == ma && minor >= mi); }
    std::string text() const { return std::to_string(major) + "." + std::to_string(minor); }
};

// Modl: the header blob.
struct ModelHeader {
    Version version{1, 5};
    std::uint16_t meshCount = 0;
    std::uint16_t bufferCount = 0;
    std::uint16_t layoutCount = 0;
    std::uint16_t materialCount = 0;
    std::uint8_t hasLod = 0;
    std::int8_t minLod = 0;
    std::int8_t maxLod = 0;
    std::uint8_t padding = 0;
    std::uint16_t lodFlags = 0;
    std::uint8_t decompressFlags = 0;   // 1.2+
    std::uint8_t decompressPadding = 0; // 1.2+
    std::uint8_t retainCpuCopy = 0;     // 1.3+
    std::uint8_t visibility = 0;        // 1.4+
    std::uint32_t variantCount = 0;     // 1.5+; the writer writes this count, then the rows
    // 1.5+: row v holds, for every mesh in file order, the material group it uses in variant v.
    std::vector<std::vector<std::uint8_t>> variants;
    Bytes trailing; // bytes after the documented fields (a strict reading refuses them)
    // TRef metadata (older games; public-reader-notes.md): CRC-32s of the model's lower-cased
    // .swatchbin paths. Unset when the Modl blob has none.
    std::optional<std::vector<std::uint32_t>> textureHashes;
};

struct Bone {
    std::string name;
    std::int16_t parent = -1;
    std::int16_t firstChild = -1;
    std::int16_t nextSibling = -1;
    std::array<float, 16> rest{1, 0, 0, 0, 0, 1, 0, 0,
                               0, 0, 1, 0, 0, 0, 0, 1}; // row-vector, translation last row
};

struct Skeleton {
    Version version{1, 0};
    std::vector<Bone> bones;
    std::optional<std::uint32_t> trailer = 0; // the u32 the bone walk leaves before the blob end
    Bytes trailing;
};

struct MaterialSlot {
    std::size_t blob = 0;
    bool empty = true;
    std::optional<std::uint32_t> id;
    std::string name;
    // The nested bundle read as a material instance (MATI's path, MTPR's overrides), by the
    // materials' own reader.
    std::optional<shading::MaterialInstance> instance;
};

struct BufferRef {
    std::int32_t bufferId = 0;
    std::uint32_t inputSlot = 0;
    std::uint32_t stride = 0;
    std::uint32_t offset = 0;
    std::uint32_t reserved = 0; // 1.12+
};

using UvTransform = std::array<float, 4>; // uOffset, uScale, vOffset, vScale

struct MeshRecord {
    Version version{1, 13};
    std::size_t blob = 0;
    std::string name;
    // Per material group: spring, summer, autumn, winter ids (-1: the summer id). Before 1.9 one
    // id per mesh, kept in all four places; before 1.13 one group.
    std::vector<std::array<std::int16_t, 4>> materialGroups{{0, 0, 0, 0}};
    std::int16_t rigidBoneIndex = -1;
    std::uint16_t lodFlags = 0x2;
    std::uint8_t lodLevel1 = 0;
    std::uint8_t lodLevel2 = 0;
    std::uint16_t bucketFlags = bucket::Opaque | bucket::NotShadow | bucket::Shadow;
    std::uint8_t bucketOrder = 0;
    std::uint8_t skinningElements = 0;  // 1.2+
    std::uint32_t morphTargetCount = 0; // u32 from 1.10, u8 before
    std::uint8_t isMorphDamage = 0;     // 1.3+
    std::uint8_t is32BitIndices = 0;
    std::uint16_t topology = 4;
    std::int32_t indexBufferIndex = 0;
    std::int32_t indexBufferOffset = 0;
    std::int32_t drawOffset = 0;
    std::int32_t indexedVertexOffset = 0;
    std::int32_t indexCount = 0;
    std::int32_t primitiveCount = 0;
    float acmr = 0;                                // 1.6+
    std::uint32_t referencedVertexCount = 0;       // 1.6+
    std::vector<std::uint32_t> referencedVertices; // 1.11+
    std::int32_t layoutIndex = 0;
    std::vector<BufferRef> vertexBuffers;
    std::int32_t morphBufferIndex = -1; // 1.4+
    std::int32_t skinBufferIndex = -1;  // 1.4+
    std::vector<std::int32_t> constantBuffers;
    std::uint32_t sourceMeshIndex = 0; // 1.1+
    std::array<UvTransform, 5> uvTransforms{
        {{0, 1, 0, 1}, {0, 1, 0, 1}, {0, 1, 0, 1}, {0, 1, 0, 1}, {0, 1, 0, 1}}};
    std::array<float, 4> positionScale{1, 1, 1, 1};     // 1.8+
    std::array<float, 4> positionTranslate{0, 0, 0, 0}; // 1.8+
    Bytes trailing;
    // What the geometry check resolved (resolveMesh): the census counts these rather
    // than resolving every mesh a second time. Unset when the check did not run or failed.
    std::optional<std::uint64_t> resolvedVertexCount;

    bool drawnInMainView() const { return !(bucketFlags & bucket::Occluder) && (bucketFlags & 0x27) != 0; }
    // The material id of a group in a season (0 spring .. 3 winter), -1 resolved to summer.
    std::int16_t materialId(std::size_t group, int season) const;
    bool hasLod(int lod) const { return lod >= 0 && lod < 15 && (lodFlags >> (lod + 1)) & 1; }
    int finestLod() const; // -1 when no LOD bit is set
};

struct LayoutElement {
    std::int16_t semanticNameIndex = 0;
    std::int16_t semanticIndex = 0;
    std::int16_t inputSlot = 0;
    std::int16_t inputSlotClass = 0;
    std::int32_t format = 0;
    std::int32_t alignedOffset = -1;
    std::int32_t stepRate = 0;
};

struct VertexLayout {
    Version version{1, 1};
    std::size_t blob = 0;
    bool instanceLayout = false; // ILay
    std::optional<std::uint32_t> id;
    std::vector<std::string> semanticNames;
    std::vector<LayoutElement> elements;
    std::vector<std::int32_t> packedFormats; // 1.0+
    std::uint32_t flags = 0;                 // 1.1+
    Bytes trailing;

    std::string semanticOf(const LayoutElement& e) const;
};

struct BufferHeader {
    std::int32_t length = 0;
    std::int32_t size = 0;
    std::uint16_t stride = 0;
    std::uint8_t subElementCount = 0; // version 1+
    std::uint8_t padding = 0;         // version 1+
    std::uint32_t format = 0;         // version 1+
    std::uint16_t oldPadding = 0;     // before version 1
};

// IndB, VerB, MBuf or Skin: the header, then the payload inside the blob's data.
struct Buffer {
    std::uint32_t tag = 0;
    Version version{1, 1};
    std::size_t blob = 0;
    std::optional<std::uint32_t> id;
    BufferHeader header;
    std::uint64_t payloadOffset = 0; // within the blob's data
    std::uint64_t payloadSize = 0;

    static std::uint64_t headerSize(const Version& v) { return v.major >= 1 ? 16 : 12; }
};

struct MorphNames {
    std::size_t blob = 0;
    Version version{0, 0};
    std::vector<std::string> names;
    Bytes trailing;
};

// Which typed part a blob was read into.
enum class BlobRole : std::uint8_t { Other, Header, Skeleton, Material, Mesh, Layout, Buffer, MorphNames };

struct Model {
    grub::Bundle bundle;
    std::vector<std::pair<BlobRole, std::size_t>> roles; // parallel to bundle.blobs
    std::optional<ModelHeader> header;
    std::optional<Skeleton> skeleton;
    std::vector<MaterialSlot> materials;
    std::vector<MeshRecord> meshes;
    std::vector<VertexLayout> layouts;
    std::vector<Buffer> buffers;
    std::vector<MorphNames> morphNames;

    ByteView payload(const Buffer& b) const;
    const Buffer* buffer(std::uint32_t tag, std::int64_t id) const;
    const VertexLayout* layout(std::int64_t index) const;
    const MaterialSlot* material(std::int64_t id) const;
    // The coarsest-to-finest LOD numbers present in the meshes' LOD flags.
    std::vector<int> lods() const;
    std::uint64_t vertexBufferBytes() const;
};

std::string lodText(std::uint16_t lodFlags);  // "LOD0, LOD1"
std::string bucketText(std::uint16_t bucket); // "opaque | shadow"
std::string seasonText(const std::array<std::int16_t, 4>& ids);

} // namespace assetscope::modelbin
