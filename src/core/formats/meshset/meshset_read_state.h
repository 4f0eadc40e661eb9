#pragma once

#include "formats/meshset/meshset_parser.h"
#include "tree/recorder.h"

#include <array>
#include <string>
#include <vector>

namespace assetscope::meshset {

// What the record reader keeps beside the typed form for the checks: the stored pointers (the
// writer recomputes them; a section holds its own only as part of its record) and where they were
// read.
struct PointerUse {
    std::uint64_t field = 0;  // offset of the pointer field in the resource
    std::uint64_t value = 0;  // as stored (relative to byte 16)
    std::uint64_t target = 0; // resource offset it names (value + 16), 0 for null
    std::uint64_t bytes = 0;  // size of the item read there
    NodeId node = kNoNode;
    std::string what;
    bool pool = true;           // names a pool item (not a record)
    std::uint64_t expected = 0; // the documented arrangement's offset, filled by the checks
};

struct SectionRaw {
    NodeId primitiveTypeNode = kNoNode;
    NodeId hashNode = kNoNode;
};

struct LodRaw {
    std::uint64_t recordOffset = 0;
    std::uint64_t sectionsPtr = 0;
    std::uint32_t sectionCount = 0;
    std::array<std::uint32_t, kSectionLists> listCounts{};
    std::array<std::uint64_t, kSectionLists> listPtrs{};
    std::uint64_t namePtr = 0, partPtr = 0, lastPtr = 0;
    std::uint64_t masksPtr = 0;
    std::uint32_t mapCount = 0;
    std::uint64_t mapPtr = 0;
    std::vector<SectionRaw> sections;
    NodeId flagsNode = kNoNode, indexFormatNode = kNoNode, vertexBytesNode = kNoNode, hashNode = kNoNode;
    NodeId guidNode = kNoNode;
};

struct ReadState {
    std::uint32_t headerBytesMinus16 = 0;
    std::uint32_t sectionRecordBytes = 0;
    std::array<std::uint64_t, kMaxLods> lodPtrs{};
    std::uint16_t lodCount = 0;
    std::uint64_t namePtr = 0, lastPtr = 0;
    std::uint16_t boundedBoneCount = 0;
    std::uint64_t boneIdsPtr = 0, boneBoundsPtr = 0;
    std::vector<LodRaw> lods;
    std::vector<PointerUse> pointers;
    std::vector<std::uint32_t> relocations;
    std::uint64_t tableOffset = 0; // where the table was read
    bool recordsRead = false;
    bool poolRead = false;
    NodeId headerNode = kNoNode, flagsNode = kNoNode, meshTypeNode = kNoNode, nameHashNode = kNoNode;
    NodeId tableNode = kNoNode, trailingNode = kNoNode, metadataNode = kNoNode;
};

// The strict rules that need the whole MeshSet read: arrangement and pointers against the
// documented layout, relocation table, hashes, mesh type and record sizes, flags and inline data.
void checkMeshSet(Recorder& r, const ParseResult& result, ReadState& state);

} // namespace assetscope::meshset
