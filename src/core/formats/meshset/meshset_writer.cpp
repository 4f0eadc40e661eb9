#include "formats/meshset/meshset_writer.h"

#include "formats/meshset/meshset_layout.h"
#include "formats/meshset/record_layouts.h"

#include <algorithm>
#include <cstring>

namespace assetscope::meshset {

namespace rl = record_layouts;

namespace {

class RecordBuffer {
public:
    explicit RecordBuffer(Bytes& out) : m_out(out) {}
    template <typename T> void put(std::uint64_t at, T value) {
        static_assert(std::is_trivially_copyable_v<T>);
        std::memcpy(m_out.data() + at, &value, sizeof(T));
    }
    void raw(std::uint64_t at, const Bytes& bytes, std::uint64_t size) {
        std::copy_n(bytes.begin(), std::min<std::uint64_t>(bytes.size(), size),
                    m_out.begin() + static_cast<std::ptrdiff_t>(at));
    }
    std::uint8_t* data(std::uint64_t at) { return m_out.data() + at; }
    void text(std::uint64_t at, const std::string& s) {
        std::copy(s.begin(), s.end(), m_out.begin() + static_cast<std::ptrdiff_t>(at));
        m_out[at + s.size()] = 0;
    }

private:
    Bytes& m_out;
};

// A section's record is written as held, with what follows from the rest of the typed form set:
// the bone count and the repeated vertex offset and start index. Its pointers are computeLayout's
// fields, set afterwards.
void writeSection(RecordBuffer& b, std::uint64_t at, const Section& s) {
    SectionRecord rec = s;
    rec.boneCount = static_cast<std::uint16_t>(s.boneList.size());
    rec.repeatedVertexOffset = s.vertexOffset;
    rec.repeatedStartIndex = s.startIndex;
    rl::kSectionLayout.encode(rec, b.data(at));
}

// The LOD and header records go where the arrangement puts them over the bytes they were read with
// (or zeros): the fields the typed form models are set, the rest (pointers, which computeLayout's
// fields set afterwards, and undescribed bytes) stay as read.
void writeLod(RecordBuffer& b, std::uint64_t at, const MeshSet& mesh, const Lod& lod) {
    b.raw(at, lod.raw, lodRecordStride(mesh.lodRecordBytes));
    rl::LodRecord rec = rl::kLodLayout.decode(b.data(at));
    rec.sectionCount = static_cast<std::uint32_t>(lod.sections.size());
    for (std::size_t k = 0; k < kSectionLists; ++k)
        rec.lists[k].count = static_cast<std::uint32_t>(lod.sectionLists[k].size());
    rec.flags = lod.flags;
    rec.indexFormat = lod.indexFormat;
    rec.indexBufferBytes = lod.indexBufferBytes;
    rec.vertexBufferBytes = lod.vertexBufferBytes;
    rec.chunk = lod.chunk;
    rec.pathPartHash = lod.pathPartHash;
    rl::kLodLayout.encode(rec, b.data(at));
    if (mesh.lodRecordBytes == kLodBoneMap) {
        rl::kLodBoneMapLayout.decodeInto(b.data(at), rec);
        rec.boneMapCount = static_cast<std::uint32_t>(lod.boneMap.size());
        rl::kLodBoneMapLayout.encode(rec, b.data(at));
    }
}

void writeHeader(RecordBuffer& b, const MeshSet& mesh) {
    b.raw(0, mesh.headerRaw, mesh.headerBytes);
    rl::HeaderRecord rec = rl::kHeaderLayout.decode(b.data(0));
    rec.headerBytesMinus16 = mesh.headerBytes - 16;
    rec.lodRecordBytes = mesh.lodRecordBytes;
    rec.sectionRecordBytes = kSectionBytes;
    rec.boundsMin = mesh.boundsMin;
    rec.boundsMax = mesh.boundsMax;
    rec.nameHash = mesh.nameHash;
    rec.meshType = mesh.meshType;
    rec.flags = mesh.flags;
    rec.lodCount = static_cast<std::uint16_t>(mesh.lods.size());
    rl::kHeaderLayout.encode(rec, b.data(0));
    if (mesh.hasBoneFields()) {
        rl::kBonedHeaderLayout.decodeInto(b.data(0), rec);
        rec.boneCount = mesh.boneCount;
        rec.boundedBoneCount = static_cast<std::uint16_t>(mesh.boundedBoneIds.size());
        rl::kBonedHeaderLayout.encode(rec, b.data(0));
    }
}

} // namespace

Metadata computeMetadata(const MeshSet& mesh) {
    const Layout l = computeLayout(mesh);
    Metadata m;
    m.tableOffset = static_cast<std::uint32_t>(l.table);
    m.tableBytes = static_cast<std::uint32_t>(4 * l.relocations.size());
    m.trailingBytes = static_cast<std::uint32_t>(mesh.trailing.size());
    m.reserved = mesh.metadata ? mesh.metadata->reserved : 0;
    return m;
}

Bytes writeMeshSet(const MeshSet& mesh) {
    const Layout l = computeLayout(mesh);
    Bytes res(l.end() + mesh.trailing.size(), 0);
    RecordBuffer b(res);

    writeHeader(b, mesh);
    for (std::size_t i = 0; i < mesh.lods.size(); ++i) {
        const Lod& lod = mesh.lods[i];
        const LodLayout& ll = l.lods[i];
        writeLod(b, ll.record, mesh, lod);
        for (std::size_t j = 0; j < lod.sections.size(); ++j) {
            const Section& s = lod.sections[j];
            writeSection(b, ll.sections + std::uint64_t{kSectionBytes} * j, s);
            if (ll.boneLists[j])
                std::memcpy(b.data(ll.boneLists[j]), s.boneList.data(), 2 * s.boneList.size());
            b.text(ll.materialNames[j], s.materialName);
            if (ll.boneMasks)
                std::copy(s.boneMask.begin(), s.boneMask.end(), b.data(ll.boneMasks + kBoneMaskBytes * j));
        }
        b.text(ll.name, lod.name);
        for (std::size_t k = 0; k < kSectionLists; ++k)
            if (ll.lists[k])
                std::copy(lod.sectionLists[k].begin(), lod.sectionLists[k].end(), b.data(ll.lists[k]));
        if (ll.boneMap) std::memcpy(b.data(ll.boneMap), lod.boneMap.data(), 4 * lod.boneMap.size());
    }
    b.text(l.name, mesh.name);
    if (l.boneIds) std::memcpy(b.data(l.boneIds), mesh.boundedBoneIds.data(), 2 * mesh.boundedBoneIds.size());
    if (l.boneBounds) std::memcpy(b.data(l.boneBounds), mesh.boneBounds.data(), 32 * mesh.boneBounds.size());
    for (const auto& [field, target] : l.pointerFields)
        b.put<std::uint64_t>(field, pointerValue(target));
    for (std::size_t i = 0; i < l.relocations.size(); ++i)
        b.put<std::uint32_t>(l.table + 4 * i, l.relocations[i]);
    std::copy(mesh.trailing.begin(), mesh.trailing.end(), b.data(l.end()));

    if (!mesh.metadata) return res;
    const Metadata m = computeMetadata(mesh);
    Bytes out;
    out.reserve(kMetadataBytes + res.size());
    const auto metadata = rl::kMetadataLayout.encode(m);
    out.insert(out.end(), metadata.begin(), metadata.end());
    out.insert(out.end(), res.begin(), res.end());
    return out;
}

} // namespace assetscope::meshset
