#include "raw_texture_format.h"

#include "tree/recorder.h"

#include <algorithm>
#include <cstring>

namespace assetscope::rawtex {

namespace {

void put32(Bytes& out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
        out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

std::optional<decode::TexelFormat> texelFormatOf(std::uint32_t encoding) {
    if (encoding >= static_cast<std::uint32_t>(decode::kTexelFormatCount)) return std::nullopt;
    return static_cast<decode::TexelFormat>(encoding);
}

// The header as read and the levels found whole in the file; texture() hands them out.
class ParsedRawTexture : public ParsedFile {
public:
    ParsedRawTexture(StructureTree tree, std::optional<TextureDescription> texture)
        : ParsedFile(std::move(tree)), m_texture(std::move(texture)) {}

    std::string_view format() const override { return "rawtex"; }
    std::vector<InfoLine> info() const override {
        if (!m_texture) return {};
        return {{"texture", m_texture->encodingText + " " + std::to_string(m_texture->width) + "x" +
                                std::to_string(m_texture->height)}};
    }
    void count(CensusCounts&) const override {}
    std::optional<Bytes> writeBack() const override { return std::nullopt; }
    std::optional<TextureDescription> texture() const override { return m_texture; }

private:
    std::optional<TextureDescription> m_texture;
};

// Records one node per level whose bytes are all present; the description lists the same.
void readLevels(Recorder& r, TextureDescription& t) {
    auto chain = r.scope("levels");
    t.dataOffset = r.absolute(r.pos());
    t.dataSize = r.remaining();
    if (t.tiled) {
        t.tiledNote = "stored tiled: untiling needs the console's library";
        r.bytes("tiled_data", r.remaining());
        return;
    }
    if (!t.format) {
        r.bytes("data", r.remaining());
        return;
    }
    for (std::uint32_t slice = 0; slice < t.slices; ++slice)
        for (std::uint32_t mip = 0; mip < t.mips; ++mip) {
            const std::uint32_t w = std::max(1u, t.width >> std::min(mip, 31u));
            const std::uint32_t h = std::max(1u, t.height >> std::min(mip, 31u));
            const std::optional<std::uint64_t> size = decode::levelByteSize(*t.format, w, h);
            if (!size || *size > r.remaining()) return; // the rest is unaccounted
            TextureLevel level{mip, slice, w, h, r.absolute(r.pos()), *size};
            r.bytes("slice_" + std::to_string(slice) + "_mip_" + std::to_string(mip), *size);
            t.levels.push_back(level);
        }
}

class RawTextureHandler : public FormatHandler {
public:
    std::string_view name() const override { return "rawtex"; }
    std::string_view title() const override { return "Test raw textures"; }
    std::string_view extensions() const override { return ".rawtex"; }
    int sniff(ByteView bytes, std::string_view) const override {
        return bytes.size() >= kHeaderSize && std::memcmp(bytes.data(), "RTEX", 4) == 0 ? 100 : 0;
    }

    std::unique_ptr<ParsedFile> parse(SharedBytes bytes, const ParseSettings& settings) const override {
        StructureTree tree(bytes, settings.recordNodes);
        Node file;
        file.name = "rawtex";
        file.kind = NodeKind::File;
        file.size = bytes->size();
        const NodeId root = tree.add(kNoNode, std::move(file));
        Recorder r(tree, *bytes, 0, root);
        std::optional<TextureDescription> texture;
        r.guard([&] {
            TextureDescription t;
            std::uint32_t encoding = 0, flags = 0;
            {
                auto header = r.scope("header");
                r.tag("magic");
                encoding = r.u32("encoding");
                t.width = r.u32("width");
                t.height = r.u32("height");
                t.mips = r.u32("mips");
                t.slices = r.u32("slices");
                flags = r.u32("flags");
            }
            t.format = texelFormatOf(encoding);
            t.encodingText =
                t.format ? decode::dxgiName(*t.format, false) : "encoding " + std::to_string(encoding);
            t.tiled = (flags & kTiledFlag) != 0;
            if (!r.check(t.width > 0 && t.height > 0 && t.mips > 0 && t.mips <= 16 && t.slices > 0 &&
                             t.slices <= 64,
                         "rawtex.header", "", "the header's sizes are out of range"))
                return;
            readLevels(r, t);
            texture = std::move(t);
        });
        return std::make_unique<ParsedRawTexture>(std::move(tree), std::move(texture));
    }
};

} // namespace

Bytes writeRawTexture(const RawTexture& texture) {
    Bytes out = {'R', 'T', 'E', 'X'};
    for (std::uint32_t v :
         {texture.encoding, texture.width, texture.height, texture.mips, texture.slices, texture.flags})
        put32(out, v);
    out.insert(out.end(), texture.data.begin(), texture.data.end());
    return out;
}

const FormatHandler& rawTextureHandler() {
    static const RawTextureHandler handler;
    return handler;
}

} // namespace assetscope::rawtex
