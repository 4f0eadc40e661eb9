// The sample textures: the array and tiled ones read as the notes lay them out, every one a
// texture that writes back identically, counted by format, and the CLI's info, census and verify.
#include "decode/texel_decode.h"
#include "formats/registry.h"
#include "test_support.h"
#include "tst_texture_fixtures.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <map>

using namespace texfixtures;
using test::hasRule;

namespace {

using Rgba = std::array<float, 4>;

// What each sample's texel (x, y) of `mip` in `slice` decodes to, from the blocks its writer
// chose (texture_samples.cpp): 5:6:5 and 7-bit fields expanded as the BC specifications say.
std::optional<Rgba> expectedTexel(std::string_view name, std::uint32_t slice, std::uint32_t mip,
                                  std::uint32_t x, std::uint32_t y) {
    static const std::map<std::string_view, std::vector<Rgba>> perMip = {
        {"sample_palette.swatchbin",
         {{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}, {255, 255, 255, 255}, {0, 0, 0, 255}}},
        {"sample_gravel.pb",
         {{132, 130, 132, 255}, {132, 130, 132, 192}, {132, 130, 132, 128}, {132, 130, 132, 64}}},
        {"sample_height.pb",
         {{255, 0, 0, 255}, {192, 0, 0, 255}, {128, 0, 0, 255}, {64, 0, 0, 255}, {0, 0, 0, 255}}},
        {"sample_normal.pb", {{128, 128, 0, 255}, {128, 128, 0, 255}}},
        {"sample_sky_hdr.swatchbin", {{1, 1, 1, 1}, {1, 0, 0, 1}}},
        {"sample_decal.pb",
         {{255, 1, 1, 255}, {1, 255, 1, 255}, {1, 1, 255, 255}, {255, 255, 255, 127}, {1, 1, 1, 255}}},
        {"sample_colour_chart.swatchbin", {{0, 0, 0, 0}, {128, 128, 128, 255}, {255, 255, 255, 255}}},
        {"sample_mask.swatchbin",
         {{0, 0, 0, 255}, {0, 0, 0, 127}, {0, 0, 0, 63}, {0, 0, 0, 31}, {0, 0, 0, 15}}},
    };
    static const Rgba kFaces[6] = {{255, 0, 0, 255},   {0, 255, 0, 255},   {0, 0, 255, 255},
                                   {255, 255, 0, 255}, {0, 255, 255, 255}, {255, 0, 255, 255}};
    if (name == "sample_cube.pb") return kFaces[slice];
    if (name == "sample_colour_chart.swatchbin" && mip == 0)
        return Rgba{85.0f * static_cast<float>(x), 85.0f * static_cast<float>(y), 0, 255};
    const auto it = perMip.find(name);
    if (it == perMip.end() || mip >= it->second.size()) return std::nullopt;
    return it->second[mip];
}

} // namespace

class TestTextureSamples : public QObject {
    Q_OBJECT

private slots:
    // The six-slice sample: 3 values make a 0x5C-byte payload, so data starts at 0x90; each slice
    // is 32 + 8 + 8 bytes of BC1 (8x8, 4x4, 2x2), slice 1 from 0xC0.
    void slicesAreStoredOneAfterAnother() {
        const auto files = samples::textureSamples();
        auto p = parse(sampleNamed(files, "sample_cube.pb").data);
        const TextureFile& f = p->file();
        QCOMPARE(f.chain.size(), std::size_t{3});
        QVERIFY(nodeOf(p->tree(), "texture/chain_value/value"));
        QCOMPARE(f.levels.size(), std::size_t{18});
        QCOMPARE(f.levels[3].slice, 1u);
        QCOMPARE(f.levels[3].mip, 0u);
        QCOMPARE(f.levels[3].offset, std::uint64_t{0xC0});
        QCOMPARE(f.levels[5].offset, std::uint64_t{0xE8});
        QCOMPARE(f.levels[17].offset, std::uint64_t{0x90 + 5 * 48 + 40});
        // The table pane lists the chain; a level's node is that row.
        const NodeId level = f.levelNodes[4];
        const Subject s = p->subjectOf(level);
        QCOMPARE(s.kind, kTextureSubject);
        QCOMPARE(s.row, std::int64_t{4});
        QCOMPARE(p->nodeOf(s), f.dataNode);
        const SubjectTables t = p->tables(s);
        QVERIFY(t.main);
        QCOMPARE(t.main->rowCount(), std::uint64_t{18});
        QCOMPARE(t.main->rowNode(4).node, level);
        std::vector<TableCell> cells;
        t.main->readRows(4, 1, cells);
        QCOMPARE(cells.size(), std::size_t{5});
        QCOMPARE(cells[0].text, std::string("1"));
        QCOMPARE(cells[1].text, std::string("1"));
        QCOMPARE(cells[2].text, std::string("4 x 4"));
        QCOMPARE(cells[3].text, std::string("0xE0"));
        QCOMPARE(cells[4].text, std::string("8"));
    }

    // The rain mask: TXCB 2.0, its header read by the 0.0 table, its data one tiled range.
    void tiledTextureIsOneRange() {
        const auto files = samples::textureSamples();
        const Bytes& bytes = sampleNamed(files, "sample_rain_mask.swatchbin").data;
        auto p = parse(bytes);
        QVERIFY2(!p->tree().errorCount() && !p->tree().warningCount(),
                 qPrintable(test::describeDiagnostics(p->tree())));
        QVERIFY(hasRule(p->tree(), "texture.data.tiled", Severity::Note));
        QVERIFY(p->file().bundle.headerEndsUnaligned);
        const Node* data = nodeOf(p->tree(), "texture/data/tiled_data");
        QVERIFY(data);
        QCOMPARE(data->size, std::uint64_t{512}); // 32x32 BC4: 8 x 8 blocks of 8 bytes, as stored
        QCOMPARE(data->offset, std::uint64_t{kPayload + 0x51}); // one byte after a 0x50-byte chain
        const auto d = p->texture();
        QVERIFY(d && d->tiled && d->levels.empty() && !d->tiledNote.empty());
        QCOMPARE(d->width, 32u);
        QCOMPARE(d->encodingText, std::string("BC4_UNORM"));
        QCOMPARE(d->dataSize, std::uint64_t{512});
        QVERIFY(!p->tables(p->subjectOf(p->file().dataNode)).problem.empty());
    }

    void bc6hSampleTakesItsFormatFromTranscoding() {
        const auto files = samples::textureSamples();
        auto p = parse(sampleNamed(files, "sample_sky_hdr.swatchbin").data);
        QCOMPARE(p->file().header->transcoding, 9u);
        QCOMPARE(p->texture()->encodingText, std::string("BC6H_UF16"));
    }

    void samplesAreTexturesAndWriteBackIdentically() {
        std::map<std::string, std::uint64_t> byFormat;
        for (const auto& f : samples::textureSamples()) {
            QCOMPARE(detectFormat(f.data, f.name), &textureHandler());
            QVERIFY(textureHandler().sniff(f.data, f.name) > 50);
            for (bool nodes : {true, false}) {
                auto p = parse(f.data, nodes);
                QVERIFY2(!p->tree().errorCount() && !p->tree().warningCount(),
                         qPrintable(QString::fromStdString(f.name) + test::describeDiagnostics(p->tree())));
                QCOMPARE(p->writeBack().value(), f.data);
                if (!nodes) continue;
                CensusCounts counts;
                p->count(counts);
                for (const auto& [k, v] : counts.kinds("textures"))
                    byFormat[k] += v;
                QCOMPARE(counts.kinds("blobs").at("TXCB " + p->file().txcb()->versionText()),
                         std::uint64_t{1});
            }
        }
        const std::map<std::string, std::uint64_t> expected = {
            {"A8_UNORM", 1},       {"BC1_UNORM", 1},      {"BC1_UNORM_SRGB", 1},
            {"BC3_UNORM_SRGB", 1}, {"BC4_UNORM", 2},      {"BC5_UNORM", 1},
            {"BC6H_UF16", 1},      {"BC7_UNORM_SRGB", 1}, {"R8G8B8A8_UNORM", 1}};
        QCOMPARE(byFormat, expected);
        // Another bundle is not a texture.
        for (const auto& f : samples::grubSamples())
            QCOMPARE(textureHandler().sniff(f.data, f.name), 0);
    }

    // Every level of every linear sample decodes, through the project's decoder, to the texels
    // its blocks were written for.
    void samplesDecodeToTheirChosenTexels() {
        int levels = 0;
        for (const auto& f : samples::textureSamples()) {
            const std::string_view name = std::string_view(f.name).substr(f.name.rfind('/') + 1);
            auto p = parse(f.data);
            const auto d = p->texture();
            QVERIFY(d && d->format);
            if (d->tiled) continue;
            for (const TextureLevel& l : d->levels) {
                std::string reason;
                const auto image = decode::decodeLevel(*d->format, l.width, l.height,
                                                       ByteView(f.data).subspan(l.offset, l.size), reason);
                QVERIFY2(image, reason.c_str());
                for (std::uint32_t y = 0; y < l.height; ++y)
                    for (std::uint32_t x = 0; x < l.width; ++x) {
                        const auto want = expectedTexel(name, l.slice, l.mip, x, y);
                        QVERIFY2(want, f.name.c_str());
                        const std::size_t at = (std::size_t{y} * l.width + x) * 4;
                        for (std::size_t c = 0; c < 4; ++c) {
                            const float got = image->isFloat ? image->rgba32f[at + c]
                                                             : static_cast<float>(image->rgba8[at + c]);
                            QVERIFY2(
                                got == (*want)[c],
                                qPrintable(QString("%1 slice %2 mip %3 texel (%4, %5) channel %6: %7, not %8")
                                               .arg(f.name.c_str())
                                               .arg(l.slice)
                                               .arg(l.mip)
                                               .arg(x)
                                               .arg(y)
                                               .arg(c)
                                               .arg(got)
                                               .arg((*want)[c])));
                        }
                    }
                ++levels;
            }
        }
        QCOMPARE(levels, 5 + 4 + 5 + 2 + 2 + 5 + 3 + 5 + 18);
    }

    // The A8 sample's 341 bytes of data (256 + 64 + 16 + 4 + 1) end the bundle short.
    void a8SampleEndsShort() {
        const auto files = samples::textureSamples();
        const Bytes& bytes = sampleNamed(files, "sample_mask.swatchbin").data;
        auto p = parse(bytes);
        QVERIFY(p->file().bundle.endsShort);
        QCOMPARE(p->file().chainBytes, std::uint64_t{341});
        QCOMPARE(bytes.size(), std::size_t{0x84 + 341});
    }

    // Through the command line: the contract's info line, census by format, verify.
    void cliInfoCensusAndVerify() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QCOMPARE(test::runCli({"make-samples", dir.path()}).exitCode, 0);
        const QString textures = dir.filePath("media/textures");
        auto r = test::runCli({"info", textures + "/sample_decal.pb"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("format: texture\n"), r.out.constData());
        QVERIFY2(r.out.contains("\ntexture: 16x16, BC7_UNORM_SRGB, 5 mips, 1 slices\n"), r.out.constData());
        r = test::runCli({"info", textures + "/sample_cube.pb"});
        QVERIFY2(r.out.contains("\ntexture: 8x8, BC1_UNORM, 3 mips, 6 slices\n"), r.out.constData());
        r = test::runCli({"census", "--json", textures});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject counts = QJsonDocument::fromJson(r.out).object()["textures"].toObject();
        QCOMPARE(counts["BC4_UNORM"].toInt(), 2);
        QCOMPARE(counts["BC7_UNORM_SRGB"].toInt(), 1);
        // The folder holds the install's textures too (sample_install_textures.cpp): 4 loose BC1
        // and 12 in environment.zip (7 BC1, 1 BC3, 4 R8G8B8A8), of which only R8G8B8A8's sRGB
        // form is an encoding the others lack.
        QCOMPARE(counts["BC1_UNORM_SRGB"].toInt(), 1 + 4 + 7);
        QCOMPARE(counts.size(), 10);
        r = test::runCli({"census", textures});
        QVERIFY2(r.out.contains("textures:\n  A8_UNORM: 1\n"), r.out.constData());
        for (const auto& f : samples::textureSamples()) {
            r = test::runCli({"verify", dir.filePath(QString::fromStdString(f.name))});
            QCOMPARE(r.exitCode, 0);
            QVERIFY2(r.out.contains("write-back: identical"), r.out.constData());
        }
    }
};

QTEST_GUILESS_MAIN(TestTextureSamples)
#include "tst_texture_samples.moc"
