#include "formats/meshset/meshset_writer.h"

#include "formats/meshset/meshset_layout.h"

#include <algorithm>
#include <cstring>

namespace assetscope::meshset {

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
    void floats(std::uint64_t at, const float* values, std::size_t n) {
        std::memcpy(m_out.data() + at, values, 4 * n);
    }
    void text(std::uint64_t at, const std::string& s) {
        std::copy(s.begin(), s.end(), m_out.begin() + static_cast<std::ptrdiff_t>(at));
        m_out[at + s.size()] = 0;
    }

private:
    Bytes& m_out;
};

void writeDeclaration(RecordBuffer& b, std::uint64_t at, const VertexDeclaration& d) {
    for (std::size_t k = 0; k < d.elements.size(); ++k) {
        const VertexElement& e = d.elements[k];
        b.put<std::uint8_t>(at + 4 * k, e.usage);
        b.put<std::uint8_t>(at + 4 * k + 1, e.format);
        b.put<std::uint8_t>(at + 4 * k + 2, e.offset);
        b.put<std::uint8_t>(at + 4 * k + 3, e.stream);
    }
    for (std::size_t k = 0; k < d.streams.size(); ++k) {
        b.put<std::uint8_t>(at + 0x40 + 2 * k, d.streams[k][0]);
        b.put<std::uint8_t>(at + 0x40 + 2 * k + 1, d.streams[k][1]);
    }
    b.put<std::uint8_t>(at + 0x60, d.elementCount);
    b.put<std::uint8_t>(at + 0x61, d.streamCount);
    b.put<std::uint8_t>(at + 0x62, d.unknown[0]);
    b.put<std::uint8_t>(at + 0x63, d.unknown[1]);
}

void writeSection(RecordBuffer& b, std::uint64_t at, const Section& s) {
    b.raw(at, s.raw, kSectionBytes);
    b.put<std::uint16_t>(at + 0x18, static_cast<std::uint16_t>(s.boneList.size()));
    b.put<std::uint8_t>(at + 0x1B, s.flags);
    b.put<std::uint8_t>(at + 0x1C, s.materialSlot);
    b.put<std::uint8_t>(at + 0x1E, s.vertexStride);
    b.put<std::uint8_t>(at + 0x1F, s.primitiveType);
    b.put<std::uint32_t>(at + 0x20, s.primitiveCount);
    b.put<std::uint32_t>(at + 0x24, s.startIndex);
    b.put<std::uint32_t>(at + 0x28, s.vertexOffset);
    b.put<std::uint32_t>(at + 0x2C, s.vertexCount);
    b.put<std::uint32_t>(at + 0x54, s.vertexOffset);
    b.put<float>(at + 0x58, s.uv0Density);
    b.put<float>(at + 0x5C, s.uv1Density);
    writeDeclaration(b, at + 0x70, s.stored);
    writeDeclaration(b, at + 0xD4, s.draw);
    b.put<std::uint64_t>(at + 0x138, s.materialKey);
    b.put<std::uint32_t>(at + 0x140, s.startIndex);
    b.put<std::uint32_t>(at + 0x144, s.materialNameHash);
    b.put<float>(at + 0x14C, s.surfaceArea);
    b.floats(at + 0x150, s.boundsMin.data(), 4);
    b.floats(at + 0x160, s.boundsMax.data(), 4);
}

void writeLod(RecordBuffer& b, std::uint64_t at, const MeshSet& mesh, const Lod& lod) {
    b.raw(at, lod.raw, lodRecordStride(mesh.lodRecordBytes));
    b.put<std::uint32_t>(at + 0x8, static_cast<std::uint32_t>(lod.sections.size()));
    for (std::size_t k = 0; k < kSectionLists; ++k)
        b.put<std::uint32_t>(at + 0x14 + 12 * k, static_cast<std::uint32_t>(lod.sectionLists[k].size()));
    b.put<std::uint32_t>(at + 0x50, lod.flags);
    b.put<std::uint32_t>(at + 0x54, lod.indexFormat);
    b.put<std::uint32_t>(at + 0x58, lod.indexBufferBytes);
    b.put<std::uint32_t>(at + 0x5C, lod.vertexBufferBytes);
    std::copy(lod.chunk.begin(), lod.chunk.end(), b.data(at + 0x74));
    b.put<std::uint32_t>(at + 0xA4, lod.pathPartHash);
    if (mesh.lodRecordBytes == kLodBoneMap)
        b.put<std::uint32_t>(at + 0xB0, static_cast<std::uint32_t>(lod.boneMap.size()));
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

    b.raw(0, mesh.headerRaw, mesh.headerBytes);
    b.put<std::uint32_t>(0x0, mesh.headerBytes - 16);
    b.put<std::uint32_t>(0x4, mesh.lodRecordBytes);
    b.put<std::uint32_t>(0x8, kSectionBytes);
    b.floats(0x10, mesh.boundsMin.data(), 4);
    b.floats(0x20, mesh.boundsMax.data(), 4);
    b.put<std::uint32_t>(0x78, mesh.nameHash);
    b.put<std::uint8_t>(0x7C, mesh.meshType);
    b.put<std::uint32_t>(0xA8, mesh.flags);
    b.put<std::uint16_t>(0xB4, static_cast<std::uint16_t>(mesh.lods.size()));
    if (mesh.hasBoneFields()) {
        b.put<std::uint16_t>(0xC4, mesh.boneCount);
        b.put<std::uint16_t>(0xC6, static_cast<std::uint16_t>(mesh.boundedBoneIds.size()));
    }
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
    for (std::uint32_t v : {m.tableOffset, m.tableBytes, m.trailingBytes, m.reserved})
        for (int k = 0; k < 4; ++k)
            out.push_back(static_cast<std::uint8_t>(v >> (8 * k)));
    out.insert(out.end(), res.begin(), res.end());
    return out;
}

} // namespace assetscope::meshset
