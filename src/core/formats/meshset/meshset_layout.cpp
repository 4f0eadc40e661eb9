#include "formats/meshset/meshset_layout.h"

#include "formats/meshset/record_layouts.h"

namespace assetscope::meshset {

namespace rl = record_layouts;

std::size_t boneBoundCount(const MeshSet& mesh) {
    if (!mesh.hasBoneFields()) return 0;
    return mesh.boundedBoneIds.empty() ? mesh.boneCount : mesh.boundedBoneIds.size();
}

Layout computeLayout(const MeshSet& mesh) {
    Layout l;
    l.lods.resize(mesh.lods.size());
    std::uint64_t at = mesh.headerBytes;
    const std::uint64_t stride = lodRecordStride(mesh.lodRecordBytes);
    for (auto& lod : l.lods) {
        lod.record = at;
        at += stride;
    }
    for (std::size_t i = 0; i < mesh.lods.size(); ++i) {
        l.lods[i].sections = mesh.lods[i].sections.empty() ? 0 : at;
        at += std::uint64_t{kSectionBytes} * mesh.lods[i].sections.size();
    }
    at = alignUp(at, 16);
    l.poolStart = at;

    // Bone lists (u16 each), then the whole group 16-aligned.
    for (std::size_t i = 0; i < mesh.lods.size(); ++i) {
        for (const Section& s : mesh.lods[i].sections) {
            l.lods[i].boneLists.push_back(s.boneList.empty() ? 0 : at);
            at += 2 * s.boneList.size();
        }
    }
    at = alignUp(at, 16);

    // Strings: per LOD its section names then its own name, then the MeshSet's name.
    for (std::size_t i = 0; i < mesh.lods.size(); ++i) {
        for (const Section& s : mesh.lods[i].sections) {
            l.lods[i].materialNames.push_back(at);
            at += s.materialName.size() + 1;
        }
        l.lods[i].name = at;
        at += mesh.lods[i].name.size() + 1;
    }
    l.name = at;
    at += mesh.name.size() + 1;
    at = alignUp(at, 16);

    // Each LOD's five section-index lists, the LOD's group starting 16-aligned.
    for (std::size_t i = 0; i < mesh.lods.size(); ++i) {
        at = alignUp(at, 16);
        for (std::size_t k = 0; k < kSectionLists; ++k) {
            const auto& list = mesh.lods[i].sectionLists[k];
            l.lods[i].lists[k] = list.empty() ? 0 : at;
            at += list.size();
        }
    }
    at = alignUp(at, 16);

    // Bone masks (16-aligned per LOD) or bone maps (4-aligned per LOD).
    for (std::size_t i = 0; i < mesh.lods.size(); ++i) {
        const Lod& lod = mesh.lods[i];
        if (mesh.lodRecordBytes == kLodBoneMasks && !lod.sections.empty()) {
            at = alignUp(at, 16);
            l.lods[i].boneMasks = at;
            at += std::uint64_t{kBoneMaskBytes} * lod.sections.size();
        } else if (mesh.lodRecordBytes == kLodBoneMap && !lod.boneMap.empty()) {
            at = alignUp(at, 4);
            l.lods[i].boneMap = at;
            at += 4 * lod.boneMap.size();
        }
    }
    if (mesh.hasBoneFields()) {
        if (!mesh.boundedBoneIds.empty()) {
            at = alignUp(at, 16);
            l.boneIds = at;
            at += 2 * mesh.boundedBoneIds.size();
        }
        if (!mesh.boneBounds.empty()) {
            at = alignUp(at, 16);
            l.boneBounds = at;
            at += 32 * mesh.boneBounds.size();
        }
    }
    l.poolEnd = at;
    l.table = alignUp(at, 16);

    // Every non-null pointer field, in record order.
    auto reloc = [&](std::uint64_t field, std::uint64_t target) {
        l.pointerFields.emplace_back(field, target);
        if (target != 0) l.relocations.push_back(static_cast<std::uint32_t>(field - kPointerBase));
    };
    for (std::size_t i = 0; i < kMaxLods; ++i)
        reloc(rl::kLodPointerAt + 8 * i, i < l.lods.size() ? l.lods[i].record : 0);
    reloc(rl::kNamePointerAt, l.name);
    reloc(rl::kNameLastPartPointerAt, l.name + mesh.nameLastPartOffset);
    if (mesh.hasBoneFields()) {
        reloc(rl::kBoneIdsPointerAt, l.boneIds);
        reloc(rl::kBoneBoundsPointerAt, l.boneBounds);
    }
    for (std::size_t i = 0; i < l.lods.size(); ++i) {
        const LodLayout& lod = l.lods[i];
        reloc(lod.record + rl::kLodSectionsPointerAt, lod.sections);
        for (std::size_t k = 0; k < kSectionLists; ++k)
            reloc(lod.record + rl::lodListPointerAt(k), lod.lists[k]);
        reloc(lod.record + rl::kLodNamePointerAt, lod.name);
        reloc(lod.record + rl::kLodNamePartPointerAt, lod.name + mesh.lods[i].namePartOffset);
        reloc(lod.record + rl::kLodNameLastPartPointerAt, lod.name + mesh.lods[i].nameLastPartOffset);
        if (mesh.lodRecordBytes == kLodBoneMasks)
            reloc(lod.record + rl::kLodBoneMasksPointerAt, lod.boneMasks);
        else if (mesh.lodRecordBytes == kLodBoneMap)
            reloc(lod.record + rl::kLodBoneMapPointerAt, lod.boneMap);
    }
    for (std::size_t i = 0; i < l.lods.size(); ++i) {
        for (std::size_t s = 0; s < mesh.lods[i].sections.size(); ++s) {
            const std::uint64_t rec = l.lods[i].sections + kSectionBytes * s;
            reloc(rec + rl::kSectionMaterialNamePointerAt, l.lods[i].materialNames[s]);
            reloc(rec + rl::kSectionBoneListPointerAt, l.lods[i].boneLists[s]);
        }
    }
    return l;
}

} // namespace assetscope::meshset
