#pragma once

// Fixture helpers shared by the texture tests: textures made by the texture writer, parsed by the
// texture handler, and their nodes found by documented key.

#include "formats/grub/grub_samples.h"
#include "formats/texture/texture_handler.h"
#include "formats/texture/texture_samples.h"
#include "formats/texture/texture_writer.h"

#include <QtGlobal>

#include <memory>
#include <string>
#include <vector>

namespace texfixtures {

using namespace assetscope;
using namespace assetscope::texture;

// A one-blob, one-record texture. Header 0x00-0x13, the TXCB record 0x14-0x2b, the TXCH record
// 0x2c-0x33, so the payload starts at 0x34: width at 0x34 + 0x18 = 0x4C, height at 0x50. The
// writer puts link 0 at payload 0x38 and its value at 0x40 (file 0x74), link 1 at 0x44 and its
// value at 0x4C: a payload of 0x50 bytes, so the data starts at 0x34 + 0x50 = 0x84.
inline TextureSpec bc7Spec() {
    TextureSpec s;
    s.header.width = 256;
    s.header.height = 128;
    s.header.mips = 9;
    s.header.colourProfile = 1;
    s.header.guid = {0x10, 0x32, 0x54, 0x76, 0x98, 0xba, 0xdc, 0xfe,
                     0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef};
    s.chainValues = {9, 256 * 128};
    // 256x128 .. 1x1, blocks of 16 bytes: 64x32 + 32x16 + 16x8 + 8x4 + 4x2 + 2x1 + 3 x 1 blocks.
    s.data.assign((2048 + 512 + 128 + 32 + 8 + 2 + 1 + 1 + 1) * 16, 0x5A);
    return s;
}

inline std::unique_ptr<ParsedTexture> parse(const Bytes& bytes, bool nodes = true) {
    ParseSettings settings;
    settings.recordNodes = nodes;
    auto file = textureHandler().parse(shareBytes(bytes), settings);
    return std::unique_ptr<ParsedTexture>(static_cast<ParsedTexture*>(file.release()));
}

inline const Node* nodeOf(const StructureTree& tree, std::string_view docKey) {
    for (NodeId id = 0; id < tree.nodeCount(); ++id)
        if (tree.node(id).doc && tree.node(id).doc->key == docKey) return &tree.node(id);
    return nullptr;
}

inline std::vector<const Node*> nodesOf(const StructureTree& tree, std::string_view docKey) {
    std::vector<const Node*> out;
    for (NodeId id = 0; id < tree.nodeCount(); ++id)
        if (tree.node(id).doc && tree.node(id).doc->key == docKey) out.push_back(&tree.node(id));
    return out;
}

inline std::int64_t intValue(const Node& n) {
    if (const auto* v = std::get_if<std::int64_t>(&n.value)) return *v;
    if (const auto* u = std::get_if<std::uint64_t>(&n.value)) return static_cast<std::int64_t>(*u);
    return -999;
}

inline void put32(Bytes& b, std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
        b[at + i] = static_cast<std::uint8_t>(v >> (8 * i));
}

inline std::uint32_t get32(const Bytes& b, std::size_t at) {
    return b[at] | b[at + 1] << 8 | b[at + 2] << 16 | static_cast<std::uint32_t>(b[at + 3]) << 24;
}

inline const archive::ZipInput& sampleNamed(const samples::SampleFiles& files, std::string_view name) {
    for (const auto& f : files)
        if (f.name.ends_with(name)) return f;
    qFatal("no sample %s", std::string(name).c_str());
}

// Where the TXCH payload starts in a one-blob, one-record texture.
inline constexpr std::size_t kPayload = 0x34;

} // namespace texfixtures
