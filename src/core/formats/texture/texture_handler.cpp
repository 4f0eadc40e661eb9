#include "formats/texture/texture_handler.h"

#include "contract/file_tree.h"
#include "formats/grub/bundle_parser.h"
#include "formats/grub/grub_handler.h"
#include "formats/texture/texture_parser.h"
#include "formats/texture/texture_writer.h"

namespace assetscope::texture {

namespace {

constexpr std::string_view kTiledNote = "TXCB 2.0 (Xbox One): the data is tiled; untiling needs the "
                                        "console's tiling library, which is not public";

class TextureHandler : public FormatHandler {
public:
    std::string_view name() const override { return "texture"; }
    std::string_view title() const override { return "ForzaTech textures"; }
    std::string_view extensions() const override { return ".swatchbin .pb"; }
    // Above the plain bundle's 50 and below a model's 80: a bundle holding a TXCB blob is a texture.
    int sniff(ByteView bytes, std::string_view) const override { return looksLikeTexture(bytes) ? 70 : 0; }
    std::unique_ptr<ParsedFile> parse(SharedBytes bytes, const ParseSettings& settings) const override {
        StructureTree tree = makeFileTree(std::move(bytes), settings);
        grub::Bundle bundle = grub::parseBundle(tree, grub::ParseOptions{});
        if (settings.containerOnly)
            return std::make_unique<grub::ParsedBundle>(std::move(tree), std::move(bundle));
        TextureFile file = parseTexture(tree, std::move(bundle));
        return std::make_unique<ParsedTexture>(std::move(tree), std::move(file));
    }
};

std::uint32_t atLeastOne(std::uint32_t n) {
    return n == 0 ? 1 : n;
}

} // namespace

std::string textureLine(const TextureFile& file) {
    const TextureHeader& h = *file.header;
    return std::to_string(h.width) + "x" + std::to_string(h.height) + ", " + file.format.text + ", " +
           std::to_string(h.mips) + " mips, " + std::to_string(h.slices) + " slices";
}

std::vector<InfoLine> ParsedTexture::info() const {
    std::vector<InfoLine> lines = grub::bundleInfo(m_file.bundle);
    if (!m_file.header) return lines;
    lines.emplace_back("texture", textureLine(m_file));
    if (m_file.tiled)
        lines.emplace_back("layout", std::string(kTiledNote));
    else if (m_file.chainBytes > 0)
        lines.emplace_back("mip chain", std::to_string(m_file.chainBytes) + " of the TXCB blob's " +
                                            std::to_string(m_file.dataSize) + " bytes" +
                                            (m_file.chainFits ? "" : " (does not fit)"));
    return lines;
}

void ParsedTexture::count(CensusCounts& counts) const {
    grub::countBundle(m_file.bundle, counts);
    if (m_file.header) counts.addKind("textures", m_file.format.text);
}

std::optional<Bytes> ParsedTexture::writeBack() const {
    return writeTexture(m_file);
}

std::optional<TextureDescription> ParsedTexture::texture() const {
    if (!m_file.header) return std::nullopt;
    const TextureHeader& h = *m_file.header;
    TextureDescription d;
    d.format = m_file.format.format;
    d.srgb = m_file.format.srgb;
    d.encodingText = m_file.format.text;
    d.width = h.width > 0 ? static_cast<std::uint32_t>(h.width) : 0;
    d.height = h.height > 0 ? static_cast<std::uint32_t>(h.height) : 0;
    d.depth = atLeastOne(h.depth);
    d.slices = atLeastOne(h.slices);
    d.mips = atLeastOne(h.mips);
    d.tiled = m_file.tiled;
    if (m_file.tiled) d.tiledNote = std::string(kTiledNote);
    d.dataOffset = m_file.dataOffset;
    d.dataSize = m_file.dataSize;
    d.levels = m_file.levels;
    return d;
}

const FormatHandler& textureHandler() {
    static const TextureHandler handler;
    return handler;
}

} // namespace assetscope::texture
