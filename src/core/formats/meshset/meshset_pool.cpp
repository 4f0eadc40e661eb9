// The pool half of RecordReader: the items the records' pointers name, read in pool order.
#include "formats/meshset/meshset_layout.h"
#include "formats/meshset/meshset_records.h"
#include "formats/meshset/record_layouts.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace assetscope::meshset {

namespace rl = record_layouts;

bool RecordReader::seekPointer(std::uint64_t fieldOffset, std::uint64_t pointer, std::uint64_t count,
                               std::string_view what) {
    if (pointer == 0) {
        if (count > 0) {
            m_r.report(Severity::Error, "meshset.pointer.null",
                       std::string(what) + ": " + std::to_string(count) + " item(s) but a null pointer");
            m_complete = false;
        }
        return false;
    }
    const std::uint64_t target = pointer + kPointerBase;
    m_state.pointers.push_back({fieldOffset, pointer, target, 0, kNoNode, std::string(what), true});
    if (target >= m_r.view().size()) {
        m_r.report(Severity::Error, "meshset.pointer.outside-pool",
                   std::string(what) + " pointer " + std::to_string(pointer) +
                       " is past the end of the resource");
        m_complete = false;
        return false;
    }
    m_r.seek(target);
    return true;
}

std::string RecordReader::poolString(std::string_view key, std::uint64_t fieldOffset, std::uint64_t pointer,
                                     std::string_view what) {
    if (!seekPointer(fieldOffset, pointer, 1, what)) return {};
    const ByteView view = m_r.view();
    const std::uint64_t at = m_r.pos();
    const void* nul = std::memchr(view.data() + at, 0, view.size() - at);
    if (!nul) throw ParseError{"meshset.pool.string", std::string(what) + " has no terminating NUL", at};
    const std::uint64_t length = static_cast<const std::uint8_t*>(nul) - (view.data() + at);
    std::string text = m_r.text(key, length);
    m_r.tree().setSize(m_r.last(), length + 1);
    m_r.seek(at + length + 1);
    m_state.pointers.back().bytes = length + 1;
    m_state.pointers.back().node = m_r.last();
    return text;
}

ByteView RecordReader::poolBytes(std::string_view key, std::uint64_t fieldOffset, std::uint64_t pointer,
                                 std::uint64_t count, std::uint64_t stride, std::string_view what) {
    if (!seekPointer(fieldOffset, pointer, count, what)) return {};
    const std::uint64_t at = m_r.pos();
    // Written into a buffer: GCC 12 takes `"u" + std::to_string(…)` for an overlapping copy
    // (-Wrestrict) when it compiles this file alone.
    char type[8];
    std::snprintf(type, sizeof type, "u%u", static_cast<unsigned>(8 * std::min<std::uint64_t>(stride, 4)));
    m_r.array(key, count, stride, std::string_view(type), [stride](Recorder& r, std::uint64_t) {
        if (stride == 1)
            r.u8("value");
        else if (stride == 2)
            r.u16("value");
        else if (stride == 4)
            r.u32("value");
        else if (stride == 32)
            r.f32Array<8>("min_max");
        else
            r.bytes("value", stride);
    });
    m_state.pointers.back().bytes = count * stride;
    m_state.pointers.back().node = m_r.last();
    return m_r.view().subspan(at, count * stride);
}

std::vector<std::uint16_t> RecordReader::poolU16s(std::string_view key, std::uint64_t fieldOffset,
                                                  std::uint64_t pointer, std::uint64_t count,
                                                  std::string_view what) {
    const ByteView b = poolBytes(key, fieldOffset, pointer, count, 2, what);
    std::vector<std::uint16_t> out(b.size() / 2);
    if (!out.empty()) std::memcpy(out.data(), b.data(), 2 * out.size());
    return out;
}

std::vector<std::uint32_t> RecordReader::poolU32s(std::string_view key, std::uint64_t fieldOffset,
                                                  std::uint64_t pointer, std::uint64_t count,
                                                  std::string_view what) {
    const ByteView b = poolBytes(key, fieldOffset, pointer, count, 4, what);
    std::vector<std::uint32_t> out(b.size() / 4);
    if (!out.empty()) std::memcpy(out.data(), b.data(), 4 * out.size());
    return out;
}

void RecordReader::readPool() {
    m_complete = true;
    const std::uint64_t poolStart = computeLayout(m_mesh).poolStart;
    m_r.seek(std::min<std::uint64_t>(poolStart, m_r.view().size()));
    std::uint64_t end = m_r.pos();
    NodeId poolNode = kNoNode;
    auto track = [&] { end = std::max(end, m_r.pos()); };
    {
        auto pool = m_r.scope("pool");
        poolNode = pool.id();
        const std::string L = "LOD ";
        for (std::size_t i = 0; i < m_mesh.lods.size(); ++i) {
            for (std::size_t j = 0; j < m_mesh.lods[i].sections.size(); ++j) {
                Section& s = m_mesh.lods[i].sections[j];
                const std::uint64_t rec = m_state.lods[i].sectionsPtr + kPointerBase + kSectionBytes * j;
                s.boneList = poolU16s("meshset/pool/bone_list", rec + rl::kSectionBoneListPointerAt,
                                      s.boneListPointer, s.boneCount,
                                      L + std::to_string(i) + " section " + std::to_string(j) + " bone list");
                track();
            }
        }
        for (std::size_t i = 0; i < m_mesh.lods.size(); ++i) {
            Lod& lod = m_mesh.lods[i];
            const LodRaw& raw = m_state.lods[i];
            for (std::size_t j = 0; j < lod.sections.size(); ++j) {
                const std::uint64_t rec = raw.sectionsPtr + kPointerBase + kSectionBytes * j;
                lod.sections[j].materialName =
                    poolString("meshset/pool/material_name", rec + rl::kSectionMaterialNamePointerAt,
                               lod.sections[j].materialNamePointer,
                               L + std::to_string(i) + " section " + std::to_string(j) + " material name");
                track();
            }
            lod.name = poolString("meshset/pool/lod_name", raw.recordOffset + rl::kLodNamePointerAt,
                                  raw.namePtr, L + std::to_string(i) + " name");
            track();
            auto partOffset = [&](std::uint64_t ptr, std::string_view what) -> std::uint32_t {
                if (ptr >= raw.namePtr && ptr - raw.namePtr <= lod.name.size())
                    return static_cast<std::uint32_t>(ptr - raw.namePtr);
                m_r.report(Severity::Error, "meshset.lod.name-part",
                           L + std::to_string(i) + " " + std::string(what) +
                               " pointer is not inside its name",
                           lod.node);
                m_complete = false;
                return 0;
            };
            lod.namePartOffset = partOffset(raw.partPtr, "name part");
            lod.nameLastPartOffset = partOffset(raw.lastPtr, "name last part");
            m_state.pointers.push_back({raw.recordOffset + rl::kLodNamePartPointerAt, raw.partPtr,
                                        raw.partPtr ? raw.partPtr + kPointerBase : 0, 1, kNoNode,
                                        L + std::to_string(i) + " name part", true});
            m_state.pointers.push_back({raw.recordOffset + rl::kLodNameLastPartPointerAt, raw.lastPtr,
                                        raw.lastPtr ? raw.lastPtr + kPointerBase : 0, 1, kNoNode,
                                        L + std::to_string(i) + " name last part", true});
        }
        m_mesh.name =
            poolString("meshset/pool/meshset_name", rl::kNamePointerAt, m_state.namePtr, "MeshSet name");
        track();
        if (m_state.lastPtr >= m_state.namePtr && m_state.lastPtr - m_state.namePtr <= m_mesh.name.size()) {
            m_mesh.nameLastPartOffset = static_cast<std::uint32_t>(m_state.lastPtr - m_state.namePtr);
        } else {
            m_r.report(Severity::Error, "meshset.header.name-part",
                       "the name's last part pointer is not inside the name", m_state.headerNode);
            m_complete = false;
        }
        m_state.pointers.push_back({rl::kNameLastPartPointerAt, m_state.lastPtr,
                                    m_state.lastPtr ? m_state.lastPtr + kPointerBase : 0, 1, kNoNode,
                                    "MeshSet name last part", true});
        for (std::size_t i = 0; i < m_mesh.lods.size(); ++i) {
            const LodRaw& raw = m_state.lods[i];
            for (std::size_t k = 0; k < kSectionLists; ++k) {
                const ByteView list =
                    poolBytes("meshset/pool/section_index_list", raw.recordOffset + rl::lodListPointerAt(k),
                              raw.listPtrs[k], raw.listCounts[k], 1,
                              L + std::to_string(i) + " " + sectionListName(k) + " list");
                m_mesh.lods[i].sectionLists[k].assign(list.begin(), list.end());
                track();
            }
        }
        for (std::size_t i = 0; i < m_mesh.lods.size(); ++i) {
            Lod& lod = m_mesh.lods[i];
            const LodRaw& raw = m_state.lods[i];
            if (m_mesh.lodRecordBytes == kLodBoneMasks) {
                const ByteView masks = poolBytes(
                    "meshset/pool/bone_masks", raw.recordOffset + rl::kLodBoneMasksPointerAt, raw.masksPtr,
                    lod.sections.size(), kBoneMaskBytes, L + std::to_string(i) + " bone masks");
                for (std::size_t j = 0; j < lod.sections.size() && masks.size() >= (j + 1) * kBoneMaskBytes;
                     ++j)
                    std::copy_n(masks.begin() + static_cast<std::ptrdiff_t>(j * kBoneMaskBytes),
                                kBoneMaskBytes, lod.sections[j].boneMask.begin());
            } else if (m_mesh.lodRecordBytes == kLodBoneMap) {
                lod.boneMap = poolU32s("meshset/pool/bone_map", raw.recordOffset + rl::kLodBoneMapPointerAt,
                                       raw.mapPtr, raw.mapCount, L + std::to_string(i) + " bone map");
            }
            track();
        }
        if (m_mesh.hasBoneFields()) {
            m_mesh.boundedBoneIds =
                poolU16s("meshset/pool/bounded_bone_ids", rl::kBoneIdsPointerAt, m_state.boneIdsPtr,
                         m_state.boundedBoneCount, "bounded bone ids");
            track();
            const std::uint64_t n = m_state.boundedBoneCount ? m_state.boundedBoneCount : m_mesh.boneCount;
            const ByteView bounds = poolBytes("meshset/pool/bone_bounds", rl::kBoneBoundsPointerAt,
                                              m_state.boneBoundsPtr, n, 32, "bone bounds");
            m_mesh.boneBounds.resize(bounds.size() / 32);
            if (!bounds.empty()) std::memcpy(m_mesh.boneBounds.data(), bounds.data(), bounds.size());
            track();
        }
        m_r.seek(end);
    }
    m_r.tree().setSize(poolNode, end - std::min<std::uint64_t>(poolStart, end));
}

} // namespace assetscope::meshset
