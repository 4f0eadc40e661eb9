#include "formats/meshset/meshset_references.h"

#include "bytes/ascii_case.h"
#include "docs/doc_table.h"
#include "tree/structure_tree.h"

#include <algorithm>
#include <cctype>

namespace assetscope::meshset {

namespace {

constexpr std::string_view kChunkKey = "meshset/lod/geometry_chunk";
constexpr std::string_view kRule = "a MeshSet LOD names the chunk holding its buffers by the chunk's GUID";

// A GUID as the tree shows it: 8-4-4-4-12 hex digits, not all zero.
bool isChunkGuid(std::string_view text) {
    if (text.size() != 36) return false;
    bool nonZero = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (i == 8 || i == 13 || i == 18 || i == 23) {
            if (c != '-') return false;
            continue;
        }
        if (!std::isxdigit(static_cast<unsigned char>(c))) return false;
        nonZero = nonZero || c != '0';
    }
    return nonZero;
}

} // namespace

std::vector<ReferenceFind> chunkReferences(const ReferenceTarget& target) {
    std::vector<std::string> guids;
    if (endsWithNoCase(target.fileName, ".chunk")) {
        const std::string_view stem = target.fileName.substr(0, target.fileName.size() - 6);
        if (isChunkGuid(stem)) guids.push_back(asciiLower(stem));
    } else if (target.format == "meshset" && target.tree) {
        const StructureTree& tree = *target.tree;
        for (NodeId id = 0; id < tree.nodeCount(); ++id) {
            const Node& n = tree.node(id);
            const auto* text = std::get_if<std::string>(&n.value);
            if (!n.doc || n.doc->key != kChunkKey || !text || !isChunkGuid(*text)) continue;
            if (std::find(guids.begin(), guids.end(), *text) == guids.end()) guids.push_back(*text);
        }
    }
    std::vector<ReferenceFind> out;
    for (const std::string& guid : guids)
        out.push_back({std::string(kChunkKey), guid, true, std::string(kRule)});
    return out;
}

} // namespace assetscope::meshset
