#pragma once

#include "contract/parsed_file.h"
#include "formats/texture/texture_file.h"

namespace assetscope::texture {

// The texture as a Subject: its mip chain (index 0), row a stored level.
inline constexpr std::uint32_t kTextureSubject = 1;

// A .swatchbin or .pb read as a texture: the bundle plus the TXCB blob's header, chain and data.
class ParsedTexture : public ParsedFile {
public:
    ParsedTexture(StructureTree tree, TextureFile file)
        : ParsedFile(std::move(tree)), m_file(std::move(file)) {}
    std::string_view format() const override { return "texture"; }
    std::vector<InfoLine> info() const override;
    void count(CensusCounts& counts) const override;
    std::optional<Bytes> writeBack() const override;
    Subject subjectOf(NodeId node) const override;
    NodeId nodeOf(const Subject& subject) const override;
    SubjectTables tables(const Subject& subject) const override;
    std::optional<TextureDescription> texture() const override;

    const TextureFile& file() const { return m_file; }

private:
    TextureFile m_file;
};

// `texture: <W>x<H>, <ENCODING>, <N> mips, <S> slices`'s value (the CLI contract).
std::string textureLine(const TextureFile& file);

const FormatHandler& textureHandler();

} // namespace assetscope::texture
