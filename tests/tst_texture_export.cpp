// Texture export: the DDS header field by field against Microsoft's DDS pages, the PNG's texels
// against values worked out by hand from the contract's conversion rules, and what ImageMagick
// reads of the DDS files.
#include "decode/texel_blocks.h"
#include "decode/texel_decode.h"
#include "decode/texel_rgba8.h"
#include "export/dds_writer.h"
#include "export/export_formats.h"
#include "export/png_writer.h"
#include "export/scene_writer.h"
#include "export/texture_writer.h"
#include "test_support.h"

#include <QFile>
#include <QImage>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <array>
#include <cstring>

using namespace assetscope;
using namespace assetscope::exporting;
using namespace assetscope::test;
using decode::TexelFormat;

namespace {

std::uint32_t u32At(const Bytes& b, std::size_t at) {
    return std::uint32_t(b[at]) | std::uint32_t(b[at + 1]) << 8 | std::uint32_t(b[at + 2]) << 16 |
           std::uint32_t(b[at + 3]) << 24;
}

// A texture whose levels lie in `input` after 16 bytes of 0xEE (so no offset is 0), each level
// filled with the byte 0x10 * (slice + 1) + mip, or with `block` repeated when it is given.
TextureDescription laidOut(TexelFormat format, bool srgb, std::uint32_t width, std::uint32_t height,
                           std::uint32_t mips, std::uint32_t slices, Bytes& input, const Bytes& block = {}) {
    TextureDescription t;
    t.format = format;
    t.srgb = srgb;
    t.encodingText = decode::dxgiName(format, srgb);
    t.width = width;
    t.height = height;
    t.mips = mips;
    t.slices = slices;
    input.assign(16, 0xEE);
    t.dataOffset = input.size();
    for (std::uint32_t s = 0; s < slices; ++s)
        for (std::uint32_t m = 0; m < mips; ++m) {
            const std::uint32_t w = std::max(width >> m, 1u), h = std::max(height >> m, 1u);
            const std::uint64_t size = *decode::levelByteSize(format, w, h);
            t.levels.push_back({m, s, w, h, input.size(), size});
            for (std::uint64_t i = 0; i < size; ++i)
                input.push_back(block.empty() ? std::uint8_t(0x10 * (s + 1) + m) : block[i % block.size()]);
        }
    t.dataSize = input.size() - t.dataOffset;
    input.insert(input.end(), 8, 0xEE); // bytes after the chain, which no export copies
    return t;
}

Bytes blockBytes(const decode::blocks::Block8& b) {
    return Bytes(b.begin(), b.end());
}

decode::TexelImage image8(std::uint32_t w, std::uint32_t h, std::vector<std::uint8_t> rgba) {
    decode::TexelImage image;
    image.width = w;
    image.height = h;
    image.rgba8 = std::move(rgba);
    return image;
}
decode::TexelImage imageF(std::uint32_t w, std::uint32_t h, std::vector<float> rgba) {
    decode::TexelImage image;
    image.width = w;
    image.height = h;
    image.isFloat = true;
    image.rgba32f = std::move(rgba);
    return image;
}

// The chunk types of a PNG file in order ("IHDR", "sRGB", "IDAT", ...), read from its bytes.
QStringList pngChunks(const QByteArray& png) {
    QStringList chunks;
    for (qsizetype at = 8; at + 8 <= png.size();) {
        const auto* p = reinterpret_cast<const unsigned char*>(png.constData() + at);
        const qsizetype length = qsizetype(p[0]) << 24 | qsizetype(p[1]) << 16 | qsizetype(p[2]) << 8 | p[3];
        chunks << QString::fromLatin1(png.mid(at + 4, 4));
        at += 12 + length;
    }
    return chunks;
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The real ImageMagick's convert (not a stand-in of the same name), or empty.
QString imageMagickConvert() {
    const QString convert = QStandardPaths::findExecutable(QStringLiteral("convert"));
    if (convert.isEmpty()) return {};
    const auto version = runProcess(convert, {QStringLiteral("-version")});
    return version.exitCode == 0 && version.out.contains("ImageMagick") ? convert : QString();
}

} // namespace

class TestTextureExport : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString path(const QString& name) const { return m_dir.filePath(name); }

    // Exports `choice` of a texture whose every level repeats `block` as PNG and reads it back.
    QImage exportedPng(const QString& name, TexelFormat format, bool srgb, std::uint32_t mips,
                       std::uint32_t slices, const Bytes& block, TextureChoice choice,
                       bool* hasSrgbChunk = nullptr) {
        Bytes input;
        const TextureDescription t = laidOut(format, srgb, 8, 8, mips, slices, input, block);
        std::string error;
        TextureWriteReport report;
        if (!writeTexture(t, input, Format::Png, choice, path(name).toStdString(), error, &report)) {
            qWarning("%s", error.c_str());
            return {};
        }
        const QByteArray bytes = readAll(path(name));
        if (hasSrgbChunk) *hasSrgbChunk = pngChunks(bytes).contains("sRGB");
        QImage image;
        image.loadFromData(bytes, "PNG");
        return image.convertToFormat(QImage::Format_ARGB32);
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // The formats are in the one list, as texture formats, each saying what it keeps.
    void textureFormatsAreInTheList() {
        QStringList names;
        for (const ExportFormat& f : exportFormats(ExportKind::Texture))
            names << QString::fromUtf8(f.name);
        QCOMPARE(names, (QStringList{"png", "dds"}));
        QCOMPARE(allExportFormats().size(), std::size_t(6));
        QCOMPARE(formatNameList("", "|", "|", allExportFormats()), std::string("glb|gltf|obj|fbx|png|dds"));
        QCOMPARE(formatFromPath("a/b.DDS"), std::optional(Format::Dds));
        QCOMPARE(exportFormat(Format::Png).kind(), ExportKind::Texture);
        QCOMPARE(
            keepsText(exportFormat(Format::Png).keeps),
            std::string("Keeps one level (the mip and slice chosen) decoded to 8-bit RGBA, marked sRGB when "
                        "its encoding is; loses the other levels, the block encoding and what 8 bits cannot "
                        "hold (floats are clamped to [0, 1], signed values mapped to [0, 1])."));
        QCOMPARE(
            keepsText(exportFormat(Format::Dds).keeps),
            std::string("Keeps every mip of every slice as stored, behind the header DirectXTex writes (a "
                        "legacy one where it names the encoding: DXT1, DXT3, DXT5, BC4U, BC5U or bit "
                        "masks; else DX10 with the DXGI format): lossless."));
        // A scene writer refuses a texture format instead of calling a writer it does not have.
        std::string error;
        QVERIFY(!writeScene(ExportScene{}, Format::Png, path("x.png").toStdString(), error));
        QCOMPARE(error, std::string("png writes textures, not meshes"));
    }

    // docs/textures.md repeats the keeps words (line breaks aside), as the README does for models.
    void docsSayWhatEachFormatKeeps() {
        QString docs = QString::fromUtf8(readAll(QStringLiteral(ASSETSCOPE_SOURCE_DIR "/docs/textures.md")));
        docs.replace(QRegularExpression(QStringLiteral("\\s+")), QStringLiteral(" "));
        for (const ExportFormat& f : exportFormats(ExportKind::Texture)) {
            const QString words = QString::fromStdString(keepsText(f.keeps));
            QVERIFY2(docs.contains(words), qPrintable(words));
        }
    }

    // BC1, 64 x 32, 7 mips, one slice: the legacy header DirectXTex writes, FourCC DXT1 and no
    // DDS_HEADER_DXT10. From Microsoft's "DDS_HEADER structure" and "DDS_PIXELFORMAT structure":
    // flags CAPS 0x1 | HEIGHT 0x2 | WIDTH 0x4 | PIXELFORMAT 0x1000 | MIPMAPCOUNT 0x20000 |
    // LINEARSIZE 0x80000 = 0xA1007; linear size, the top level's bytes: (64/4) x (32/4) blocks x 8 =
    // 1024; pixel format flags DDPF_FOURCC 0x4; caps TEXTURE 0x1000 | COMPLEX 0x8 | MIPMAP 0x400000 =
    // 0x401008.
    void ddsHeaderOfAMippedBc1() {
        Bytes input;
        const TextureDescription t = laidOut(TexelFormat::BC1, false, 64, 32, 7, 1, input);
        const auto header = ddsHeader(t);
        QVERIFY(header);
        QCOMPARE(header->size(), std::size_t(128));
        QCOMPARE(QByteArray(reinterpret_cast<const char*>(header->data()), 4), QByteArray("DDS "));
        QCOMPARE(u32At(*header, 4), 124u);          // dwSize
        QCOMPARE(u32At(*header, 8), 0xA1007u);      // dwFlags
        QCOMPARE(u32At(*header, 12), 32u);          // dwHeight
        QCOMPARE(u32At(*header, 16), 64u);          // dwWidth
        QCOMPARE(u32At(*header, 20), 1024u);        // dwPitchOrLinearSize
        QCOMPARE(u32At(*header, 24), 0u);           // dwDepth
        QCOMPARE(u32At(*header, 28), 7u);           // dwMipMapCount
        for (std::size_t at = 32; at < 76; at += 4) // dwReserved1[11]
            QCOMPARE(u32At(*header, at), 0u);
        QCOMPARE(u32At(*header, 76), 32u); // ddspf.dwSize
        QCOMPARE(u32At(*header, 80), 4u);  // ddspf.dwFlags: DDPF_FOURCC
        QCOMPARE(QByteArray(reinterpret_cast<const char*>(header->data()) + 84, 4), QByteArray("DXT1"));
        for (std::size_t at = 88; at < 108; at += 4) // bit count and masks
            QCOMPARE(u32At(*header, at), 0u);
        QCOMPARE(u32At(*header, 108), 0x401008u);     // dwCaps
        for (std::size_t at = 112; at < 128; at += 4) // dwCaps2..4, dwReserved2
            QCOMPARE(u32At(*header, at), 0u);
    }

    // BC7, the same shape: no legacy FourCC names it, so the pixel format is the FourCC DX10 and
    // the DDS_HEADER_DXT10 follows ("DDS_HEADER_DXT10 structure"): DXGI_FORMAT_BC7_UNORM 98,
    // DDS_DIMENSION_TEXTURE2D 3, no misc flag, arraySize 1, miscFlags2 0 (alpha mode unknown).
    // The linear size is (64/4) x (32/4) blocks x 16 = 2048.
    void ddsHeaderOfAMippedBc7() {
        Bytes input;
        const TextureDescription t = laidOut(TexelFormat::BC7, false, 64, 32, 7, 1, input);
        const auto header = ddsHeader(t);
        QVERIFY(header);
        QCOMPARE(header->size(), std::size_t(148));
        QCOMPARE(u32At(*header, 8), 0xA1007u);
        QCOMPARE(u32At(*header, 20), 2048u);
        QCOMPARE(u32At(*header, 28), 7u);
        QCOMPARE(u32At(*header, 76), 32u);
        QCOMPARE(u32At(*header, 80), 4u);
        QCOMPARE(QByteArray(reinterpret_cast<const char*>(header->data()) + 84, 4), QByteArray("DX10"));
        for (std::size_t at = 88; at < 108; at += 4)
            QCOMPARE(u32At(*header, at), 0u);
        QCOMPARE(u32At(*header, 108), 0x401008u);
        for (std::size_t at = 112; at < 128; at += 4)
            QCOMPARE(u32At(*header, at), 0u);
        QCOMPARE(u32At(*header, 128), 98u); // dxgiFormat
        QCOMPARE(u32At(*header, 132), 3u);  // resourceDimension
        QCOMPARE(u32At(*header, 136), 0u);  // miscFlag
        QCOMPARE(u32At(*header, 140), 1u);  // arraySize
        QCOMPARE(u32At(*header, 144), 0u);  // miscFlags2
    }

    // R8G8B8A8 sRGB, 5 x 3, one mip, four slices: sRGB and an array both need DX10. Flags 0x1007 |
    // PITCH 0x8 = 0x100F; the pitch is a row's bytes, 5 x 4 = 20; no mip count flag and no MIPMAP
    // cap, but COMPLEX for the four surfaces: 0x1008; DXGI_FORMAT_R8G8B8A8_UNORM_SRGB 29; arraySize 4.
    void ddsHeaderOfAnSrgbArray() {
        Bytes input;
        const TextureDescription t = laidOut(TexelFormat::R8G8B8A8Unorm, true, 5, 3, 1, 4, input);
        const auto header = ddsHeader(t);
        QVERIFY(header);
        QCOMPARE(header->size(), std::size_t(148));
        QCOMPARE(u32At(*header, 8), 0x100Fu);
        QCOMPARE(u32At(*header, 12), 3u);
        QCOMPARE(u32At(*header, 16), 5u);
        QCOMPARE(u32At(*header, 20), 20u);
        QCOMPARE(u32At(*header, 28), 1u);
        QCOMPARE(u32At(*header, 108), 0x1008u);
        QCOMPARE(u32At(*header, 128), 29u);
        QCOMPARE(u32At(*header, 140), 4u);
    }

    // An array of a format with a legacy name still needs DX10: a legacy header holds one texture.
    void ddsHeaderOfALegacyFormatArray() {
        Bytes input;
        const auto header = ddsHeader(laidOut(TexelFormat::BC1, false, 8, 8, 1, 6, input));
        QVERIFY(header);
        QCOMPARE(header->size(), std::size_t(148));
        QCOMPARE(QByteArray(reinterpret_cast<const char*>(header->data()) + 84, 4), QByteArray("DX10"));
        QCOMPARE(u32At(*header, 112), 0u); // not a cube: no DDSCAPS2_CUBEMAP
        QCOMPARE(u32At(*header, 128), 71u);
        QCOMPARE(u32At(*header, 136), 0u);
        QCOMPARE(u32At(*header, 140), 6u);
    }

    // Cubes, by their caps: dwCaps2 DDSCAPS2_CUBEMAP 0x200 | POSITIVEX 0x400 | NEGATIVEX 0x800 |
    // POSITIVEY 0x1000 | NEGATIVEY 0x2000 | POSITIVEZ 0x4000 | NEGATIVEZ 0x8000 = 0xFE00, and COMPLEX.
    void ddsHeaderOfCubes() {
        Bytes input;
        // One BC1 cube, 3 mips: the legacy header (DirectXTex writes one for a single cube).
        TextureDescription t = laidOut(TexelFormat::BC1, false, 8, 8, 3, 6, input);
        t.cube = true;
        auto header = ddsHeader(t);
        QVERIFY(header);
        QCOMPARE(header->size(), std::size_t(128));
        QCOMPARE(QByteArray(reinterpret_cast<const char*>(header->data()) + 84, 4), QByteArray("DXT1"));
        QCOMPARE(u32At(*header, 108), 0x401008u);
        QCOMPARE(u32At(*header, 112), 0xFE00u);
        // A BC7 cube: DX10 with DDS_RESOURCE_MISC_TEXTURECUBE 0x4 and arraySize counting cubes, 1;
        // one mip, so caps TEXTURE | COMPLEX = 0x1008.
        t = laidOut(TexelFormat::BC7, true, 8, 8, 1, 6, input);
        t.cube = true;
        header = ddsHeader(t);
        QVERIFY(header);
        QCOMPARE(header->size(), std::size_t(148));
        QCOMPARE(u32At(*header, 108), 0x1008u);
        QCOMPARE(u32At(*header, 112), 0xFE00u);
        QCOMPARE(u32At(*header, 128), 99u);
        QCOMPARE(u32At(*header, 136), 4u);
        QCOMPARE(u32At(*header, 140), 1u);
        // Two BC1 cubes (12 slices): an array of cubes needs DX10, arraySize 2.
        t = laidOut(TexelFormat::BC1, false, 8, 8, 1, 12, input);
        t.cube = true;
        header = ddsHeader(t);
        QVERIFY(header);
        QCOMPARE(header->size(), std::size_t(148));
        QCOMPARE(u32At(*header, 112), 0xFE00u);
        QCOMPARE(u32At(*header, 128), 71u);
        QCOMPARE(u32At(*header, 136), 4u);
        QCOMPARE(u32At(*header, 140), 2u);
        // Four slices are no whole cube: written as the array they are.
        t = laidOut(TexelFormat::BC1, false, 8, 8, 1, 4, input);
        t.cube = true;
        header = ddsHeader(t);
        QVERIFY(header);
        QCOMPARE(u32At(*header, 112), 0u);
        QCOMPARE(u32At(*header, 136), 0u);
        QCOMPARE(u32At(*header, 140), 4u);
    }

    // Every encoding, linear and sRGB, 4 x 4, one mip: the pixel format DirectXTex writes by default
    // where a legacy one names the encoding (Microsoft's "DDS_PIXELFORMAT structure" and DirectXTex's
    // EncodeDDSHeader), else DX10 and the DXGI number of Microsoft's DXGI_FORMAT enumeration. The
    // masks: R8G8B8A8 is byte 0 red ... byte 3 alpha of a little-endian 32-bit texel; B5G6R5 blue
    // in bits 0-4, green 5-10, red 11-15; B5G5R5A1 blue 0-4, green 5-9, red 10-14, alpha 15; R8 as
    // luminance (DDPF_LUMINANCE 0x20000) and A8 as alpha (DDPF_ALPHA 0x2), both 8 bits. Pitch: a
    // 4 x 4 BC1 or BC4 level is one 8-byte block, the other block formats one 16-byte block; an
    // uncompressed row is 4 texels.
    void ddsHeaderNamesEachEncoding() {
        struct Row {
            TexelFormat format;
            bool srgb;
            std::uint32_t pitch;
            std::uint32_t pfFlags;
            const char* fourCc; // nullptr: bit masks
            std::uint32_t bits;
            std::array<std::uint32_t, 4> masks;
            std::uint32_t dxgi; // 0: a legacy header, no DX10
        };
        const Row rows[] = {
            {TexelFormat::BC1, false, 8, 0x4, "DXT1", 0, {}, 0},
            {TexelFormat::BC1, true, 8, 0x4, "DX10", 0, {}, 72},
            {TexelFormat::BC2, false, 16, 0x4, "DXT3", 0, {}, 0},
            {TexelFormat::BC2, true, 16, 0x4, "DX10", 0, {}, 75},
            {TexelFormat::BC3, false, 16, 0x4, "DXT5", 0, {}, 0},
            {TexelFormat::BC3, true, 16, 0x4, "DX10", 0, {}, 78},
            {TexelFormat::BC4, false, 8, 0x4, "BC4U", 0, {}, 0},
            {TexelFormat::BC4Signed, false, 8, 0x4, "DX10", 0, {}, 81},
            {TexelFormat::BC5, false, 16, 0x4, "BC5U", 0, {}, 0},
            {TexelFormat::BC5Signed, false, 16, 0x4, "DX10", 0, {}, 84},
            {TexelFormat::BC6HUnsigned, false, 16, 0x4, "DX10", 0, {}, 95},
            {TexelFormat::BC6HSigned, false, 16, 0x4, "DX10", 0, {}, 96},
            {TexelFormat::BC7, false, 16, 0x4, "DX10", 0, {}, 98},
            {TexelFormat::BC7, true, 16, 0x4, "DX10", 0, {}, 99},
            {TexelFormat::R32G32B32A32Float, false, 64, 0x4, "DX10", 0, {}, 2},
            {TexelFormat::R16G16B16A16Unorm, false, 32, 0x4, "DX10", 0, {}, 11},
            {TexelFormat::R16G16B16A16Float, false, 32, 0x4, "DX10", 0, {}, 10},
            {TexelFormat::R8G8B8A8Unorm,
             false,
             16,
             0x41,
             nullptr,
             32,
             {0x000000FF, 0x0000FF00, 0x00FF0000, 0xFF000000},
             0},
            {TexelFormat::R8G8B8A8Unorm, true, 16, 0x4, "DX10", 0, {}, 29},
            {TexelFormat::B5G6R5, false, 8, 0x40, nullptr, 16, {0xF800, 0x07E0, 0x001F, 0}, 0},
            {TexelFormat::B5G5R5A1, false, 8, 0x41, nullptr, 16, {0x7C00, 0x03E0, 0x001F, 0x8000}, 0},
            {TexelFormat::R8Unorm, false, 4, 0x20000, nullptr, 8, {0xFF, 0, 0, 0}, 0},
            {TexelFormat::A8Unorm, false, 4, 0x2, nullptr, 8, {0, 0, 0, 0xFF}, 0},
        };
        for (const Row& row : rows) {
            Bytes input;
            const auto header = ddsHeader(laidOut(row.format, row.srgb, 4, 4, 1, 1, input));
            QVERIFY(header);
            const std::string name = decode::dxgiName(row.format, row.srgb);
            QVERIFY2(header->size() == (row.dxgi ? 148u : 128u), name.c_str());
            QVERIFY2(u32At(*header, 20) == row.pitch, name.c_str());
            QVERIFY2(u32At(*header, 80) == row.pfFlags, name.c_str());
            const std::uint32_t fourCc = row.fourCc ? u32At(Bytes(row.fourCc, row.fourCc + 4), 0) : 0;
            QVERIFY2(u32At(*header, 84) == fourCc, name.c_str());
            QVERIFY2(u32At(*header, 88) == row.bits, name.c_str());
            for (std::size_t i = 0; i < 4; ++i)
                QVERIFY2(u32At(*header, 92 + 4 * i) == row.masks[i], name.c_str());
            if (row.dxgi) QVERIFY2(u32At(*header, 128) == row.dxgi, name.c_str());
        }
        // A format without an sRGB form is written as its linear self when asked for sRGB.
        for (TexelFormat format : {TexelFormat::BC4, TexelFormat::B5G6R5, TexelFormat::R8Unorm}) {
            Bytes input;
            QVERIFY(ddsHeader(laidOut(format, true, 4, 4, 1, 1, input)) ==
                    ddsHeader(laidOut(format, false, 4, 4, 1, 1, input)));
        }
        TextureDescription unknown;
        unknown.encodingText = "encoding 17";
        QVERIFY(!ddsHeader(unknown));
    }

    // The data after the header is every level as stored, slice 0's mips then slice 1's, and
    // nothing of the bytes around the chain.
    void ddsHoldsTheChainAsStored() {
        Bytes input;
        const TextureDescription t = laidOut(TexelFormat::BC1, false, 8, 8, 3, 2, input);
        const QString out = path("chain.dds");
        TextureWriteReport report;
        std::string error;
        QVERIFY2(writeTexture(t, input, Format::Dds, {}, out.toStdString(), error, &report), error.c_str());
        const QByteArray dds = readAll(out);
        // Levels of 8x8, 4x4, 2x2 texels: 4, 1 and 1 blocks of 8 bytes, twice.
        QCOMPARE(dds.size(), 148 + 2 * (32 + 8 + 8));
        QByteArray expected;
        for (char slice : {0x10, 0x20})
            expected += QByteArray(32, char(slice + 0)) + QByteArray(8, char(slice + 1)) +
                        QByteArray(8, char(slice + 2));
        QCOMPARE(dds.mid(148), expected);
        QCOMPARE(report.levels, 6u);
        QVERIFY(report.notes.empty());
        QCOMPARE(report.files.size(), std::size_t(1));
    }

    void ddsRefusesAnIncompleteChain() {
        Bytes input;
        TextureDescription t = laidOut(TexelFormat::BC3, false, 8, 8, 2, 1, input);
        t.levels.pop_back();
        std::string error;
        QVERIFY(!writeTexture(t, input, Format::Dds, {}, path("part.dds").toStdString(), error));
        QCOMPARE(error, std::string("the file holds 1 of the chain's 2 levels"));
        QVERIFY(!QFile::exists(path("part.dds")));
        t = laidOut(TexelFormat::BC3, false, 8, 8, 2, 1, input);
        t.levels[1].size = 8; // a 4x4 BC3 level is one block of 16 bytes
        QVERIFY(!writeTexture(t, input, Format::Dds, {}, path("part.dds").toStdString(), error));
        QCOMPARE(error, std::string("mip 1 of slice 0 is not the size a DDS reader expects of 4x4 texels"));
        t = laidOut(TexelFormat::BC3, false, 8, 8, 2, 1, input);
        t.levels[1].offset = input.size() - 8; // runs past the end
        QVERIFY(!writeTexture(t, input, Format::Dds, {}, path("part.dds").toStdString(), error));
        QCOMPARE(error, std::string("mip 1 of slice 0 is not all in the file"));
    }

    // A tiled texture: DDS with the one range as stored and a note; PNG refused with the reason.
    void tiledTexturesAreDdsOnly() {
        Bytes input(40, 0xEE);
        for (int i = 0; i < 64; ++i)
            input.push_back(std::uint8_t(i));
        TextureDescription t;
        t.format = TexelFormat::BC7;
        t.srgb = true;
        t.encodingText = "BC7_UNORM_SRGB";
        t.width = t.height = 8;
        t.mips = 1;
        t.tiled = true;
        t.dataOffset = 40;
        t.dataSize = 64;
        TextureWriteReport report;
        std::string error;
        QVERIFY2(writeTexture(t, input, Format::Dds, {}, path("tiled.dds").toStdString(), error, &report),
                 error.c_str());
        const QByteArray dds = readAll(path("tiled.dds"));
        QCOMPARE(dds.size(), 148 + 64);
        QCOMPARE(u32At(Bytes(dds.begin(), dds.end()), 128), 99u);
        QCOMPARE(dds.mid(148), QByteArray(reinterpret_cast<const char*>(input.data()) + 40, 64));
        QCOMPARE(report.notes.size(), std::size_t(1));
        QVERIFY(QString::fromStdString(report.notes[0]).contains("tiled"));
        QVERIFY(!writeTexture(t, input, Format::Png, {}, path("tiled.png").toStdString(), error));
        QCOMPARE(error, std::string("a tiled texture cannot be written as PNG: untiling needs the console's "
                                    "library (export it as .dds to keep its data as stored)"));
        QVERIFY(!QFile::exists(path("tiled.png")));
    }

    void refusalsNameTheReason() {
        Bytes input;
        TextureDescription t = laidOut(TexelFormat::BC1, false, 16, 16, 3, 2, input);
        QCOMPARE(textureRefusal(t, Format::Png, {3, 0}),
                 std::optional<std::string>("mip 3 is out of range: the texture has 3 mips (0 to 2)"));
        QCOMPARE(textureRefusal(t, Format::Png, {0, 2}),
                 std::optional<std::string>("slice 2 is out of range: the texture has 2 slices (0 to 1)"));
        QCOMPARE(textureRefusal(t, Format::Glb, {}),
                 std::optional<std::string>("glb writes meshes, not textures"));
        QVERIFY(!textureRefusal(t, Format::Png, {2, 1}));
        t.levels.pop_back();
        QCOMPARE(textureRefusal(t, Format::Png, {2, 1}),
                 std::optional<std::string>("mip 2 of slice 1 is not all in the file"));
        t.slices = 1;
        QCOMPARE(textureRefusal(t, Format::Png, {0, 1}),
                 std::optional<std::string>("slice 1 is out of range: the texture has 1 slice (0)"));
        t.format.reset();
        t.encodingText = "encoding 17";
        const std::optional<std::string> unknown(
            "encoding 17 is an encoding no public reader names; it cannot be "
            "exported");
        QCOMPARE(textureRefusal(t, Format::Png, {}), unknown);
        QCOMPARE(textureRefusal(t, Format::Dds, {}), unknown);
    }

    // The contract's conversions, on decoded texels written by hand.
    void pngTexelsFollowTheContract() {
        using V = std::vector<std::uint8_t>;
        // BC4 and R8 as grey, alpha 255.
        QCOMPARE(decode::rgba8Texels(TexelFormat::BC4, image8(1, 1, {200, 0, 0, 255})),
                 (V{200, 200, 200, 255}));
        QCOMPARE(decode::rgba8Texels(TexelFormat::R8Unorm, image8(1, 1, {7, 0, 0, 255})), (V{7, 7, 7, 255}));
        // BC5: red and green, blue 0, alpha 255.
        QCOMPARE(decode::rgba8Texels(TexelFormat::BC5, image8(1, 1, {10, 20, 0, 255})), (V{10, 20, 0, 255}));
        // A8: colour 0, alpha as stored.
        QCOMPARE(decode::rgba8Texels(TexelFormat::A8Unorm, image8(1, 1, {0, 0, 0, 77})), (V{0, 0, 0, 77}));
        // B5G6R5 stores no alpha: 255 whatever the decoder gave.
        QCOMPARE(decode::rgba8Texels(TexelFormat::B5G6R5, image8(1, 1, {255, 130, 0, 9})),
                 (V{255, 130, 0, 255}));
        // BC1 keeps its 1-bit alpha (a transparent texel of a three-colour block).
        QCOMPARE(decode::rgba8Texels(TexelFormat::BC1, image8(2, 1, {255, 0, 0, 255, 0, 0, 0, 0})),
                 (V{255, 0, 0, 255, 0, 0, 0, 0}));
        // Signed BC4: v * 0.5 + 0.5, then x 255 rounded: -1 -> 0, 0 -> 127.5 -> 128, 0.5 -> 191.25 -> 191,
        // 1 -> 255; grey, alpha 255.
        QCOMPARE(decode::rgba8Texels(TexelFormat::BC4Signed,
                                     imageF(4, 1, {-1, 0, 0, 1, 0, 0, 0, 1, 0.5f, 0, 0, 1, 1, 0, 0, 1})),
                 (V{0, 0, 0, 255, 128, 128, 128, 255, 191, 191, 191, 255, 255, 255, 255, 255}));
        // Signed BC5: red -1 -> 0, green 1 -> 255, blue 0 (not mapped: BC5 stores no blue).
        QCOMPARE(decode::rgba8Texels(TexelFormat::BC5Signed, imageF(1, 1, {-1, 1, 0, 1})),
                 (V{0, 255, 0, 255}));
        // Floats clamped to [0, 1]: 1.5 -> 255, -0.2 -> 0, 0.5 -> 128, alpha 0.25 -> 63.75 -> 64.
        QCOMPARE(
            decode::rgba8Texels(TexelFormat::R16G16B16A16Float, imageF(1, 1, {1.5f, -0.2f, 0.5f, 0.25f})),
            (V{255, 0, 128, 64}));
        // BC6H: clamped like any float, NaN to 0, no alpha stored so 255; its signed form is
        // clamped too (it is a float format, not a signed normalised one).
        QCOMPARE(
            decode::rgba8Texels(TexelFormat::BC6HUnsigned, imageF(1, 1, {2.0f, 0.5f, std::nanf(""), 0.0f})),
            (V{255, 128, 0, 255}));
        QCOMPARE(decode::rgba8Texels(TexelFormat::BC6HSigned, imageF(1, 1, {-1.0f, 0.2f, 0.0f, 1.0f})),
                 (V{0, 51, 0, 255}));
        // R16G16B16A16_UNORM decodes to floats: 1 -> 255.
        QCOMPARE(decode::rgba8Texels(TexelFormat::R16G16B16A16Unorm, imageF(1, 1, {1, 0, 0, 1})),
                 (V{255, 0, 0, 255}));
        // An image that is not width x height texels gives nothing.
        QVERIFY(decode::rgba8Texels(TexelFormat::BC1, image8(2, 2, {1, 2, 3, 4})).empty());
    }

    // BC1 through the decoder, at the endpoints (the interpolated colours' rounding is the
    // decoder's concern): colour0 blue (0, 0, 31) not above colour1 red (31, 0, 0) selects three
    // colours and transparent black, so index 0 is blue, 1 red and 3 (0, 0, 0, 0). Texel x of each
    // row takes index 0, 1, 3, 0. Mip 1 of slice 1 of an 8 x 8 array is one 4 x 4 block.
    void pngOfABc1Level() {
        using namespace decode::blocks;
        const TexelIndices indices{0, 1, 3, 0, 0, 1, 3, 0, 0, 1, 3, 0, 0, 1, 3, 0};
        const Bytes block = blockBytes(bc1(rgb565(0, 0, 31), rgb565(31, 0, 0), packIndices2(indices)));
        bool srgbChunk = false;
        const QImage image = exportedPng("bc1.png", TexelFormat::BC1, true, 2, 2, block, {1, 1}, &srgbChunk);
        QCOMPARE(image.size(), QSize(4, 4));
        QVERIFY(srgbChunk); // BC1_UNORM_SRGB: written as stored, marked sRGB
        for (int y = 0; y < 4; ++y) {
            QCOMPARE(image.pixel(0, y), qRgba(0, 0, 255, 255));
            QCOMPARE(image.pixel(1, y), qRgba(255, 0, 0, 255));
            QCOMPARE(image.pixel(2, y), qRgba(0, 0, 0, 0));
            QCOMPARE(image.pixel(3, y), qRgba(0, 0, 255, 255));
        }
        const QImage linear =
            exportedPng("bc1-linear.png", TexelFormat::BC1, false, 1, 1, block, {}, &srgbChunk);
        QCOMPARE(linear.size(), QSize(8, 8));
        QVERIFY(!srgbChunk);
        QCOMPARE(linear.pixel(5, 6), qRgba(255, 0, 0, 255));
    }

    // BC4 as grey: endpoints 200 and 100, texels taking index 0 (200) or 1 (100) only.
    void pngOfABc4LevelIsGrey() {
        using namespace decode::blocks;
        const TexelIndices indices{0, 1, 0, 1, 1, 0, 1, 0, 0, 0, 1, 1, 1, 1, 0, 0};
        const Bytes block = blockBytes(bc4(200, 100, packIndices3(indices)));
        const QImage image = exportedPng("bc4.png", TexelFormat::BC4, false, 1, 1, block, {});
        QCOMPARE(image.pixel(0, 0), qRgba(200, 200, 200, 255));
        QCOMPARE(image.pixel(1, 0), qRgba(100, 100, 100, 255));
        QCOMPARE(image.pixel(0, 1), qRgba(100, 100, 100, 255));
        QCOMPARE(image.pixel(7, 7), qRgba(200, 200, 200, 255)); // texel 15 of block (1, 1): index 0
    }

    // BC5: red from a block whose texels are all its endpoint 255, green all 30; blue 0.
    void pngOfABc5LevelIsRedAndGreen() {
        using namespace decode::blocks;
        const Bytes block = [] {
            const Block16 b = bc5(bc4(255, 0, 0), bc4(30, 0, 0));
            return Bytes(b.begin(), b.end());
        }();
        const QImage image = exportedPng("bc5.png", TexelFormat::BC5, false, 1, 1, block, {});
        QCOMPARE(image.pixel(3, 2), qRgba(255, 30, 0, 255));
    }

    // Signed BC4: endpoints 127 (1.0) and -127 (0x81, -1.0); index 0 -> 1 -> 255, index 1 -> -1 -> 0.
    void pngOfASignedBc4LevelIsMapped() {
        using namespace decode::blocks;
        const TexelIndices indices{0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1};
        const Bytes block = blockBytes(bc4(0x7F, 0x81, packIndices3(indices)));
        const QImage image = exportedPng("bc4s.png", TexelFormat::BC4Signed, false, 1, 1, block, {});
        QCOMPARE(image.pixel(0, 0), qRgba(255, 255, 255, 255));
        QCOMPARE(image.pixel(1, 0), qRgba(0, 0, 0, 255));
    }

    // R16G16B16A16_FLOAT texels of halves 1.5 (0x3E00), -0.25 (0xB400), 0.5 (0x3800), 0.25 (0x3400):
    // clamped and rounded to (255, 0, 128, 64).
    void pngOfAFloatLevelIsClamped() {
        const Bytes texel{0x00, 0x3E, 0x00, 0xB4, 0x00, 0x38, 0x00, 0x34};
        const QImage image = exportedPng("f16.png", TexelFormat::R16G16B16A16Float, false, 1, 1, texel, {});
        QCOMPARE(image.size(), QSize(8, 8));
        QCOMPARE(image.pixel(5, 6), qRgba(255, 0, 128, 64));
    }

    // What ImageMagick 6 (Debian 12's 6.9.11) makes of our DDS files: its DDS coder knows the
    // legacy FourCCs DXT1, DXT3 and DXT5 and the RGB and luminance masks, but not BC4U, BC5U, the
    // alpha-only mask or the DX10 header ("image type not supported"). So it reads the linear BC1,
    // BC2, BC3, R8G8B8A8, B5G6R5, B5G5R5A1 and R8 exports and no other. docs/textures.md says so; a
    // newer ImageMagick fails this test until the docs say what it reads.
    void imageMagickReadsWhatTheDocsSay() {
        const QString convert = imageMagickConvert();
        if (convert.isEmpty()) QSKIP("ImageMagick's convert is not installed (scripts/setup installs it)");
        const auto version = runProcess(convert, {QStringLiteral("-version")});
        if (!version.out.contains("ImageMagick 6.")) QSKIP("only ImageMagick 6 is checked");
        const QStringList reads{"BC1_UNORM",    "BC2_UNORM",      "BC3_UNORM", "R8G8B8A8_UNORM",
                                "B5G6R5_UNORM", "B5G5R5A1_UNORM", "R8_UNORM"};
        for (int i = 0; i < decode::kTexelFormatCount; ++i)
            for (bool srgb : {false, true}) {
                const auto format = TexelFormat(i);
                if (srgb && !decode::hasSrgbForm(format)) continue;
                Bytes input;
                const TextureDescription t = laidOut(format, srgb, 8, 8, 2, 1, input);
                const QString name = QString::fromStdString(t.encodingText);
                std::string error;
                QVERIFY2(writeTexture(t, input, Format::Dds, {}, path(name + ".dds").toStdString(), error),
                         error.c_str());
                const auto r = runProcess(convert, {path(name + ".dds"), path(name + "-im.png")});
                if (reads.contains(name)) {
                    QVERIFY2(r.exitCode == 0, qPrintable(name + ": " + r.err));
                    QCOMPARE(QImage(path(name + "-im.png")).size(), QSize(8, 8));
                } else {
                    QVERIFY2(r.exitCode != 0, qPrintable(name));
                    QVERIFY2(r.err.contains("image type not supported"), qPrintable(name + ": " + r.err));
                }
            }
    }

    // ImageMagick's texels of a BC1, a BC3 and an R8G8B8A8 export, at the blocks' endpoints. BC1:
    // colour0 blue (0, 0, 31) not above colour1 red (31, 0, 0), so indices 0, 1, 3 are blue, red and
    // transparent black. BC3: the colour block always has four colours (0 blue, 1 red) and its alpha
    // block endpoints 255 and 51 (index 0 and 1). R8G8B8A8: the bytes 10, 20, 30, 40.
    void imageMagickReadsTheTexels() {
        const QString convert = imageMagickConvert();
        if (convert.isEmpty()) QSKIP("ImageMagick's convert is not installed (scripts/setup installs it)");
        using namespace decode::blocks;
        const TexelIndices row{0, 1, 3, 0, 0, 1, 3, 0, 0, 1, 3, 0, 0, 1, 3, 0};
        const TexelIndices alternate{0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1};
        const Block8 colour = bc1(rgb565(0, 0, 31), rgb565(31, 0, 0), packIndices2(alternate));
        const Block16 bc3Block = bc3(bc4(255, 51, packIndices3(alternate)), colour);
        const auto viaImageMagick = [&](const QString& name, TexelFormat format, const Bytes& block) {
            Bytes input;
            const TextureDescription t = laidOut(format, false, 8, 8, 1, 1, input, block);
            std::string error;
            if (!writeTexture(t, input, Format::Dds, {}, path(name + ".dds").toStdString(), error))
                return QImage();
            const auto r = runProcess(convert, {path(name + ".dds"), path(name + ".png")});
            if (r.exitCode != 0) qWarning("%s", r.err.constData());
            return QImage(path(name + ".png")).convertToFormat(QImage::Format_ARGB32);
        };
        const QImage bc1Image =
            viaImageMagick("im-bc1", TexelFormat::BC1,
                           blockBytes(bc1(rgb565(0, 0, 31), rgb565(31, 0, 0), packIndices2(row))));
        QCOMPARE(bc1Image.size(), QSize(8, 8));
        QCOMPARE(bc1Image.pixel(0, 0), qRgba(0, 0, 255, 255));
        QCOMPARE(bc1Image.pixel(1, 0), qRgba(255, 0, 0, 255));
        QCOMPARE(qAlpha(bc1Image.pixel(2, 0)), 0);
        QCOMPARE(bc1Image.pixel(7, 7), qRgba(0, 0, 255, 255)); // texel 15 of block (1, 1): index 0
        const QImage bc3Image =
            viaImageMagick("im-bc3", TexelFormat::BC3, Bytes(bc3Block.begin(), bc3Block.end()));
        QCOMPARE(bc3Image.size(), QSize(8, 8));
        QCOMPARE(bc3Image.pixel(0, 0), qRgba(0, 0, 255, 255));
        QCOMPARE(bc3Image.pixel(1, 0), qRgba(255, 0, 0, 51));
        // ImageMagick 6.9.11 takes every 32-bit texel as blue, green, red, alpha whatever the masks
        // say (the masks of B8G8R8A8 give the same picture), so it shows R8G8B8A8's red and blue
        // swapped; the masks themselves are checked above against Microsoft's pages.
        const QImage rgba = viaImageMagick("im-rgba8", TexelFormat::R8G8B8A8Unorm, Bytes{10, 20, 30, 40});
        QCOMPARE(rgba.size(), QSize(8, 8));
        QCOMPARE(rgba.pixel(5, 3), qRgba(30, 20, 10, 40));
    }

    // The sample set's textures through the command line (samples: texture_samples.cpp).
    void cliExportsTextures() {
        const QString samples = path("samples");
        if (!QFileInfo::exists(samples)) QCOMPARE(runCli({"make-samples", samples}).exitCode, 0);
        const QString height = samples + "/media/textures/sample_height.pb"; // BC4 16 x 8, 5 mips
        // Mip 2 is 4 x 2 texels of 128: grey.
        auto r = runCli({"export", height, "--mip", "2", "-o", path("height.png")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out,
                 ("exported mip 2 of slice 0 (4x2, BC4_UNORM) as png\nwrote " + path("height.png") + "\n")
                     .toUtf8());
        QImage image(path("height.png"));
        QCOMPARE(image.size(), QSize(4, 2));
        QCOMPARE(image.convertToFormat(QImage::Format_ARGB32).pixel(3, 1), qRgba(128, 128, 128, 255));
        // The chain as DDS: 16 x 8, 8 x 4, 4 x 2, 2 x 1, 1 x 1 are 8 + 2 + 1 + 1 + 1 blocks of 8 bytes.
        r = runCli({"export", height, "-o", path("height.dds")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(QFileInfo(path("height.dds")).size(), 128 + 13 * 8); // BC4U: no DX10 header
        // BC1 8 x 8, 3 mips, 6 slices that nothing marks as a cube: an array, so DX10.
        const QString cube = samples + "/media/textures/sample_cube.pb";
        r = runCli({"export", cube, "-o", path("cube.dds")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out,
                 ("exported 3 mips of 6 slices (8x8, BC1_UNORM) as dds\nwrote " + path("cube.dds") + "\n")
                     .toUtf8());
        const QByteArray dds = readAll(path("cube.dds"));
        QCOMPARE(dds.size(), 148 + 6 * (4 + 1 + 1) * 8);
        const Bytes header(dds.begin(), dds.begin() + 148);
        QCOMPARE(u32At(header, 28), 3u);   // dwMipMapCount
        QCOMPARE(u32At(header, 128), 71u); // BC1_UNORM
        QCOMPARE(u32At(header, 140), 6u);  // arraySize
    }

    // Exit 2 and the reason, naming the input; nothing written.
    void cliRefusalsNameTheReason() {
        const QString samples = path("samples");
        if (!QFileInfo::exists(samples)) QCOMPARE(runCli({"make-samples", samples}).exitCode, 0);
        const QString height = samples + "/media/textures/sample_height.pb";
        const QString cube = samples + "/media/textures/sample_cube.pb";
        const QString rain = samples + "/media/textures/sample_rain_mask.swatchbin"; // tiled
        const auto refused = [&](const QStringList& args, const QString& input, const QString& message) {
            const auto r = runCli(args);
            QCOMPARE(r.exitCode, 2);
            QCOMPARE(r.err, ("assetscope-cli: " + input + ": " + message + "\n").toUtf8());
            QVERIFY(!QFile::exists(args.last()));
        };
        refused({"export", height, "--mip", "5", "-o", path("no.png")}, height,
                "mip 5 is out of range: the texture has 5 mips (0 to 4)");
        refused({"export", cube, "--slice", "6", "-o", path("no.png")}, cube,
                "slice 6 is out of range: the texture has 6 slices (0 to 5)");
        refused(
            {"export", rain, "-o", path("no.png")}, rain,
            "a tiled texture cannot be written as PNG: untiling needs the console's library (export it as "
            ".dds to keep its data as stored)");
        refused({"export", height, "--mip", "1", "-o", path("no.dds")}, height,
                "--mip and --slice choose a PNG's level; a DDS holds every level");
        refused({"export", height, "-o", path("no.glb")}, height,
                "a texture exports as .png or .dds, not glb");
        // The tiled texture as DDS: written, with a note on stderr.
        const auto r = runCli({"export", rain, "-o", path("rain.dds")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.startsWith(("assetscope-cli: " + rain + ": note: the texture is tiled").toUtf8()),
                 r.err.constData());
        QVERIFY(QFileInfo(path("rain.dds")).size() > 148);
    }

    // A model keeps exporting as before, and a texture format or --mip on it is refused by name.
    void modelsRefuseTextureOptions() {
        const QString samples = path("samples");
        QCOMPARE(runCli({"make-samples", samples}).exitCode, 0);
        const QString model = samples + "/media/cars/sample_roadster/sample_roadster_wheel_lf.modelbin";
        auto r = runCli({"export", model, "-o", path("wheel.png")});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err,
                 ("assetscope-cli: " + model +
                  ": png writes textures and this file holds none; name the output .glb, .gltf, .obj or "
                  ".fbx\n")
                     .toUtf8());
        QVERIFY(!QFile::exists(path("wheel.png")));
        r = runCli({"export", model, "--mip", "1", "-o", path("wheel.glb")});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err, ("assetscope-cli: " + model +
                         ": --mip and --slice choose a texture's level and this file holds no texture\n")
                            .toUtf8());
        r = runCli({"export", model, "-o", path("wheel.glb")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.startsWith("exported "));
        QVERIFY(QFileInfo(path("wheel.glb")).size() > 1000);
    }

    // encodePng read back with Qt's PNG reader; the sRGB chunk where asked for, and only there.
    void pngReadsBackWithItsSrgbChunk() {
        const Bytes rgba{255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 10, 20, 30, 40};
        for (bool srgb : {false, true}) {
            std::string error;
            const auto png = encodePng(rgba, 2, 2, srgb, error);
            QVERIFY2(png, error.c_str());
            const QByteArray bytes(reinterpret_cast<const char*>(png->data()), qsizetype(png->size()));
            QCOMPARE(pngChunks(bytes).contains("sRGB"), srgb);
            QCOMPARE(pngChunks(bytes).first(), QStringLiteral("IHDR"));
            QImage image;
            QVERIFY(image.loadFromData(bytes, "PNG"));
            image = image.convertToFormat(QImage::Format_ARGB32); // pixel() unpremultiplied
            QCOMPARE(image.size(), QSize(2, 2));
            QVERIFY(image.hasAlphaChannel());
            QCOMPARE(image.pixel(0, 0), qRgba(255, 0, 0, 255));
            QCOMPARE(image.pixel(1, 0), qRgba(0, 255, 0, 128));
            QCOMPARE(image.pixel(0, 1), qRgba(0, 0, 255, 0));
            QCOMPARE(image.pixel(1, 1), qRgba(10, 20, 30, 40));
        }
        std::string error;
        QVERIFY(!encodePng(rgba, 3, 2, false, error));
    }
};

QTEST_GUILESS_MAIN(TestTextureExport)
#include "tst_texture_export.moc"
