#include "formats/grub/bundle.h"

#include <cstring>

namespace assetscope::grub {

std::optional<std::string> Metadata::name() const {
    if (tag != kNameTag) return std::nullopt;
    return std::string(payload.begin(), payload.end());
}

std::optional<std::uint32_t> Metadata::id() const {
    if (tag != kIdTag || payload.size() != 4) return std::nullopt;
    std::uint32_t value;
    std::memcpy(&value, payload.data(), 4);
    return value;
}

const Metadata* Blob::findMetadata(std::uint32_t wanted) const {
    for (const auto& m : metadata)
        if (m.tag == wanted) return &m;
    return nullptr;
}

std::optional<std::string> Blob::name() const {
    const Metadata* m = findMetadata(kNameTag);
    return m ? m->name() : std::nullopt;
}

std::optional<std::uint32_t> Blob::id() const {
    const Metadata* m = findMetadata(kIdTag);
    return m ? m->id() : std::nullopt;
}

std::string Blob::versionText() const {
    return std::to_string(versionMajor) + "." + std::to_string(versionMinor);
}

std::size_t Bundle::nestedBundleCount() const {
    std::size_t n = 0;
    for (const auto& b : blobs)
        if (b.nested) n += 1 + b.nested->nestedBundleCount();
    return n;
}

std::optional<std::size_t> Bundle::blobOfNode(const StructureTree& tree, NodeId node) const {
    if (node == kNoNode || node >= tree.nodeCount()) return std::nullopt;
    const Node& n = tree.node(node);
    if (recordsNode != kNoNode && n.parent == recordsNode && n.kind == NodeKind::Struct) {
        const Node& records = tree.node(recordsNode);
        if (n.offset >= records.offset && records.stride > 0) {
            const std::uint64_t i = (n.offset - records.offset) / records.stride;
            if (i < blobs.size()) return static_cast<std::size_t>(i);
        }
    }
    for (std::size_t i = 0; i < blobs.size(); ++i)
        if (blobs[i].node == node) return i;
    return std::nullopt;
}

} // namespace assetscope::grub
