#pragma once

#include "formats/grub/bundle.h"

#include <optional>

namespace assetscope::grub {

// Where a metadata payload the bundle parser took lies, for a format that reads its fields: its
// absolute offset and the node they go under (its blob's "<Tag> metadata", beside the "payloads"
// node, else the bundle's node).
struct PayloadPlace {
    std::uint64_t offset = 0;
    NodeId parent = kNoNode;
    // The "payloads" node itself (else the bundle's node), for a format whose fields go under
    // it, so that the bytes of the payload no field reads are noted as unaccounted (TXCH).
    NodeId payloads = kNoNode;
};

// Record `record` of blob `blob` of a parsed `bundle` (an outer or a nested one) in the tree's
// bytes; nullopt when the payload is not where its record points (the bundle parser reported it
// and did not take it) or the records are out of reach.
std::optional<PayloadPlace> metadataPayloadPlace(const StructureTree& tree, const Bundle& bundle,
                                                 std::size_t blob, std::size_t record);

} // namespace assetscope::grub
