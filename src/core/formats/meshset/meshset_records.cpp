#include "formats/meshset/meshset_records.h"
#include "bytes/number_text.h"

#include "formats/meshset/meshset_layout.h"
#include "formats/meshset/record_layouts.h"

#include <algorithm>

namespace assetscope::meshset {

namespace rl = record_layouts;

namespace {

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

void RecordReader::readHeader() {
    auto header = m_r.scope("header");
    m_state.headerNode = header.id();
    rl::HeaderRecord h;
    decltype(rl::kHeaderLayout)::Nodes nodes{};
    // The typed form takes what was read, also where the bytes end inside the header.
    const auto take = [&] {
        m_state.headerBytesMinus16 = h.headerBytesMinus16;
        m_mesh.headerBytes = h.headerBytesMinus16 + 16;
        m_mesh.lodRecordBytes = h.lodRecordBytes;
        m_state.sectionRecordBytes = h.sectionRecordBytes;
        m_mesh.boundsMin = h.boundsMin;
        m_mesh.boundsMax = h.boundsMax;
        m_state.lodPtrs = h.lodPointers;
        m_state.namePtr = h.namePointer;
        m_state.lastPtr = h.nameLastPartPointer;
        m_mesh.nameHash = h.nameHash;
        m_mesh.meshType = h.meshType;
        m_mesh.flags = h.flags;
        m_state.lodCount = h.lodCount;
        m_mesh.boneCount = h.boneCount;
        m_state.boundedBoneCount = h.boundedBoneCount;
        m_state.boneIdsPtr = h.boundedBoneIdsPointer;
        m_state.boneBoundsPtr = h.boneBoundsPointer;
    };
    const auto boned = [&] { return h.headerBytesMinus16 + 16 >= kHeaderBoned; };
    try {
        rl::kHeaderLayout.recordInto(m_r, h, &nodes);
        if (boned()) rl::kBonedHeaderLayout.recordInto(m_r, h);
    } catch (const ParseError&) {
        take();
        throw;
    }
    take();
    m_state.nameHashNode = nodes[rl::kHeaderLayout.indexOf<&rl::HeaderRecord::nameHash>()];
    m_state.meshTypeNode = nodes[rl::kHeaderLayout.indexOf<&rl::HeaderRecord::meshType>()];
    m_state.flagsNode = nodes[rl::kHeaderLayout.indexOf<&rl::HeaderRecord::flags>()];
    // Past the fields: bytes up to the header's stored size.
    gap(0, boned() ? rl::kBonedHeaderLayout.start() + rl::kBonedHeaderLayout.size : rl::kHeaderLayout.size,
        m_mesh.headerBytes);
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
            const std::uint64_t field = rl::kLodPointerAt + 8 * i;
            m_state.pointers.push_back({field, m_state.lodPtrs[i], m_state.lodPtrs[i] ? at : 0,
                                        lodRecordStride(m_mesh.lodRecordBytes), kNoNode,
                                        "LOD " + std::to_string(i) + " record", false});
            ok = m_r.guard([&] {
                if (m_state.lodPtrs[i] == 0 || m_state.lodPtrs[i] > m_r.view().size())
                    throw ParseError{"meshset.pointer.lod",
                                     "LOD " + std::to_string(i) + " record pointer " +
                                         hexText(m_state.lodPtrs[i]) + " names no record",
                                     field};
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
    rl::LodRecord l;
    decltype(rl::kLodLayout)::Nodes nodes{};
    // The typed form takes what was read, also where the bytes end inside the record.
    const auto take = [&] {
        raw.sectionCount = l.sectionCount;
        raw.sectionsPtr = l.sectionsPointer;
        for (std::size_t k = 0; k < kSectionLists; ++k) {
            raw.listCounts[k] = l.lists[k].count;
            raw.listPtrs[k] = l.lists[k].pointer;
        }
        lod.flags = l.flags;
        lod.indexFormat = l.indexFormat;
        lod.indexBufferBytes = l.indexBufferBytes;
        lod.vertexBufferBytes = l.vertexBufferBytes;
        lod.chunk = l.chunk;
        raw.namePtr = l.namePointer;
        raw.partPtr = l.namePartPointer;
        raw.lastPtr = l.nameLastPartPointer;
        lod.pathPartHash = l.pathPartHash;
        raw.masksPtr = l.boneMasksPointer;
        raw.mapCount = l.boneMapCount;
        raw.mapPtr = l.boneMapPointer;
    };
    try {
        rl::kLodLayout.recordInto(m_r, l, &nodes);
        if (m_mesh.lodRecordBytes == kLodBoneMasks)
            rl::kLodBoneMasksLayout.recordInto(m_r, l);
        else if (m_mesh.lodRecordBytes == kLodBoneMap)
            rl::kLodBoneMapLayout.recordInto(m_r, l);
    } catch (const ParseError&) {
        take();
        throw;
    }
    take();
    using Lr = rl::LodRecord;
    m_state.pointers.push_back({at + rl::kLodSectionsPointerAt, raw.sectionsPtr,
                                raw.sectionsPtr ? raw.sectionsPtr + kPointerBase : 0,
                                std::uint64_t{kSectionBytes} * raw.sectionCount,
                                nodes[rl::kLodLayout.indexOf<&Lr::sectionsPointer>()],
                                "LOD " + std::to_string(index) + " sections", false});
    raw.flagsNode = nodes[rl::kLodLayout.indexOf<&Lr::flags>()];
    raw.indexFormatNode = nodes[rl::kLodLayout.indexOf<&Lr::indexFormat>()];
    raw.vertexBytesNode = nodes[rl::kLodLayout.indexOf<&Lr::vertexBufferBytes>()];
    raw.guidNode = nodes[rl::kLodLayout.indexOf<&Lr::chunk>()];
    raw.hashNode = nodes[rl::kLodLayout.indexOf<&Lr::pathPartHash>()];
    const std::uint64_t stride = lodRecordStride(m_mesh.lodRecordBytes);
    if (stride > m_mesh.lodRecordBytes && at + stride <= m_r.view().size())
        m_r.bytes("record_padding", stride - m_mesh.lodRecordBytes);
    const ByteView bytes = m_r.view().subspan(at, std::min<std::uint64_t>(stride, m_r.view().size() - at));
    lod.raw.assign(bytes.begin(), bytes.end());
    m_r.tree().edit(record.id(), [&](Node& n) { n.display = "LOD " + std::to_string(index); });
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
    auto record = m_r.item(index);
    s.node = record.id();
    decltype(rl::kSectionLayout)::Nodes nodes{};
    static_cast<SectionRecord&>(s) = rl::kSectionLayout.record(m_r, &nodes);
    raw.primitiveTypeNode = nodes[rl::kSectionLayout.indexOf<&SectionRecord::primitiveType>()];
    raw.hashNode = nodes[rl::kSectionLayout.indexOf<&SectionRecord::materialNameHash>()];
}

} // namespace assetscope::meshset
