#include "formats/meshset/meshset.h"

#include <algorithm>

namespace assetscope::meshset {

std::string meshTypeName(std::uint8_t type) {
    switch (type) {
    case 0:
        return "rigid";
    case 1:
        return "skinned";
    case 2:
        return "composite";
    default:
        return "unknown (" + std::to_string(type) + ")";
    }
}

std::uint32_t lodRecordStride(std::uint32_t lodRecordBytes) {
    return (lodRecordBytes + 15u) & ~15u;
}

std::uint64_t Section::streamStart(std::size_t stream) const {
    std::uint64_t at = vertexOffset;
    for (std::size_t k = 0; k < std::min(stream, stored.usedStreams()); ++k)
        at += std::uint64_t{stored.streams[k].stride} * vertexCount;
    return at;
}

const VertexElement* VertexDeclaration::find(std::uint8_t usage) const {
    const std::size_t n = std::min<std::size_t>(elementCount, elements.size());
    for (std::size_t i = 0; i < n; ++i)
        if (elements[i].usage == usage) return &elements[i];
    return nullptr;
}

std::size_t MeshSet::sectionCount() const {
    std::size_t n = 0;
    for (const Lod& lod : lods)
        n += lod.sections.size();
    return n;
}

} // namespace assetscope::meshset
