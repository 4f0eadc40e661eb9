#pragma once

#include "contract/texture.h"
#include "decode/texel_format.h"
#include "formats/grub/bundle.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace assetscope::texture {

inline constexpr std::uint32_t kTxcbTag = 0x54584342; // "TXCB"
inline constexpr std::uint32_t kTxchTag = 0x54584348; // "TXCH"
// The fixed fields of a TXCH payload end here; the parameter chain lies wherever they point.
inline constexpr std::uint32_t kHeaderBytes = 0x34;
inline constexpr std::uint32_t kLinkBytes = 8;
inline constexpr std::int32_t kChainEnd = -1;
// The readers' chains hold two values; a few dozen links is far beyond any of them, and stops a
// chain made to run on and on.
inline constexpr std::size_t kMaxChainLinks = 32;

// The fixed fields of a TXCH payload (public-reader-notes.md, "Textures").
struct TextureHeader {
    std::uint32_t chainOffset = kHeaderBytes;
    std::uint32_t secondChainOffset = 0;
    std::array<std::uint8_t, 16> guid{};
    std::int32_t width = 0;
    std::int32_t height = 0;
    std::uint32_t depth = 1;
    std::uint16_t slices = 1;
    std::uint8_t mips = 1;
    std::uint8_t flags = 0;
    std::uint32_t transcoding = 0;
    std::uint32_t secondColourProfile = 0;
    std::uint32_t colourProfile = 0;
};

// One link of the parameter chain and its value, offsets from the payload's start.
struct ChainValue {
    std::uint32_t linkAt = 0;
    std::uint32_t valueAt = 0;     // the link's value offset
    std::int32_t next = kChainEnd; // the link's next offset
    std::int32_t value = 0;
};

// What the header's numbers resolve to.
struct ResolvedFormat {
    std::optional<decode::TexelFormat> format; // nullopt: a number no reader names
    bool srgb = false;
    std::string text; // DXGI name without prefix, or "encoding N" / "transcoding N" / "no encoding"
};

// A texture bundle read: the bundle, and the TXCB blob's header and chain.
struct TextureFile {
    grub::Bundle bundle;
    std::optional<std::size_t> blob;     // the TXCB blob read as the texture
    std::optional<std::size_t> metadata; // its TXCH record
    std::uint64_t payloadOffset = 0;     // absolute; where the TXCH payload starts
    std::optional<TextureHeader> header; // when the payload holds the fixed fields
    std::vector<ChainValue> chain;
    bool tiled = false; // TXCB 2.0
    ResolvedFormat format;
    // The stored levels (TXCB 0.0, a known format): offsets absolute, in stored order, only those
    // whose bytes are all present.
    std::vector<TextureLevel> levels;
    std::uint64_t chainBytes = 0; // what the header's chain needs (0 when it cannot be laid out)
    bool chainFits = false;
    std::uint64_t dataOffset = 0; // the TXCB data, absolute
    std::uint64_t dataSize = 0;
    // Tree nodes: the header scope and the data's node (the mip chain or the tiled range), and
    // one node per level where levels were recorded one by one (else the lazy array of slices).
    NodeId headerNode = kNoNode;
    NodeId dataNode = kNoNode;
    std::vector<NodeId> levelNodes;
    NodeId sliceArray = kNoNode;

    const grub::Blob* txcb() const { return blob ? &bundle.blobs[*blob] : nullptr; }
};

// The format numbers of the notes: value 0 ("encoding") when transcoding is 0 or 1, else the
// transcoding value; the sRGB form when the colour profile is not 0 and the format has one.
ResolvedFormat resolveFormat(std::uint32_t transcoding, std::optional<std::int32_t> encoding,
                             std::uint32_t colourProfile);
std::optional<decode::TexelFormat> formatOfEncoding(std::int32_t encoding);
std::optional<decode::TexelFormat> formatOfTranscoding(std::uint32_t transcoding);

// The width or height of mip `mip` of a mip-0 size: halved per level, at least 1.
std::uint32_t mipExtent(std::uint32_t extent, std::uint32_t mip);
// The bytes of one slice's chain of `mips` levels; nullopt when it does not fit 64 bits.
std::optional<std::uint64_t> sliceChainBytes(decode::TexelFormat format, std::uint32_t width,
                                             std::uint32_t height, std::uint32_t mips);

} // namespace assetscope::texture
