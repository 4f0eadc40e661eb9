#include "formats/grub/metadata_payloads.h"

#include "formats/grub/blob_records.h"
#include "formats/grub/header_records.h"
#include "formats/grub/metadata_records.h"

#include <algorithm>

namespace assetscope::grub {

namespace {

// The bundle parser's "<Tag> metadata" node whose packed payloads hold `payloadOffset`, and its
// "payloads" node; the bundle's node for both when there is none. A format's fields mostly go
// beside the "payloads" node rather than under it, which stays the leaf that accounts for every
// payload's bytes (the ones no format reads, a Name's, included).
std::pair<NodeId, NodeId> metadataNodes(const StructureTree& tree, NodeId bundle,
                                        std::uint64_t payloadOffset) {
    if (bundle == kNoNode) return {kNoNode, kNoNode};
    for (NodeId scope : tree.node(bundle).children)
        for (NodeId c : tree.node(scope).children) {
            const Node& n = tree.node(c);
            if (n.name == "payloads" && payloadOffset >= n.offset && payloadOffset - n.offset < n.size)
                return {scope, c};
        }
    return {bundle, bundle};
}

} // namespace

std::optional<PayloadPlace> metadataPayloadPlace(const StructureTree& tree, const Bundle& bundle,
                                                 std::size_t blob, std::size_t record) {
    if (blob >= bundle.blobs.size() || record >= bundle.blobs[blob].metadata.size()) return std::nullopt;
    const ByteView bytes = tree.bytes();
    const std::uint64_t recordAt =
        bundle.offset + headerLength(bundle.versionMajor, bundle.versionMinor) + blob * kBlobRecordSize;
    if (recordAt + kBlobRecordSize > bytes.size()) return std::nullopt;
    const BlobRecord b = blobRecordAt(bytes, recordAt);
    const std::uint64_t metaAt = bundle.offset + b.metadataOffset + record * kMetadataRecordSize;
    if (metaAt + kMetadataRecordSize > bytes.size()) return std::nullopt;
    const MetadataRecord m = metadataRecordAt(bytes, metaAt);
    const std::uint64_t at = metaAt + m.payloadOffset;
    const Bytes& payload = bundle.blobs[blob].metadata[record].payload;
    if (m.payloadSize() != kLargePayloadMarker && m.payloadSize() != payload.size()) return std::nullopt;
    // A payload the parser did not take (misplaced) is empty in the typed result; one it took
    // holds exactly the bytes at its place.
    if (at + payload.size() > bytes.size() ||
        !std::equal(payload.begin(), payload.end(), bytes.begin() + static_cast<std::ptrdiff_t>(at)))
        return std::nullopt;
    const auto [scope, payloads] = metadataNodes(tree, bundle.node, at);
    return PayloadPlace{at, scope, payloads};
}

} // namespace assetscope::grub
