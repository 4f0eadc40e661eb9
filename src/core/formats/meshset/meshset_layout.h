#pragma once

#include "formats/meshset/meshset.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace assetscope::meshset {

// Where everything of a MeshSet goes in the documented arrangement: header, LOD records
// (16-aligned stride), every LOD's section records, then the pool (bone lists; strings; each
// LOD's five section-index lists; bone masks or bone maps; bone ids; bone bounds), then the
// relocation table. Offsets are from the resource's byte 0; 0 marks a null pointer (an empty
// item gets none). The writer writes this arrangement and the parser compares what it read
// with it, so both follow one description.
struct LodLayout {
    std::uint64_t record = 0;
    std::uint64_t sections = 0;
    std::vector<std::uint64_t> boneLists;     // per section
    std::vector<std::uint64_t> materialNames; // per section
    std::uint64_t name = 0;
    std::array<std::uint64_t, kSectionLists> lists{};
    std::uint64_t boneMasks = 0;
    std::uint64_t boneMap = 0;
};

struct Layout {
    std::vector<LodLayout> lods;
    std::uint64_t name = 0;
    std::uint64_t boneIds = 0;
    std::uint64_t boneBounds = 0;
    std::uint64_t poolStart = 0;
    std::uint64_t poolEnd = 0; // before the table's alignment
    std::uint64_t table = 0;
    std::vector<std::uint32_t> relocations; // pointer field offset - 16, in record order
    // Every pointer field (resource offset) with the offset it names, 0 for null, in record order.
    std::vector<std::pair<std::uint64_t, std::uint64_t>> pointerFields;
    std::uint64_t end() const { return table + 4 * relocations.size(); }
};

Layout computeLayout(const MeshSet& mesh);

// Number of bone bound entries the header implies: per bounded bone, else per bone.
std::size_t boneBoundCount(const MeshSet& mesh);

inline std::uint64_t alignUp(std::uint64_t v, std::uint64_t a) {
    return (v + a - 1) / a * a;
}
inline std::uint64_t pointerValue(std::uint64_t offset) {
    return offset == 0 ? 0 : offset - kPointerBase;
}

} // namespace assetscope::meshset
