// Textures (.swatchbin, .pb): the TXCH header and parameter chain where public-reader-notes.md
// puts them (offsets worked out by hand in tst_texture_fixtures.h), the format mapping, the mip
// chain, the refusals and notes. The sample textures: tst_texture_samples.cpp.
#include "allocation_accounting.h"
#include "formats/grub/bundle_writer.h"
#include "formats/registry.h"
#include "test_support.h"
#include "tst_texture_fixtures.h"

#include <QtTest>

using namespace assetscope;
using namespace assetscope::texture;
using decode::TexelFormat;
using test::hasRule;

using namespace texfixtures;

class TestTexture : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(test::installAllocationAccounting()); }

    void fieldsLieWhereTheNotesPutThem() {
        const Bytes bytes = writeTextureBundle(bc7Spec());
        QCOMPARE(get32(bytes, 0x4C), 256u);
        QCOMPARE(get32(bytes, 0x50), 128u);
        QCOMPARE(bytes[0x74], std::uint8_t{9}); // the second reader's one byte
        auto p = parse(bytes);
        const StructureTree& tree = p->tree();
        QVERIFY2(!tree.errorCount() && !tree.warningCount(), qPrintable(test::describeDiagnostics(tree)));
        const std::pair<const char*, std::uint64_t> where[] = {{"texture/txch/chain_offset", 0x34},
                                                               {"texture/txch/second_chain_offset", 0x38},
                                                               {"texture/txch/guid", 0x3C},
                                                               {"texture/txch/width", 0x4C},
                                                               {"texture/txch/height", 0x50},
                                                               {"texture/txch/depth", 0x54},
                                                               {"texture/txch/slice_count", 0x58},
                                                               {"texture/txch/mip_count", 0x5A},
                                                               {"texture/txch/flags", 0x5B},
                                                               {"texture/txch/transcoding", 0x5C},
                                                               {"texture/txch/second_colour_profile", 0x60},
                                                               {"texture/txch/colour_profile", 0x64},
                                                               {"texture/chain_value/encoding", 0x74},
                                                               {"texture/chain_value/pitch", 0x80}};
        for (const auto& [key, offset] : where) {
            const Node* n = nodeOf(tree, key);
            QVERIFY2(n, key);
            QCOMPARE(n->offset, offset);
            QCOMPARE(n->confidence, Confidence::Sourced);
        }
        QCOMPARE(intValue(*nodeOf(tree, "texture/txch/chain_offset")), 0x38);
        QCOMPARE(intValue(*nodeOf(tree, "texture/txch/width")), 256);
        QCOMPARE(intValue(*nodeOf(tree, "texture/txch/mip_count")), 9);
        QCOMPARE(intValue(*nodeOf(tree, "texture/chain_value/encoding")), 9);
        QCOMPARE(intValue(*nodeOf(tree, "texture/chain_value/pitch")), 256 * 128);
        // Links at payload 0x38 and 0x44: value offsets 0x40 and 0x4C, next 0x44 and -1.
        const auto valueOffsets = nodesOf(tree, "texture/chain_link/value_offset");
        const auto nexts = nodesOf(tree, "texture/chain_link/next_offset");
        QCOMPARE(valueOffsets.size(), std::size_t{2});
        QCOMPARE(valueOffsets[0]->offset, std::uint64_t{kPayload + 0x38});
        QCOMPARE(intValue(*valueOffsets[0]), 0x40);
        QCOMPARE(intValue(*nexts[0]), 0x44);
        QCOMPARE(valueOffsets[1]->offset, std::uint64_t{kPayload + 0x44});
        QCOMPARE(intValue(*nexts[1]), -1);
        // Windows layout: the first three groups little-endian.
        QCOMPARE(nodeOf(tree, "texture/txch/guid")->display,
                 std::string("76543210-ba98-fedc-0123-456789abcdef"));
        const Node* format = nodeOf(tree, "texture/format/dxgi_format");
        QCOMPARE(format->confidence, Confidence::Derived);
        QCOMPARE(std::get<std::string>(format->value), std::string("BC7_UNORM_SRGB"));
        QVERIFY2(format->display.find("DXGI 99") != std::string::npos, format->display.c_str());
    }

    // Level m of 256x128 BC7 is ceil(w/4) x ceil(h/4) blocks of 16 bytes, from 0x84 on.
    void mipChainInStoredOrder() {
        auto p = parse(writeTextureBundle(bc7Spec()));
        const TextureFile& f = p->file();
        QVERIFY(f.chainFits);
        QCOMPARE(f.chainBytes, std::uint64_t{2733 * 16});
        QCOMPARE(f.levels.size(), std::size_t{9});
        const std::uint64_t sizes[9] = {32768, 8192, 2048, 512, 128, 32, 16, 16, 16};
        const std::uint32_t widths[9] = {256, 128, 64, 32, 16, 8, 4, 2, 1};
        std::uint64_t at = 0x84;
        for (std::size_t m = 0; m < 9; ++m) {
            QCOMPARE(f.levels[m].mip, std::uint32_t(m));
            QCOMPARE(f.levels[m].width, widths[m]);
            QCOMPARE(f.levels[m].height, std::max<std::uint32_t>(widths[m] / 2, 1));
            QCOMPARE(f.levels[m].offset, at);
            QCOMPARE(f.levels[m].size, sizes[m]);
            const Node& n = p->tree().node(f.levelNodes[m]);
            QCOMPARE(n.offset, at);
            QCOMPARE(n.size, sizes[m]);
            QCOMPARE(n.name, "mip " + std::to_string(m));
            at += sizes[m];
        }
        const auto d = p->texture();
        QVERIFY(d);
        QCOMPARE(d->encodingText, std::string("BC7_UNORM_SRGB"));
        QVERIFY(d->srgb && d->format == TexelFormat::BC7);
        QCOMPARE(d->levels.size(), std::size_t{9});
        QCOMPARE(d->dataOffset, std::uint64_t{0x84});
    }

    void formatFromEncodingOrTranscoding() {
        // Transcoding 0 and 1: the encoding decides.
        for (std::uint32_t t : {0u, 1u}) {
            QCOMPARE(resolveFormat(t, 0, 0).text, std::string("BC1_UNORM"));
            QCOMPARE(resolveFormat(t, 6, 0).text, std::string("BC5_SNORM"));
            QCOMPARE(resolveFormat(t, 8, 0).text, std::string("BC6H_SF16"));
            QCOMPARE(resolveFormat(t, 14, 0).text, std::string("B5G6R5_UNORM"));
            QCOMPARE(resolveFormat(t, 19, 0).text, std::string("R8_UNORM"));
            QCOMPARE(resolveFormat(t, 20, 0).text, std::string("A8_UNORM"));
        }
        // 2 and more: the transcoding decides, whatever the encoding says.
        const char* byTranscoding[] = {"BC1_UNORM", "BC2_UNORM", "BC3_UNORM", "BC4_UNORM", "BC4_SNORM",
                                       "BC5_UNORM", "BC5_SNORM", "BC6H_UF16", "BC6H_SF16", "BC7_UNORM"};
        for (std::uint32_t t = 2; t <= 11; ++t)
            QCOMPARE(resolveFormat(t, 13, 0).text, std::string(byTranscoding[t - 2]));
        QCOMPARE(resolveFormat(11, std::nullopt, 5).text, std::string("BC7_UNORM_SRGB"));
        // Numbers no reader names.
        for (std::int32_t e : {16, 17, 18, 21, -1})
            QVERIFY(!resolveFormat(0, e, 0).format);
        QCOMPARE(resolveFormat(0, 17, 0).text, std::string("encoding 17"));
        QCOMPARE(resolveFormat(12, 0, 0).text, std::string("transcoding 12"));
        QCOMPARE(resolveFormat(0, std::nullopt, 0).text, std::string("no encoding"));
    }

    // Only BC1, BC2, BC3, BC7 and R8G8B8A8 have an sRGB form; the others stay linear.
    void srgbFormsOnlyWhereTheFormatHasOne() {
        for (std::int32_t e = 0; e <= 20; ++e) {
            const ResolvedFormat f = resolveFormat(0, e, 1);
            if (!f.format) continue;
            const bool expected = e == 0 || e == 1 || e == 2 || e == 9 || e == 13;
            QVERIFY2(f.srgb == expected, f.text.c_str());
            QCOMPARE(f.text.ends_with("_SRGB"), expected);
            QVERIFY(!resolveFormat(0, e, 0).srgb);
        }
        QCOMPARE(resolveFormat(0, 13, 7).text, std::string("R8G8B8A8_UNORM_SRGB"));
    }

    void unknownEncodingIsAWarningWithoutAChain() {
        TextureSpec s = bc7Spec();
        s.chainValues[0] = 17;
        auto p = parse(writeTextureBundle(s));
        QVERIFY(hasRule(p->tree(), "texture.format.unknown", Severity::Warning));
        QCOMPARE(p->tree().errorCount(), std::uint64_t{0});
        QVERIFY(p->file().levels.empty());
        QCOMPARE(p->texture()->encodingText, std::string("encoding 17"));
        QVERIFY(!p->texture()->format);
        CensusCounts counts;
        p->count(counts);
        QCOMPARE(counts.kinds("textures").at("encoding 17"), std::uint64_t{1});
    }

    // Link 1's next offset (payload 0x48, file 0x7C) pointed back at link 0 (0x38).
    void chainCycleIsAWarning() {
        Bytes bytes = writeTextureBundle(bc7Spec());
        put32(bytes, kPayload + 0x48, 0x38);
        auto p = parse(bytes);
        QVERIFY2(hasRule(p->tree(), "texture.chain.cycle", Severity::Warning),
                 qPrintable(test::describeDiagnostics(p->tree())));
        QCOMPARE(p->tree().errorCount(), std::uint64_t{0});
        QCOMPARE(p->file().chain.size(), std::size_t{2});
        QCOMPARE(p->file().format.text, std::string("BC7_UNORM_SRGB"));
    }

    void chainLinkOrValueOutsideIsAWarning() {
        // Link 0's value offset (file 0x6C) past the 0x50-byte payload: no value, no format.
        Bytes bytes = writeTextureBundle(bc7Spec());
        put32(bytes, kPayload + 0x38, 0x4E);
        auto p = parse(bytes);
        QVERIFY(hasRule(p->tree(), "texture.chain.outside", Severity::Warning));
        QVERIFY(p->file().chain.empty());
        QCOMPARE(p->file().format.text, std::string("no encoding"));
        QVERIFY(hasRule(p->tree(), "texture.format.unknown", Severity::Warning));
        // Link 0's next offset (file 0x70) negative but not -1.
        bytes = writeTextureBundle(bc7Spec());
        put32(bytes, kPayload + 0x3C, 0xFFFFFFF0u);
        p = parse(bytes);
        QVERIFY(hasRule(p->tree(), "texture.chain.outside", Severity::Warning));
        QCOMPARE(p->file().chain.size(), std::size_t{1});
        // The chain offset itself (file 0x34) outside.
        bytes = writeTextureBundle(bc7Spec());
        put32(bytes, kPayload, 0x1000);
        p = parse(bytes);
        QVERIFY(hasRule(p->tree(), "texture.chain.outside", Severity::Warning));
        QCOMPARE(p->tree().errorCount(), std::uint64_t{0});
        // -1 as the chain offset is an empty chain, not a problem of the chain.
        bytes = writeTextureBundle(bc7Spec());
        put32(bytes, kPayload, 0xFFFFFFFFu);
        p = parse(bytes);
        QVERIFY(!hasRule(p->tree(), "texture.chain.outside"));
        QVERIFY(p->file().chain.empty());
    }

    void chainOfMoreThan32LinksIsCut() {
        TextureSpec s = bc7Spec();
        s.chainValues.resize(40, 7);
        auto p = parse(writeTextureBundle(s));
        QVERIFY(hasRule(p->tree(), "texture.chain.too-long", Severity::Warning));
        QCOMPARE(p->file().chain.size(), kMaxChainLinks);
        QCOMPARE(p->file().format.text, std::string("BC7_UNORM_SRGB"));
    }

    // 16384 x 16384 BC1 with 15 mips over 16 bytes: refused before anything is made for it.
    void chainThatCannotFitIsRefusedAtOnce() {
        TextureSpec s;
        s.header.width = 16384;
        s.header.height = 16384;
        s.header.mips = 15;
        s.chainValues = {0, 0};
        s.data.assign(16, 0);
        const Bytes bytes = writeTextureBundle(s);
        for (bool nodes : {true, false}) {
            const std::int64_t before = test::liveBytes();
            test::resetPeak();
            auto p = parse(bytes, nodes);
            const std::int64_t peak = test::peakBytes() - before;
            QVERIFY2(peak < (1 << 20), qPrintable(QString::number(peak)));
            QVERIFY(hasRule(p->tree(), "texture.data.chain-too-large", Severity::Error));
            QVERIFY(!p->file().chainFits);
            QVERIFY(p->file().levels.empty());
            QVERIFY(p->texture()->levels.empty());
        }
        // Every slice and mip count at its largest: sizes overflow 64 bits or not, still refused.
        s.header.slices = 0xFFFF;
        s.header.mips = 0xFF;
        s.header.width = 0x7FFFFFFF;
        s.header.height = 0x7FFFFFFF;
        auto p = parse(writeTextureBundle(s));
        QVERIFY(hasRule(p->tree(), "texture.data.chain-too-large", Severity::Error));
    }

    // Levels only where all their bytes are there: 16x16 BC1 needs 128 + 32 + 8 + 8 + 8 bytes.
    void onlyWholeLevelsAreListed() {
        TextureSpec s;
        s.header.width = 16;
        s.header.height = 16;
        s.header.mips = 5;
        s.chainValues = {0, 128};
        s.data.assign(140, 0);
        auto p = parse(writeTextureBundle(s));
        QVERIFY(hasRule(p->tree(), "texture.data.chain-too-large", Severity::Error));
        QCOMPARE(p->file().chainBytes, std::uint64_t{184});
        QCOMPARE(p->texture()->levels.size(), std::size_t{1});
        QCOMPARE(p->texture()->levels[0].size, std::uint64_t{128});
        QCOMPARE(p->file().levelNodes.size(), std::size_t{1});
    }

    void bytesAfterTheChainStayOutsideIt() {
        TextureSpec s = bc7Spec();
        const std::size_t chain = s.data.size();
        s.data.resize(chain + 12, 0xEE);
        auto p = parse(writeTextureBundle(s));
        QVERIFY(hasRule(p->tree(), "texture.data.trailing", Severity::Note));
        QCOMPARE(p->tree().errorCount() + p->tree().warningCount(), std::uint64_t{0});
        QCOMPARE(p->file().levels.size(), std::size_t{9});
        // The hex pane finds no level there: the innermost node is the TXCB blob itself.
        const NodeId at = p->tree().innermostAt(0x84 + chain + 4);
        QCOMPARE(p->tree().node(at).kind, NodeKind::Blob);
        const NodeId last = p->tree().innermostAt(0x84 + chain - 1);
        QCOMPARE(p->tree().node(last).name, std::string("mip 8"));
    }

    void nonPositiveSizeIsRefused() {
        TextureSpec s = bc7Spec();
        s.header.width = 0;
        auto p = parse(writeTextureBundle(s));
        QVERIFY(hasRule(p->tree(), "texture.header.size", Severity::Error));
        QVERIFY(p->file().levels.empty());
    }

    void shortPayloadHasNoHeader() {
        Bytes bytes = writeTextureBundle(bc7Spec());
        auto bundle = parse(bytes)->file().bundle;
        bundle.blobs[0].metadata[0].payload.resize(0x30);
        auto p = parse(grub::writeBundle(bundle));
        QVERIFY(hasRule(p->tree(), "texture.txch.size", Severity::Warning));
        QVERIFY(!p->texture());
    }

    void changedFieldIsWrittenBack() {
        auto p = parse(writeTextureBundle(bc7Spec()));
        TextureFile f = p->file();
        f.header->height = 64;
        f.chain[0].value = 13;
        const Bytes out = writeTexture(f);
        QCOMPARE(get32(out, 0x50), 64u);
        QCOMPARE(get32(out, 0x74), 13u);
    }
};

QTEST_GUILESS_MAIN(TestTexture)
#include "tst_texture.moc"
