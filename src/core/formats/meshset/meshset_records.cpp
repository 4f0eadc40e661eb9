#include "formats/meshset/meshset_records.h"
#include "bytes/number_text.h"

#include "formats/meshset/meshset_layout.h"
#include "formats/meshset/vertex_format.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace assetscope::meshset {

namespace {

constexpr const char* kListKeys[kSectionLists] = {
    "meshset/section_lists/main_pass", "meshset/section_lists/list_1", "meshset/section_lists/decals",
    "meshset/section_lists/depth", "meshset/section_lists/shadow"};

std::string otherBits(std::uint32_t flags, std::uint32_t named) {
    const std::uint32_t rest = flags & ~named;
    return rest ? "; other bits " + hexText(rest) + " (not named)" : "";
}

} // namespace

std::string sectionListName(std::size_t list) {
    static const char* const names[kSectionLists] = {"main pass", "list 1 (transparent?)", "decals", "depth",
                                                     "shadow"};
    return list < kSectionLists ? names[list] : "list " + std::to_string(list);
}

std::string headerFlagsText(std::uint32_t flags) {
    std::string s =
        (flags & kHeaderGeometryInChunks) ? "bit 0: geometry in chunks" : "bit 0 clear: inline geometry";
    if (flags & kHeaderSomeLodBit4) s += "; bit 2: some LOD sets its bit 4";
    return s + otherBits(flags, kHeaderGeometryInChunks | kHeaderSomeLodBit4);
}

std::string lodFlagsText(std::uint32_t flags) {
    std::string s =
        (flags & kLodGeometryIsChunk) ? "bit 6: geometry is a chunk" : "bit 6 clear: inline geometry";
    if (flags & kLodBit4) s += "; bit 4";
    return s + otherBits(flags, kLodGeometryIsChunk | kLodBit4);
}

void RecordReader::gap(std::uint64_t structStart, std::uint64_t from, std::uint64_t to) {
    m_r.seek(structStart + from);
    m_r.bytes("undescribed_" + hexText(from), to - from);
}

std::uint64_t RecordReader::pointerAt(std::uint64_t structStart, std::uint64_t offset, std::string_view key) {
    m_r.seek(structStart + offset);
    return m_r.u64(key);
}

void RecordReader::readHeader() {
    auto header = m_r.scope("header");
    m_state.headerNode = header.id();
    m_state.headerBytesMinus16 = m_r.u32("meshset/header/header_bytes_minus_16");
    m_mesh.headerBytes = m_state.headerBytesMinus16 + 16;
    m_r.describe([&] { return "header of " + hexText(m_mesh.headerBytes) + " bytes"; });
    m_mesh.lodRecordBytes = m_r.u32("meshset/header/lod_record_bytes");
    m_r.describe([&] {
        return m_mesh.lodRecordBytes == kLodRigid       ? "plain LOD records"
               : m_mesh.lodRecordBytes == kLodBoneMasks ? "LOD records with bone masks"
                                                        : "LOD records with a bone map";
    });
    m_state.sectionRecordBytes = m_r.u32("meshset/header/section_record_bytes");
    m_r.bytes("meshset/header/unknown_0c", 4);
    const auto mn = m_r.f32Array<4>("meshset/header/bounds_minimum");
    const auto mx = m_r.f32Array<4>("meshset/header/bounds_maximum");
    std::copy(mn.begin(), mn.end(), m_mesh.boundsMin.begin());
    std::copy(mx.begin(), mx.end(), m_mesh.boundsMax.begin());
    {
        auto ptrs = m_r.scope("meshset/header/lod_record_pointers");
        for (std::size_t i = 0; i < kMaxLods; ++i)
            m_state.lodPtrs[i] = m_r.u64(indexName(i));
    }
    m_state.namePtr = m_r.u64("meshset/header/name_pointer");
    m_state.lastPtr = m_r.u64("meshset/header/name_last_part_pointer");
    m_mesh.nameHash = m_r.u32("meshset/header/name_hash");
    m_state.nameHashNode = m_r.last();
    m_mesh.meshType = m_r.u8("meshset/header/mesh_type");
    m_state.meshTypeNode = m_r.last();
    m_r.describe([&] { return meshTypeName(m_mesh.meshType); });
    m_r.u8("meshset/header/unknown_7d");
    gap(0, 0x7E, 0xA8);
    m_mesh.flags = m_r.u32("meshset/header/layout_flags");
    m_state.flagsNode = m_r.last();
    m_r.describe([&] { return headerFlagsText(m_mesh.flags); });
    gap(0, 0xAC, 0xB4);
    m_state.lodCount = m_r.u16("meshset/header/lod_count");
    if (m_mesh.headerBytes >= kHeaderBoned) {
        gap(0, 0xB6, 0xC4);
        m_mesh.boneCount = m_r.u16("meshset/header/bone_count");
        m_state.boundedBoneCount = m_r.u16("meshset/header/bounded_bone_count");
        m_state.boneIdsPtr = m_r.u64("meshset/header/bounded_bone_ids_pointer");
        m_state.boneBoundsPtr = m_r.u64("meshset/header/bone_bounds_pointer");
        gap(0, 0xD8, m_mesh.headerBytes);
    } else {
        gap(0, 0xB6, m_mesh.headerBytes);
    }
    const ByteView raw = m_r.view().subspan(0, m_mesh.headerBytes);
    m_mesh.headerRaw.assign(raw.begin(), raw.end());
}

void RecordReader::readLods() {
    const std::size_t count = std::min<std::size_t>(m_state.lodCount, kMaxLods);
    m_mesh.lods.resize(count);
    m_state.lods.resize(count);
    bool ok = true;
    if (count > 0) {
        const std::uint64_t first = m_state.lodPtrs[0] + kPointerBase;
        m_r.seek(std::min<std::uint64_t>(first, m_r.view().size()));
        auto records = m_r.scope("lod_records");
        for (std::size_t i = 0; i < count; ++i) {
            const std::uint64_t at = m_state.lodPtrs[i] + kPointerBase;
            m_state.pointers.push_back({0x30 + 8 * i, m_state.lodPtrs[i], m_state.lodPtrs[i] ? at : 0,
                                        lodRecordStride(m_mesh.lodRecordBytes), kNoNode,
                                        "LOD " + std::to_string(i) + " record", false});
            ok = m_r.guard([&] {
                if (m_state.lodPtrs[i] == 0 || m_state.lodPtrs[i] > m_r.view().size())
                    throw ParseError{"meshset.pointer.lod",
                                     "LOD " + std::to_string(i) + " record pointer " +
                                         hexText(m_state.lodPtrs[i]) + " names no record",
                                     0x30 + 8 * i};
                readLod(i, at);
            }) && ok;
        }
    }
    for (std::size_t i = 0; i < count && ok; ++i) {
        const std::uint64_t at = m_state.lods[i].sectionsPtr + kPointerBase;
        if (m_state.lods[i].sectionCount == 0) continue;
        m_r.seek(std::min<std::uint64_t>(at, m_r.view().size()));
        auto records = m_r.scope([&] { return "section_records LOD " + std::to_string(i); });
        ok = m_r.guard([&] { readSections(i); }) && ok;
    }
    m_complete = ok;
}

void RecordReader::readLod(std::size_t index, std::uint64_t at) {
    m_r.seek(at);
    Lod& lod = m_mesh.lods[index];
    LodRaw& raw = m_state.lods[index];
    raw.recordOffset = at;
    auto record = m_r.item(index);
    lod.node = record.id();
    gap(at, 0, 0x8);
    raw.sectionCount = m_r.u32("meshset/lod/section_count");
    raw.sectionsPtr = m_r.u64("meshset/lod/section_array_pointer");
    m_state.pointers.push_back({at + 0xC, raw.sectionsPtr,
                                raw.sectionsPtr ? raw.sectionsPtr + kPointerBase : 0,
                                std::uint64_t{kSectionBytes} * raw.sectionCount, m_r.last(),
                                "LOD " + std::to_string(index) + " sections", false});
    readSectionLists(raw);
    lod.flags = m_r.u32("meshset/lod/layout_flags");
    raw.flagsNode = m_r.last();
    m_r.describe([&] { return lodFlagsText(lod.flags); });
    lod.indexFormat = m_r.u32("meshset/lod/index_format");
    raw.indexFormatNode = m_r.last();
    m_r.describe([&] {
        return lod.indexFormat == kIndex16   ? "16-bit indices"
               : lod.indexFormat == kIndex32 ? "32-bit indices"
                                             : "unknown index format";
    });
    lod.indexBufferBytes = m_r.u32("meshset/lod/index_buffer_byte_count");
    lod.vertexBufferBytes = m_r.u32("meshset/lod/vertex_buffer_byte_count");
    raw.vertexBytesNode = m_r.last();
    gap(at, 0x60, 0x74);
    const std::uint64_t guidAt = m_r.pos();
    const ByteView guid = m_r.bytes("meshset/lod/geometry_chunk", 16, NodeKind::Field);
    std::copy(guid.begin(), guid.end(), lod.chunk.begin());
    raw.guidNode = m_r.last();
    m_r.fieldValue(raw.guidNode, "meshset/lod/geometry_chunk", guidAt, guidText(lod.chunk));
    m_r.tree().edit(raw.guidNode, [&](Node& n) {
        n.type = "guid";
        n.display = isZero(lod.chunk) ? "no chunk" : guidText(lod.chunk) + ".chunk";
    });
    gap(at, 0x84, 0x8C);
    raw.namePtr = m_r.u64("meshset/lod/name_pointer");
    raw.partPtr = m_r.u64("meshset/lod/name_part_pointer");
    raw.lastPtr = m_r.u64("meshset/lod/name_last_part_pointer");
    lod.pathPartHash = m_r.u32("meshset/lod/path_part_name_hash");
    raw.hashNode = m_r.last();
    gap(at, 0xA8, 0xB0);
    if (m_mesh.lodRecordBytes == kLodBoneMasks) {
        raw.masksPtr = m_r.u64("meshset/lod/bone_masks_or_bone_map");
    } else if (m_mesh.lodRecordBytes == kLodBoneMap) {
        raw.mapCount = m_r.u32("meshset/lod/bone_masks_or_bone_map");
        raw.mapPtr = m_r.u64("meshset/lod/bone_map_pointer");
    }
    const std::uint64_t stride = lodRecordStride(m_mesh.lodRecordBytes);
    if (stride > m_mesh.lodRecordBytes && at + stride <= m_r.view().size())
        m_r.bytes("record_padding", stride - m_mesh.lodRecordBytes);
    const ByteView bytes = m_r.view().subspan(at, std::min<std::uint64_t>(stride, m_r.view().size() - at));
    lod.raw.assign(bytes.begin(), bytes.end());
    m_r.tree().edit(record.id(), [&](Node& n) { n.display = "LOD " + std::to_string(index); });
}

void RecordReader::readSectionLists(LodRaw& raw) {
    auto lists = m_r.scope("meshset/lod/section_index_lists");
    for (std::size_t k = 0; k < kSectionLists; ++k) {
        auto list = m_r.scope(kListKeys[k]);
        raw.listCounts[k] = m_r.u32("meshset/section_index_list/count");
        raw.listPtrs[k] = m_r.u64("meshset/section_index_list/pointer");
        m_r.tree().edit(list.id(), [&](Node& n) {
            n.display = "list " + std::to_string(k) + ": " + sectionListName(k) + " (" +
                        std::to_string(raw.listCounts[k]) + " sections)";
        });
    }
}

void RecordReader::readSections(std::size_t lodIndex) {
    LodRaw& raw = m_state.lods[lodIndex];
    Lod& lod = m_mesh.lods[lodIndex];
    // The count must fit in the bytes that remain before anything is allocated for it.
    const std::uint64_t at = raw.sectionsPtr + kPointerBase;
    if (raw.sectionsPtr == 0 || at > m_r.view().size() ||
        raw.sectionCount > (m_r.view().size() - at) / kSectionBytes)
        throw ParseError{"truncated",
                         std::to_string(raw.sectionCount) + " section records at " + hexText(at) +
                             " do not fit",
                         std::min<std::uint64_t>(at, m_r.view().size())};
    lod.sections.resize(raw.sectionCount);
    raw.sections.resize(raw.sectionCount);
    for (std::size_t j = 0; j < raw.sectionCount; ++j) {
        m_r.seek(at + std::uint64_t{kSectionBytes} * j);
        readSection(lod, raw, j);
    }
}

void RecordReader::readSection(Lod& lod, LodRaw& lodRaw, std::size_t index) {
    Section& s = lod.sections[index];
    SectionRaw& raw = lodRaw.sections[index];
    const std::uint64_t at = m_r.pos();
    auto record = m_r.item(index);
    s.node = record.id();
    gap(at, 0, 0x8);
    raw.materialPtr = m_r.u64("meshset/section/material_name_pointer");
    raw.boneListPtr = m_r.u64("meshset/section/bone_list_pointer");
    raw.boneCount = m_r.u16("meshset/section/bone_count");
    gap(at, 0x1A, 0x1B);
    s.flags = m_r.u8("meshset/section/flags");
    s.materialSlot = m_r.u8("meshset/section/material_slot_index");
    gap(at, 0x1D, 0x1E);
    s.vertexStride = m_r.u8("meshset/section/total_vertex_stride");
    s.primitiveType = m_r.u8("meshset/section/primitive_type");
    raw.primitiveTypeNode = m_r.last();
    m_r.describe([&] { return s.primitiveType == 3 ? "triangle list" : "not a triangle list"; });
    s.primitiveCount = m_r.u32("meshset/section/primitive_count");
    s.startIndex = m_r.u32("meshset/section/start_index");
    s.vertexOffset = m_r.u32("meshset/section/vertex_byte_offset");
    s.vertexCount = m_r.u32("meshset/section/vertex_count");
    gap(at, 0x30, 0x54);
    raw.repeatedVertexOffset = m_r.u32("meshset/section/repeated_vertex_byte_offset");
    s.uv0Density = m_r.f32("meshset/section/uv0_texel_density");
    s.uv1Density = m_r.f32("meshset/section/uv1_texel_density");
    gap(at, 0x60, 0x70);
    readDeclaration("meshset/section/stored_vertex_declaration", s.stored);
    readDeclaration("meshset/section/draw_vertex_declaration", s.draw);
    s.materialKey = m_r.u64("meshset/section/material_key");
    raw.repeatedStartIndex = m_r.u32("meshset/section/repeated_start_index");
    s.materialNameHash = m_r.u32("meshset/section/material_name_hash");
    raw.hashNode = m_r.last();
    gap(at, 0x148, 0x14C);
    s.surfaceArea = m_r.f32("meshset/section/surface_area");
    const auto mn = m_r.f32Array<4>("meshset/section/bounds_minimum");
    const auto mx = m_r.f32Array<4>("meshset/section/bounds_maximum");
    std::copy(mn.begin(), mn.end(), s.boundsMin.begin());
    std::copy(mx.begin(), mx.end(), s.boundsMax.begin());
    gap(at, 0x170, kSectionBytes);
    const ByteView bytes = m_r.view().subspan(at, kSectionBytes);
    s.raw.assign(bytes.begin(), bytes.end());
}

void RecordReader::readDeclaration(std::string_view key, VertexDeclaration& decl) {
    auto scope = m_r.scope(key);
    {
        auto slots = m_r.scope("meshset/declaration/element_slots");
        for (std::size_t k = 0; k < decl.elements.size(); ++k) {
            VertexElement& e = decl.elements[k];
            auto element = m_r.item(k);
            e.usage = m_r.u8("meshset/element/usage");
            m_r.describe([&] { return usageName(e.usage); });
            e.format = m_r.u8("meshset/element/format");
            m_r.describe([&] { return formatName(e.format); });
            e.offset = m_r.u8("meshset/element/offset");
            e.stream = m_r.u8("meshset/element/stream");
            m_r.tree().edit(element.id(), [&](Node& n) {
                n.display = usageName(e.usage) + " " + formatName(e.format) + " @" +
                            std::to_string(e.offset) + " stream " + std::to_string(e.stream);
            });
        }
    }
    {
        auto streams = m_r.scope("meshset/declaration/stream_descriptors");
        for (std::size_t k = 0; k < decl.streams.size(); ++k) {
            auto stream = m_r.item(k);
            decl.streams[k][0] = m_r.u8("meshset/stream_descriptor/stride");
            decl.streams[k][1] = m_r.u8("meshset/stream_descriptor/second_byte");
        }
    }
    // A declaration holds 16 element slots and 16 stream descriptors; a larger count is read as
    // all 16 (VertexDeclaration::find, usedStreams).
    decl.elementCount = m_r.u8("meshset/declaration/element_count");
    m_r.check(decl.elementCount <= decl.elements.size(), "meshset.declaration.element-count",
              "meshset/declaration/element_count", [&] {
                  return std::to_string(decl.elementCount) + " elements, but a declaration has " +
                         std::to_string(decl.elements.size()) + " element slots";
              });
    decl.streamCount = m_r.u8("meshset/declaration/stream_count");
    m_r.check(decl.streamCount <= decl.streams.size(), "meshset.declaration.stream-count",
              "meshset/declaration/stream_count", [&] {
                  return std::to_string(decl.streamCount) + " streams, but a declaration has " +
                         std::to_string(decl.streams.size()) + " stream descriptors";
              });
    const ByteView unknown = m_r.bytes("meshset/declaration/unknown", 2);
    decl.unknown = {unknown[0], unknown[1]};
}

} // namespace assetscope::meshset
