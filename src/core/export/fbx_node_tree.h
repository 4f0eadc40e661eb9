#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace assetscope::exporting {

// A binary FBX file as its tree of node records, for the passes that correct what Assimp's
// writer gets wrong (fbx_sentinel_repair, fbx_blend_shapes). Properties stay encoded as in the
// file (fbx_properties.h reads and writes them), so a pass touches only the nodes it edits.
struct FbxNode {
    std::string name;
    std::uint64_t propertyCount = 0;
    std::string properties; // the encoded property records
    std::vector<FbxNode> children;
    bool closed = false; // the file ends the node's list with a null record

    // The first child named `childName`, or nullptr.
    FbxNode* child(std::string_view childName);
    const FbxNode* child(std::string_view childName) const;
};

struct FbxFile {
    std::string header; // magic, 0x1a 0x00, u32 version: 27 bytes
    std::vector<FbxNode> nodes;
    std::string footer;       // from the top-level null record to the end
    std::size_t footerAt = 0; // where the footer started in the file read
    std::uint32_t version() const;

    // The top-level node named `topName` (Objects, Connections …), or nullptr.
    FbxNode* top(std::string_view topName);
    const FbxNode* top(std::string_view topName) const;
};

// nullopt when `bytes` are not a binary FBX whose records can be walked. Node lists are read
// whether or not they end with the null record FBX requires (Assimp 5.2 leaves it out).
std::optional<FbxFile> readFbxTree(std::string_view bytes);

// The file again, every node list that has children closed by its null record, record ends
// recomputed and the footer's padding keeping its 16-byte alignment.
std::string writeFbxTree(const FbxFile& file);

} // namespace assetscope::exporting
