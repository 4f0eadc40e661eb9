#include "formats/modelbin/model.h"

#include <algorithm>
#include <set>

namespace assetscope::modelbin {

namespace {
// "?3": a semantic whose name index lies outside the layout's names. Appended, not `"?" + …`:
// GCC 12 takes that for an overlapping copy (-Wrestrict).
std::string unknownSemanticName(int index) {
    std::string name = "?";
    name += std::to_string(index);
    return name;
}
} // namespace

bool modelBlobTag(std::uint32_t tag) {
    static constexpr std::uint32_t tags[] = {kModlTag, kMeshTag, kSkelTag, kMatITag, kVLayTag, kILayTag,
                                             kIndBTag, kVerBTag, kMBufTag, kSkinTag, kMrphTag};
    return std::find(std::begin(tags), std::end(tags), tag) != std::end(tags);
}

std::int16_t MeshRecord::materialId(std::size_t group, int season) const {
    if (group >= materialGroups.size()) return -1;
    const auto& ids = materialGroups[group];
    const std::int16_t id = ids[static_cast<std::size_t>(std::clamp(season, 0, 3))];
    return id == -1 ? ids[1] : id;
}

int MeshRecord::finestLod() const {
    for (int lod = 0; lod < 15; ++lod)
        if (hasLod(lod)) return lod;
    return -1;
}

std::string VertexLayout::semanticOf(const LayoutElement& e) const {
    const bool named =
        e.semanticNameIndex >= 0 && static_cast<std::size_t>(e.semanticNameIndex) < semanticNames.size();
    std::string name = named ? semanticNames[static_cast<std::size_t>(e.semanticNameIndex)]
                             : unknownSemanticName(e.semanticNameIndex);
    name += std::to_string(e.semanticIndex);
    return name;
}

ByteView Model::payload(const Buffer& b) const {
    if (b.blob >= bundle.blobs.size()) return {};
    const ByteView data = bundle.blobs[b.blob].data;
    if (b.payloadOffset > data.size()) return {};
    return data.subspan(b.payloadOffset,
                        std::min<std::uint64_t>(b.payloadSize, data.size() - b.payloadOffset));
}

const Buffer* Model::buffer(std::uint32_t tag, std::int64_t id) const {
    // Meshes name buffers by the Id metadata of their blobs; without Ids, by order of that tag.
    bool anyId = false;
    for (const auto& b : buffers)
        if (b.tag == tag && b.id) {
            anyId = true;
            if (static_cast<std::int64_t>(*b.id) == id) return &b;
        }
    if (anyId || id < 0) return nullptr;
    std::int64_t n = 0;
    for (const auto& b : buffers)
        if (b.tag == tag && n++ == id) return &b;
    return nullptr;
}

const VertexLayout* Model::layout(std::int64_t index) const {
    bool anyId = false;
    for (const auto& l : layouts)
        if (!l.instanceLayout && l.id) {
            anyId = true;
            if (static_cast<std::int64_t>(*l.id) == index) return &l;
        }
    if (anyId || index < 0) return nullptr;
    std::int64_t n = 0;
    for (const auto& l : layouts)
        if (!l.instanceLayout && n++ == index) return &l;
    return nullptr;
}

const MaterialSlot* Model::material(std::int64_t id) const {
    for (const auto& m : materials)
        if (m.id && static_cast<std::int64_t>(*m.id) == id) return &m;
    return nullptr;
}

std::vector<int> Model::lods() const {
    std::set<int> seen;
    for (const auto& m : meshes)
        for (int lod = 0; lod < 15; ++lod)
            if (m.hasLod(lod)) seen.insert(lod);
    return {seen.begin(), seen.end()};
}

std::uint64_t Model::vertexBufferBytes() const {
    std::uint64_t n = 0;
    for (const auto& b : buffers)
        if (b.tag == kVerBTag) n += b.payloadSize;
    return n;
}

std::string lodText(std::uint16_t lodFlags) {
    std::string out;
    for (int lod = 0; lod < 15; ++lod)
        if ((lodFlags >> (lod + 1)) & 1) out += (out.empty() ? "LOD" : ", LOD") + std::to_string(lod);
    if (lodFlags & 1) out += out.empty() ? "bit 0" : ", bit 0";
    return out.empty() ? "none" : out;
}

std::string bucketText(std::uint16_t b) {
    static constexpr std::pair<std::uint16_t, const char*> names[] = {
        {bucket::Opaque, "opaque"},           {bucket::Decal, "decal"},
        {bucket::Transparent, "transparent"}, {bucket::Shadow, "shadow"},
        {bucket::NotShadow, "not shadow"},    {bucket::AlphaToCoverage, "alpha-to-coverage"},
        {bucket::Occluder, "occluder"}};
    std::string out;
    std::uint16_t rest = b;
    for (const auto& [bit, name] : names)
        if (b & bit) {
            out += (out.empty() ? "" : " | ") + std::string(name);
            rest &= static_cast<std::uint16_t>(~bit);
        }
    if (rest)
        out += (out.empty() ? "0x" : " | 0x") + [&] {
            char buf[8];
            std::snprintf(buf, sizeof buf, "%x", rest);
            return std::string(buf);
        }();
    return out.empty() ? "none" : out;
}

std::string seasonText(const std::array<std::int16_t, 4>& ids) {
    static constexpr const char* names[] = {"spring", "summer", "autumn", "winter"};
    std::string out;
    for (std::size_t s = 0; s < 4; ++s) {
        const std::int16_t id = ids[s] == -1 ? ids[1] : ids[s];
        out += (s ? ", " : "") + std::string(names[s]) + " " + std::to_string(id) +
               (ids[s] == -1 && s != 1 ? " (-1: summer's)" : "");
    }
    return out;
}

} // namespace assetscope::modelbin
