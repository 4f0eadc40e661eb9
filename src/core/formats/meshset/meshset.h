#pragma once

#include "bytes/byte_view.h"
#include "bytes/guid_text.h"
#include "tree/structure_tree.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace assetscope::meshset {

inline constexpr std::uint32_t kResourceType = 0x49b156d4;
inline constexpr std::uint64_t kPointerBase = 16; // stored pointers count from byte 16
inline constexpr std::uint32_t kHeaderRigid = 0xd0;
inline constexpr std::uint32_t kHeaderBoned = 0xe0;
inline constexpr std::uint32_t kLodRigid = 0xb0;
inline constexpr std::uint32_t kLodBoneMasks = 0xb8;
inline constexpr std::uint32_t kLodBoneMap = 0xbc;
inline constexpr std::uint32_t kSectionBytes = 384;
inline constexpr std::uint32_t kDeclarationBytes = 100;
inline constexpr std::uint32_t kBoneMaskBytes = 24;
inline constexpr std::uint32_t kMetadataBytes = 16;
inline constexpr std::size_t kMaxLods = 7;
inline constexpr std::size_t kSectionLists = 5;
inline constexpr std::uint32_t kIndex16 = 0x21;
inline constexpr std::uint32_t kIndex32 = 0x2e;

// Header layout flag bits and LOD layout flag bits the document names.
inline constexpr std::uint32_t kHeaderGeometryInChunks = 1u << 0;
inline constexpr std::uint32_t kHeaderSomeLodBit4 = 1u << 2;
inline constexpr std::uint32_t kLodBit4 = 1u << 4;
inline constexpr std::uint32_t kLodGeometryIsChunk = 1u << 6;

enum class MeshType : std::uint8_t { Rigid = 0, Skinned = 1, Composite = 2 };
std::string meshTypeName(std::uint8_t type);
std::uint32_t lodRecordStride(std::uint32_t lodRecordBytes); // 16-aligned

using assetscope::Guid;
using assetscope::guidFromText;
using assetscope::guidText;
using assetscope::isZero;

struct VertexElement {
    std::uint8_t usage = 0;
    std::uint8_t format = 0;
    std::uint8_t offset = 0;
    std::uint8_t stream = 0;
};

struct StreamDescriptor {
    std::uint8_t stride = 0;
    std::uint8_t secondByte = 0;
};

struct VertexDeclaration {
    std::array<VertexElement, 16> elements{};
    std::array<StreamDescriptor, 16> streams{};
    std::uint8_t elementCount = 0;
    std::uint8_t streamCount = 0;
    std::array<std::uint8_t, 2> unknown{};

    const VertexElement* find(std::uint8_t usage) const;
    // The streams that count: the first streamCount descriptors, all 16 when the count is larger.
    std::size_t usedStreams() const { return std::min<std::size_t>(streamCount, streams.size()); }
};

// A section record as stored (384 bytes; record_layouts.h describes its fields). The pointers, the
// bone count and the repeated vertex offset and start index are as read: the writer derives them
// from the arrangement, boneList, vertexOffset and startIndex.
struct SectionRecord {
    std::array<std::uint8_t, 8> undescribed00{};
    std::uint64_t materialNamePointer = 0;
    std::uint64_t boneListPointer = 0;
    std::uint16_t boneCount = 0;
    std::array<std::uint8_t, 1> undescribed1a{};
    std::uint8_t flags = 0;
    std::uint8_t materialSlot = 0;
    std::array<std::uint8_t, 1> undescribed1d{};
    std::uint8_t vertexStride = 0;
    std::uint8_t primitiveType = 3;
    std::uint32_t primitiveCount = 0;
    std::uint32_t startIndex = 0;
    std::uint32_t vertexOffset = 0;
    std::uint32_t vertexCount = 0;
    std::array<std::uint8_t, 0x24> undescribed30{};
    std::uint32_t repeatedVertexOffset = 0;
    float uv0Density = 1.0f;
    float uv1Density = 1.0f;
    std::array<std::uint8_t, 0x10> undescribed60{};
    VertexDeclaration stored;
    VertexDeclaration draw;
    std::uint64_t materialKey = 0;
    std::uint32_t repeatedStartIndex = 0;
    std::uint32_t materialNameHash = 0;
    std::array<std::uint8_t, 4> undescribed148{};
    float surfaceArea = 0.0f;
    std::array<float, 4> boundsMin{};
    std::array<float, 4> boundsMax{};
    std::array<std::uint8_t, 0x10> undescribed170{};
};

// A section is its stored record (written back as held, so bytes no field describes stay as read)
// with the pool items its pointers name and its LOD's bone mask for it.
struct Section : SectionRecord {
    std::string materialName;
    std::vector<std::uint16_t> boneList;
    std::array<std::uint8_t, kBoneMaskBytes> boneMask{}; // composite MeshSets only
    // Parsing only.
    NodeId node = kNoNode;

    // Where stored stream `stream` starts in the geometry: the streams in use lie one after
    // another from the vertex offset, each stride * vertex count long. usedStreams() gives where
    // the last one ends.
    std::uint64_t streamStart(std::size_t stream) const;
};

struct Lod {
    Bytes raw; // the record's bytes as read (lodRecordBytes long)
    std::vector<Section> sections;
    std::array<std::vector<std::uint8_t>, kSectionLists> sectionLists;
    std::uint32_t flags = kLodGeometryIsChunk;
    std::uint32_t indexFormat = kIndex16;
    std::uint32_t indexBufferBytes = 0;
    std::uint32_t vertexBufferBytes = 0;
    Guid chunk{};
    std::string name;                 // "Mesh:<meshset name>_lodN"
    std::uint32_t namePartOffset = 5; // where the path part starts within the name
    std::uint32_t nameLastPartOffset = 0;
    std::uint32_t pathPartHash = 0;
    std::vector<std::uint32_t> boneMap; // 0xbc records
    // Parsing only.
    NodeId node = kNoNode;

    bool inlineGeometry() const { return (flags & kLodGeometryIsChunk) == 0; }
    std::uint32_t indexBytes() const { return indexFormat == kIndex32 ? 4 : 2; }
};

struct Metadata {
    std::uint32_t tableOffset = 0;
    std::uint32_t tableBytes = 0;
    std::uint32_t trailingBytes = 0;
    std::uint32_t reserved = 0;
};

struct MeshSet {
    Bytes headerRaw; // header bytes as read
    std::uint32_t headerBytes = kHeaderRigid;
    std::uint32_t lodRecordBytes = kLodRigid;
    std::array<float, 4> boundsMin{};
    std::array<float, 4> boundsMax{};
    std::string name;
    std::uint32_t nameLastPartOffset = 0;
    std::uint32_t nameHash = 0;
    std::uint8_t meshType = 0;
    std::uint32_t flags = kHeaderGeometryInChunks;
    std::vector<Lod> lods;
    std::uint16_t boneCount = 0; // 0xe0 header
    std::vector<std::uint16_t> boundedBoneIds;
    std::vector<std::array<float, 8>> boneBounds; // min xyzw, max xyzw; per bounded bone, else per bone
    bool hasBoneFields() const { return headerBytes >= kHeaderBoned; }
    Bytes trailing;                   // inline geometry, as stored after the table
    std::optional<Metadata> metadata; // the 16 bytes before the resource, when present

    std::size_t sectionCount() const;
};

} // namespace assetscope::meshset
