#pragma once

#include "bytes/number_text.h"
#include "formats/meshset/meshset.h"
#include "formats/meshset/meshset_records.h"
#include "formats/meshset/vertex_format.h"
#include "tree/record_fields.h"

#include <array>
#include <cstdint>
#include <string_view>

// The MeshSet's fixed records described once (frostbite-meshset.txt's tables of the header, the
// LOD record, the section record and the vertex declaration; the resource metadata): the record
// reader's nodes, the raw readers (detectForm), the writer and the arrangement's pointer fields
// (computeLayout, the pool's pointer uses) all walk these lists. Bytes no row describes are fields
// too (shown as undescribed_<offset>), so that the writer keeps them as read. The typed form
// (meshset.h) takes the values it models from these records; a Section is its section record
// (SectionRecord, defined there).
namespace assetscope::meshset::record_layouts {

// The header as stored: 0xb6 bytes every header has, then a boned header's (0xe0) bone fields.
// The defaults are the typed form's, which a header cut short keeps for what it does not reach.
struct HeaderRecord {
    std::uint32_t headerBytesMinus16 = kHeaderRigid - 16;
    std::uint32_t lodRecordBytes = kLodRigid;
    std::uint32_t sectionRecordBytes = kSectionBytes;
    std::array<std::uint8_t, 4> unknown0c{};
    std::array<float, 4> boundsMin{};
    std::array<float, 4> boundsMax{};
    std::array<std::uint64_t, kMaxLods> lodPointers{};
    std::uint64_t namePointer = 0;
    std::uint64_t nameLastPartPointer = 0;
    std::uint32_t nameHash = 0;
    std::uint8_t meshType = 0;
    std::uint8_t unknown7d = 0;
    std::array<std::uint8_t, 0x2a> undescribed7e{};
    std::uint32_t flags = kHeaderGeometryInChunks;
    std::array<std::uint8_t, 8> undescribedAc{};
    std::uint16_t lodCount = 0;
    // A boned header's.
    std::array<std::uint8_t, 0xe> undescribedB6{};
    std::uint16_t boneCount = 0;
    std::uint16_t boundedBoneCount = 0;
    std::uint64_t boundedBoneIdsPointer = 0;
    std::uint64_t boneBoundsPointer = 0;
};

// One of a LOD's five section-index lists.
struct SectionListRecord {
    std::uint32_t count = 0;
    std::uint64_t pointer = 0;
};

// A LOD record as stored: 0xb0 bytes every record has, then a 0xb8 record's bone masks pointer or
// a 0xbc record's bone map. The defaults are the typed form's.
struct LodRecord {
    std::array<std::uint8_t, 8> undescribed00{};
    std::uint32_t sectionCount = 0;
    std::uint64_t sectionsPointer = 0;
    std::array<SectionListRecord, kSectionLists> lists{};
    std::uint32_t flags = kLodGeometryIsChunk;
    std::uint32_t indexFormat = kIndex16;
    std::uint32_t indexBufferBytes = 0;
    std::uint32_t vertexBufferBytes = 0;
    std::array<std::uint8_t, 0x14> undescribed60{};
    Guid chunk{};
    std::array<std::uint8_t, 8> undescribed84{};
    std::uint64_t namePointer = 0;
    std::uint64_t namePartPointer = 0;
    std::uint64_t nameLastPartPointer = 0;
    std::uint32_t pathPartHash = 0;
    std::array<std::uint8_t, 8> undescribedA8{};
    std::uint64_t boneMasksPointer = 0; // 0xb8 records
    std::uint32_t boneMapCount = 0;     // 0xbc records
    std::uint64_t boneMapPointer = 0;   // 0xbc records
};

using record_fields::Field;
using record_fields::Shown;

inline constexpr std::string_view kSectionListKeys[kSectionLists] = {
    "meshset/section_lists/main_pass", "meshset/section_lists/list_1", "meshset/section_lists/decals",
    "meshset/section_lists/depth", "meshset/section_lists/shadow"};

// What the nodes show beside the values, and the checks between fields.
inline void headerBytesShown(Recorder& r, const HeaderRecord& h, std::size_t) {
    r.describe([&] { return "header of " + hexText(std::uint32_t{h.headerBytesMinus16 + 16}) + " bytes"; });
}
inline void lodRecordBytesShown(Recorder& r, const HeaderRecord& h, std::size_t) {
    r.describe([&] {
        return h.lodRecordBytes == kLodRigid       ? "plain LOD records"
               : h.lodRecordBytes == kLodBoneMasks ? "LOD records with bone masks"
                                                   : "LOD records with a bone map";
    });
}
inline void meshTypeShown(Recorder& r, const HeaderRecord& h, std::size_t) {
    r.describe([&] { return meshTypeName(h.meshType); });
}
inline void headerFlagsShown(Recorder& r, const HeaderRecord& h, std::size_t) {
    r.describe([&] { return headerFlagsText(h.flags); });
}
inline void sectionListShown(Recorder& r, const LodRecord& lod, std::size_t k) {
    r.tree().edit(r.last(), [&](Node& n) {
        n.display = "list " + std::to_string(k) + ": " + sectionListName(k) + " (" +
                    std::to_string(lod.lists[k].count) + " sections)";
    });
}
inline void lodFlagsShown(Recorder& r, const LodRecord& lod, std::size_t) {
    r.describe([&] { return lodFlagsText(lod.flags); });
}
inline void indexFormatShown(Recorder& r, const LodRecord& lod, std::size_t) {
    r.describe([&] {
        return lod.indexFormat == kIndex16   ? "16-bit indices"
               : lod.indexFormat == kIndex32 ? "32-bit indices"
                                             : "unknown index format";
    });
}
inline void geometryChunkShown(Recorder& r, const LodRecord& lod, std::size_t) {
    r.fieldValue(r.last(), "meshset/lod/geometry_chunk", r.pos() - lod.chunk.size(), guidText(lod.chunk));
    r.tree().edit(r.last(), [&](Node& n) {
        n.type = "guid";
        n.display = isZero(lod.chunk) ? "no chunk" : guidText(lod.chunk) + ".chunk";
    });
}
inline void usageShown(Recorder& r, const VertexElement& e, std::size_t) {
    r.describe([&] { return usageName(e.usage); });
}
inline void formatShown(Recorder& r, const VertexElement& e, std::size_t) {
    r.describe([&] { return formatName(e.format); });
}
inline void elementShown(Recorder& r, const VertexDeclaration& d, std::size_t k) {
    const VertexElement& e = d.elements[k];
    r.tree().edit(r.last(), [&](Node& n) {
        n.display = usageName(e.usage) + " " + formatName(e.format) + " @" + std::to_string(e.offset) +
                    " stream " + std::to_string(e.stream);
    });
}
// A declaration holds 16 element slots and 16 stream descriptors; a larger count is read as all
// 16 (VertexDeclaration::find, usedStreams).
inline void checkElementCount(Recorder& r, const VertexDeclaration& d, std::size_t) {
    r.check(d.elementCount <= d.elements.size(), "meshset.declaration.element-count",
            "meshset/declaration/element_count", [&] {
                return std::to_string(d.elementCount) + " elements, but a declaration has " +
                       std::to_string(d.elements.size()) + " element slots";
            });
}
inline void checkStreamCount(Recorder& r, const VertexDeclaration& d, std::size_t) {
    r.check(d.streamCount <= d.streams.size(), "meshset.declaration.stream-count",
            "meshset/declaration/stream_count", [&] {
                return std::to_string(d.streamCount) + " streams, but a declaration has " +
                       std::to_string(d.streams.size()) + " stream descriptors";
            });
}
inline void primitiveTypeShown(Recorder& r, const SectionRecord& s, std::size_t) {
    r.describe([&] { return s.primitiveType == 3 ? "triangle list" : "not a triangle list"; });
}

inline constexpr auto kHeaderLayout = record_fields::layout(
    Field<&HeaderRecord::headerBytesMinus16>{
        "meshset/header/header_bytes_minus_16", {}, {}, headerBytesShown},
    Field<&HeaderRecord::lodRecordBytes>{"meshset/header/lod_record_bytes", {}, {}, lodRecordBytesShown},
    Field<&HeaderRecord::sectionRecordBytes>{"meshset/header/section_record_bytes"},
    Field<&HeaderRecord::unknown0c>{"meshset/header/unknown_0c", Shown::AsRun},
    Field<&HeaderRecord::boundsMin>{"meshset/header/bounds_minimum"},
    Field<&HeaderRecord::boundsMax>{"meshset/header/bounds_maximum"},
    Field<&HeaderRecord::lodPointers>{"meshset/header/lod_record_pointers", Shown::AsItems},
    Field<&HeaderRecord::namePointer>{"meshset/header/name_pointer"},
    Field<&HeaderRecord::nameLastPartPointer>{"meshset/header/name_last_part_pointer"},
    Field<&HeaderRecord::nameHash>{"meshset/header/name_hash"},
    Field<&HeaderRecord::meshType>{"meshset/header/mesh_type", {}, {}, meshTypeShown},
    Field<&HeaderRecord::unknown7d>{"meshset/header/unknown_7d"},
    Field<&HeaderRecord::undescribed7e>{{}, Shown::AsRun},
    Field<&HeaderRecord::flags>{"meshset/header/layout_flags", {}, {}, headerFlagsShown},
    Field<&HeaderRecord::undescribedAc>{{}, Shown::AsRun},
    Field<&HeaderRecord::lodCount>{"meshset/header/lod_count"});
static_assert(kHeaderLayout.size == 0xb6);
inline constexpr auto kBonedHeaderLayout = record_fields::continuing(
    kHeaderLayout, Field<&HeaderRecord::undescribedB6>{{}, Shown::AsRun},
    Field<&HeaderRecord::boneCount>{"meshset/header/bone_count"},
    Field<&HeaderRecord::boundedBoneCount>{"meshset/header/bounded_bone_count"},
    Field<&HeaderRecord::boundedBoneIdsPointer>{"meshset/header/bounded_bone_ids_pointer"},
    Field<&HeaderRecord::boneBoundsPointer>{"meshset/header/bone_bounds_pointer"});
static_assert(kBonedHeaderLayout.start() + kBonedHeaderLayout.size <= kHeaderBoned);

inline constexpr auto kSectionListLayout =
    record_fields::layout(Field<&SectionListRecord::count>{"meshset/section_index_list/count"},
                          Field<&SectionListRecord::pointer>{"meshset/section_index_list/pointer"});

} // namespace assetscope::meshset::record_layouts

// The records held in records: read, shown (a scope each) and written by their own lists.
template <>
struct assetscope::record_fields::NestedLayout<assetscope::meshset::record_layouts::SectionListRecord> {
    static constexpr const auto& layout = assetscope::meshset::record_layouts::kSectionListLayout;
};

namespace assetscope::meshset::record_layouts {

inline constexpr auto kLodLayout = record_fields::layout(
    Field<&LodRecord::undescribed00>{{}, Shown::AsRun},
    Field<&LodRecord::sectionCount>{"meshset/lod/section_count"},
    Field<&LodRecord::sectionsPointer>{"meshset/lod/section_array_pointer"},
    Field<&LodRecord::lists>{"meshset/lod/section_index_lists", {}, kSectionListKeys, sectionListShown},
    Field<&LodRecord::flags>{"meshset/lod/layout_flags", {}, {}, lodFlagsShown},
    Field<&LodRecord::indexFormat>{"meshset/lod/index_format", {}, {}, indexFormatShown},
    Field<&LodRecord::indexBufferBytes>{"meshset/lod/index_buffer_byte_count"},
    Field<&LodRecord::vertexBufferBytes>{"meshset/lod/vertex_buffer_byte_count"},
    Field<&LodRecord::undescribed60>{{}, Shown::AsRun},
    Field<&LodRecord::chunk>{"meshset/lod/geometry_chunk", Shown::AsBytes, {}, geometryChunkShown},
    Field<&LodRecord::undescribed84>{{}, Shown::AsRun},
    Field<&LodRecord::namePointer>{"meshset/lod/name_pointer"},
    Field<&LodRecord::namePartPointer>{"meshset/lod/name_part_pointer"},
    Field<&LodRecord::nameLastPartPointer>{"meshset/lod/name_last_part_pointer"},
    Field<&LodRecord::pathPartHash>{"meshset/lod/path_part_name_hash"},
    Field<&LodRecord::undescribedA8>{{}, Shown::AsRun});
static_assert(kLodLayout.size == kLodRigid);
// A 0xb8 record's tail, and a 0xbc record's.
inline constexpr auto kLodBoneMasksLayout = record_fields::continuing(
    kLodLayout, Field<&LodRecord::boneMasksPointer>{"meshset/lod/bone_masks_or_bone_map"});
static_assert(kLodBoneMasksLayout.start() + kLodBoneMasksLayout.size == kLodBoneMasks);
inline constexpr auto kLodBoneMapLayout = record_fields::continuing(
    kLodLayout, Field<&LodRecord::boneMapCount>{"meshset/lod/bone_masks_or_bone_map"},
    Field<&LodRecord::boneMapPointer>{"meshset/lod/bone_map_pointer"});
static_assert(kLodBoneMapLayout.start() + kLodBoneMapLayout.size == kLodBoneMap);

inline constexpr auto kElementLayout =
    record_fields::layout(Field<&VertexElement::usage>{"meshset/element/usage", {}, {}, usageShown},
                          Field<&VertexElement::format>{"meshset/element/format", {}, {}, formatShown},
                          Field<&VertexElement::offset>{"meshset/element/offset"},
                          Field<&VertexElement::stream>{"meshset/element/stream"});
inline constexpr auto kStreamLayout =
    record_fields::layout(Field<&StreamDescriptor::stride>{"meshset/stream_descriptor/stride"},
                          Field<&StreamDescriptor::secondByte>{"meshset/stream_descriptor/second_byte"});
} // namespace assetscope::meshset::record_layouts

template <> struct assetscope::record_fields::NestedLayout<assetscope::meshset::VertexElement> {
    static constexpr const auto& layout = assetscope::meshset::record_layouts::kElementLayout;
};
template <> struct assetscope::record_fields::NestedLayout<assetscope::meshset::StreamDescriptor> {
    static constexpr const auto& layout = assetscope::meshset::record_layouts::kStreamLayout;
};

namespace assetscope::meshset::record_layouts {

inline constexpr auto kDeclarationLayout = record_fields::layout(
    Field<&VertexDeclaration::elements>{"meshset/declaration/element_slots", {}, {}, elementShown},
    Field<&VertexDeclaration::streams>{"meshset/declaration/stream_descriptors"},
    Field<&VertexDeclaration::elementCount>{"meshset/declaration/element_count", {}, {}, checkElementCount},
    Field<&VertexDeclaration::streamCount>{"meshset/declaration/stream_count", {}, {}, checkStreamCount},
    Field<&VertexDeclaration::unknown>{"meshset/declaration/unknown", Shown::AsRun});
static_assert(kDeclarationLayout.size == kDeclarationBytes);

} // namespace assetscope::meshset::record_layouts

template <> struct assetscope::record_fields::NestedLayout<assetscope::meshset::VertexDeclaration> {
    static constexpr const auto& layout = assetscope::meshset::record_layouts::kDeclarationLayout;
};

namespace assetscope::meshset::record_layouts {

inline constexpr auto kSectionLayout = record_fields::layout(
    Field<&SectionRecord::undescribed00>{{}, Shown::AsRun},
    Field<&SectionRecord::materialNamePointer>{"meshset/section/material_name_pointer"},
    Field<&SectionRecord::boneListPointer>{"meshset/section/bone_list_pointer"},
    Field<&SectionRecord::boneCount>{"meshset/section/bone_count"},
    Field<&SectionRecord::undescribed1a>{{}, Shown::AsRun},
    Field<&SectionRecord::flags>{"meshset/section/flags"},
    Field<&SectionRecord::materialSlot>{"meshset/section/material_slot_index"},
    Field<&SectionRecord::undescribed1d>{{}, Shown::AsRun},
    Field<&SectionRecord::vertexStride>{"meshset/section/total_vertex_stride"},
    Field<&SectionRecord::primitiveType>{"meshset/section/primitive_type", {}, {}, primitiveTypeShown},
    Field<&SectionRecord::primitiveCount>{"meshset/section/primitive_count"},
    Field<&SectionRecord::startIndex>{"meshset/section/start_index"},
    Field<&SectionRecord::vertexOffset>{"meshset/section/vertex_byte_offset"},
    Field<&SectionRecord::vertexCount>{"meshset/section/vertex_count"},
    Field<&SectionRecord::undescribed30>{{}, Shown::AsRun},
    Field<&SectionRecord::repeatedVertexOffset>{"meshset/section/repeated_vertex_byte_offset"},
    Field<&SectionRecord::uv0Density>{"meshset/section/uv0_texel_density"},
    Field<&SectionRecord::uv1Density>{"meshset/section/uv1_texel_density"},
    Field<&SectionRecord::undescribed60>{{}, Shown::AsRun},
    Field<&SectionRecord::stored>{"meshset/section/stored_vertex_declaration"},
    Field<&SectionRecord::draw>{"meshset/section/draw_vertex_declaration"},
    Field<&SectionRecord::materialKey>{"meshset/section/material_key"},
    Field<&SectionRecord::repeatedStartIndex>{"meshset/section/repeated_start_index"},
    Field<&SectionRecord::materialNameHash>{"meshset/section/material_name_hash"},
    Field<&SectionRecord::undescribed148>{{}, Shown::AsRun},
    Field<&SectionRecord::surfaceArea>{"meshset/section/surface_area"},
    Field<&SectionRecord::boundsMin>{"meshset/section/bounds_minimum"},
    Field<&SectionRecord::boundsMax>{"meshset/section/bounds_maximum"},
    Field<&SectionRecord::undescribed170>{{}, Shown::AsRun});
static_assert(kSectionLayout.size == kSectionBytes);

inline constexpr auto kMetadataLayout =
    record_fields::layout(Field<&Metadata::tableOffset>{"meshset/resource_metadata/table_offset"},
                          Field<&Metadata::tableBytes>{"meshset/resource_metadata/table_bytes"},
                          Field<&Metadata::trailingBytes>{"meshset/resource_metadata/trailing_bytes"},
                          Field<&Metadata::reserved>{"meshset/resource_metadata/reserved"});
static_assert(kMetadataLayout.size == kMetadataBytes);

// Where the pointer fields lie, from their record's start: what the arrangement (computeLayout)
// writes there and the reader's pointer uses name.
inline constexpr std::uint64_t kLodPointerAt =
    kHeaderLayout.offsetOf<&HeaderRecord::lodPointers>(); // u64 each
inline constexpr std::uint64_t kNamePointerAt = kHeaderLayout.offsetOf<&HeaderRecord::namePointer>();
inline constexpr std::uint64_t kNameLastPartPointerAt =
    kHeaderLayout.offsetOf<&HeaderRecord::nameLastPartPointer>();
inline constexpr std::uint64_t kBoneIdsPointerAt =
    kBonedHeaderLayout.offsetOf<&HeaderRecord::boundedBoneIdsPointer>();
inline constexpr std::uint64_t kBoneBoundsPointerAt =
    kBonedHeaderLayout.offsetOf<&HeaderRecord::boneBoundsPointer>();
inline constexpr std::uint64_t kLodSectionsPointerAt = kLodLayout.offsetOf<&LodRecord::sectionsPointer>();
inline constexpr std::uint64_t lodListPointerAt(std::size_t list) {
    return kLodLayout.offsetOf<&LodRecord::lists>() + list * kSectionListLayout.size +
           kSectionListLayout.offsetOf<&SectionListRecord::pointer>();
}
inline constexpr std::uint64_t kLodNamePointerAt = kLodLayout.offsetOf<&LodRecord::namePointer>();
inline constexpr std::uint64_t kLodNamePartPointerAt = kLodLayout.offsetOf<&LodRecord::namePartPointer>();
inline constexpr std::uint64_t kLodNameLastPartPointerAt =
    kLodLayout.offsetOf<&LodRecord::nameLastPartPointer>();
inline constexpr std::uint64_t kLodBoneMasksPointerAt =
    kLodBoneMasksLayout.offsetOf<&LodRecord::boneMasksPointer>();
inline constexpr std::uint64_t kLodBoneMapPointerAt =
    kLodBoneMapLayout.offsetOf<&LodRecord::boneMapPointer>();
inline constexpr std::uint64_t kSectionMaterialNamePointerAt =
    kSectionLayout.offsetOf<&SectionRecord::materialNamePointer>();
inline constexpr std::uint64_t kSectionBoneListPointerAt =
    kSectionLayout.offsetOf<&SectionRecord::boneListPointer>();

} // namespace assetscope::meshset::record_layouts
