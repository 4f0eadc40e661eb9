#pragma once

#include "bytes/byte_view.h"
#include "tree/checked_rules.h"
#include "tree/structure_tree.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace assetscope::grub {

inline constexpr std::uint32_t kGrubTag = 0x47727562; // "Grub", stored as the bytes "burG"
inline constexpr std::uint32_t kNameTag = 0x4E616D65; // "Name"
inline constexpr std::uint32_t kIdTag = 0x49642020;   // "Id  "
inline constexpr std::uint16_t kLargePayloadMarker = 0xFFF;
inline constexpr std::size_t kHeaderSize = 20;
inline constexpr std::size_t kHeaderSizeV10 = 16;
inline constexpr std::size_t kBlobRecordSize = 24;
inline constexpr std::size_t kMetadataRecordSize = 8;

// Blob data and the end of the header start at 4-byte boundaries.
inline std::uint64_t align4(std::uint64_t v) {
    return (v + 3) & ~std::uint64_t{3};
}

struct Metadata {
    std::uint32_t tag = 0;
    std::uint8_t version = 0;
    Bytes payload;

    bool isLarge() const { return payload.size() >= kLargePayloadMarker; }
    std::optional<std::string> name() const;
    std::optional<std::uint32_t> id() const;
};

struct Bundle;

struct Blob {
    std::uint32_t tag = 0;
    std::uint8_t versionMajor = 0;
    std::uint8_t versionMinor = 0;
    std::vector<Metadata> metadata;
    ByteSlice data;                  // a parsed blob's: a slice of the file's bytes, not a copy
    std::uint32_t dataSizeAgain = 0; // as read; the writer writes data.size()
    std::shared_ptr<Bundle> nested;  // when the data is itself a bundle
    // Where the blob was found (parsing only): absolute offset of its data and its nodes.
    std::uint64_t dataOffset = 0;
    NodeId node = kNoNode; // the blob's data node; its record is element i of Bundle::recordsNode

    const Metadata* findMetadata(std::uint32_t tag) const;
    std::optional<std::string> name() const;
    std::optional<std::uint32_t> id() const;
    std::string versionText() const;
};

struct Bundle {
    std::uint8_t versionMajor = 1;
    std::uint8_t versionMinor = 1;
    std::uint16_t reserved = 0;
    std::vector<Blob> blobs;
    // The two documented exceptions to the 4-byte arrangement (swatchbin textures).
    bool headerEndsUnaligned = false;
    bool endsShort = false;
    // Where the bundle was found (parsing only).
    std::uint64_t offset = 0;
    NodeId node = kNoNode;
    NodeId recordsNode = kNoNode; // the lazy array of blob records, one element per blob
    int depth = 0;
    // The outermost bundle's: the rules checked in it and every bundle nested in it.
    CheckedRules checkedRules;

    std::size_t nestedBundleCount() const; // bundles inside blobs, at any depth
    // The blob whose data node or record element `node` is, if any. A record element exists only
    // once a view asked for it; its index in the lazy array is the blob's.
    std::optional<std::size_t> blobOfNode(const StructureTree& tree, NodeId node) const;
};

} // namespace assetscope::grub
