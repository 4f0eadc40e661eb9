#pragma once

#include "formats/meshset/meshset.h"
#include "tree/structure_tree.h"

#include <optional>

namespace assetscope::meshset {

enum class ResourceForm { Raw, WithMetadata };

// Which form the bytes show, if any: the header bytes minus 16 is 0xc0 or 0xd0, the LOD record
// bytes one of 0xb0/0xb8/0xbc and the section record bytes 384, at byte 0 (raw) or at byte 16
// behind the 16-byte resource metadata (whose last word is 0 and whose sizes add up).
std::optional<ResourceForm> detectForm(ByteView bytes);

struct ParseResult {
    MeshSet mesh;
    ResourceForm form = ResourceForm::Raw;
    std::uint64_t resourceOffset = 0; // 16 with metadata
    bool complete = false;            // every record and pool item was read
    NodeId meshNode = kNoNode;
};

// Reads the MeshSet that fills the tree's source, under the tree's root. Never throws.
ParseResult parseMeshSet(StructureTree& tree);

} // namespace assetscope::meshset
