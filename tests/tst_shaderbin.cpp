// .shaderbin files laid out byte by byte from the public readers' notes (public-reader-notes.md,
// "Shader blobs"), with values worked out by hand.
#include "formats/grub/bundle_writer.h"
#include "formats/registry.h"
#include "formats/shaderbin/shader_writer.h"
#include "formats/shaderbin/shaderbin_handler.h"
#include "formats/shaderbin/shaderbin_samples.h"
#include "test_support.h"

#include <QtTest>

using namespace assetscope;
using namespace assetscope::shaderbin;

namespace {

grub::Blob blobOf(std::string_view tag, std::uint8_t major, std::uint8_t minor, Bytes data,
                  std::vector<grub::Metadata> meta = {}) {
    grub::Blob b;
    b.tag = tagFromText(tag);
    b.versionMajor = major;
    b.versionMinor = minor;
    b.dataSizeAgain = static_cast<std::uint32_t>(data.size());
    b.data = std::move(data);
    b.metadata = std::move(meta);
    return b;
}

Bytes bundleOf(std::vector<grub::Blob> blobs) {
    grub::Bundle b;
    b.blobs = std::move(blobs);
    return grub::writeBundle(b);
}

std::unique_ptr<ParsedFile> parse(const Bytes& bytes) {
    auto parsed = shaderbinHandler().parse(shareBytes(Bytes(bytes)), ParseSettings{});
    test::materialiseAll(parsed->tree());
    return parsed;
}

const ShaderFile& fileOf(const ParsedFile& parsed) {
    return dynamic_cast<const ParsedShader&>(parsed).file();
}

} // namespace

class TestShaderbin : public QObject {
    Q_OBJECT

private slots:
    // DFPR 2.1 (FH6): a u16 count, then records as in MTPR, with no trailer. One Float record of
    // 3.0: GlossTiling's hash is unknown to the table, so the record is named by its hash.
    void defaultsWithU16Count() {
        const Bytes bytes = bundleOf({blobOf("DFPR", 2, 1,
                                             test::hexBytes("01 00 03 00 EF BE AD DE 02 "
                                                            "00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 "
                                                            "00 00 20 40"))});
        const auto parsed = parse(bytes);
        QVERIFY2(!parsed->tree().errorCount() && !parsed->tree().warningCount(),
                 qPrintable(test::describeDiagnostics(parsed->tree())));
        const ShaderFile& f = fileOf(*parsed);
        QVERIFY(f.defaults);
        QCOMPARE(f.defaults->count.value(), 1u);
        QCOMPARE(f.defaults->records.at(0).floats, std::vector<float>{2.5f});
        QVERIFY(!f.defaults->trailer);
        QCOMPARE(parsed->tree().node(f.defaults->records[0].node).name, std::string("0xDEADBEEF"));
        const auto looks = parsed->materials();
        QCOMPARE(looks.size(), std::size_t{1});
        QCOMPARE(looks[0].kind, MaterialLook::Kind::Shader);
        QCOMPARE(looks[0].parameters.at(0).numbers, std::vector<double>{2.5});
        QCOMPARE(*parsed->writeBack(), bytes);
    }

    // CBMP 3.1: a u16 count; each entry a hash, a u16 offset and a GUID. TXMP 1.0: a u8 count;
    // each entry a 7-bit name and a u8.
    void mappingsByVersion() {
        const Bytes bytes =
            bundleOf({blobOf("CBMP", 3, 1,
                             test::hexBytes("01 00 91 87 65 8C 10 00 "
                                            "0F 0E 0D 0C 0B 0A 09 08 07 06 05 04 03 02 01 00")),
                      blobOf("TXMP", 1, 0, test::hexBytes("02 02 61 62 05 01 63 06"))});
        const auto parsed = parse(bytes);
        QVERIFY2(!parsed->tree().warningCount(), qPrintable(test::describeDiagnostics(parsed->tree())));
        const ShaderFile& f = fileOf(*parsed);
        QCOMPARE(f.mappings.size(), std::size_t{2});
        QCOMPARE(f.mappings[0].entries.at(0).hash, 0x8C658791u);
        QCOMPARE(f.mappings[0].entries[0].slot, std::uint16_t{16});
        QCOMPARE((*f.mappings[0].entries[0].guid)[0], std::uint8_t{0x0F});
        QCOMPARE(parsed->tree().node(f.mappings[0].entries[0].node).name, std::string("NormalTexture"));
        QCOMPARE(f.mappings[1].entries.size(), std::size_t{2});
        QCOMPARE(f.mappings[1].entries[0].name, std::string("ab"));
        QCOMPARE(f.mappings[1].entries[1].index, std::uint8_t{6});
        QCOMPARE(*parsed->writeBack(), bytes);
    }

    // LSCE 1.10 (FH6) is past every reader: is_inline, the count, the first scenario's name and
    // version, then the rest as a range, with a warning. 1.8 gets a note only.
    void lightScenariosPastTheReaders() {
        const Bytes bytes =
            bundleOf({blobOf("LSCE", 1, 10, test::hexBytes("01 02 03 46 77 64 05 00 00 00 AA BB CC"))});
        const auto parsed = parse(bytes);
        QVERIFY(test::hasRule(parsed->tree(), "shaderbin.light-scenarios.past-readers", Severity::Warning));
        const LightScenarios& s = fileOf(*parsed).scenarios.at(0);
        QCOMPARE(s.isInline.value(), std::uint8_t{1});
        QCOMPARE(s.count.value(), std::uint8_t{2});
        QCOMPARE(s.firstName.value(), std::string("Fwd"));
        QCOMPARE(s.firstVersion.value(), 5u);
        QCOMPARE(s.rest, test::hexBytes("AA BB CC"));
        QCOMPARE(*parsed->writeBack(), bytes);
        const auto older =
            parse(bundleOf({blobOf("DBLS", 1, 8, test::hexBytes("00 01 01 41 01 00 00 00 FF"))}));
        QVERIFY(test::hasRule(older->tree(), "shaderbin.light-scenarios.not-laid-out", Severity::Note));
        // 1.0: no is_inline.
        const auto first = parse(bundleOf({blobOf("LSCE", 1, 0, test::hexBytes("00"))}));
        QVERIFY(!fileOf(*first).scenarios.at(0).isInline);
        QCOMPARE(fileOf(*first).scenarios[0].count.value(), std::uint8_t{0});
    }

    // VERS: a u32, a 7-bit path. VDCL (v3): one group of one pair; BLEN (v1): two bools.
    void versAndMetadata() {
        const Bytes bytes =
            bundleOf({blobOf("VERS", 1, 2, test::hexBytes("07 00 00 00 03 61 2E 62"),
                             {vdclMetadata({{{0x11223344u, 0x421u}}}), blenMetadata(true, false)})});
        const auto parsed = parse(bytes);
        QVERIFY2(!parsed->tree().warningCount(), qPrintable(test::describeDiagnostics(parsed->tree())));
        const ShaderFile& f = fileOf(*parsed);
        QCOMPARE(f.vers->value.value(), 7u);
        QCOMPARE(f.vers->path.value(), std::string("a.b"));
        QCOMPARE(f.declarations.at(0).groups.at(0).at(0),
                 (std::pair<std::uint32_t, std::uint32_t>{0x11223344u, 0x421u}));
        QCOMPARE(vertexInputText(0x421), std::string("TEXCOORD0 | TANGENT0 | COLOR0"));
        QVERIFY(f.blends.at(0).transparent);
        QVERIFY(!f.blends[0].alphaTested);
        QCOMPARE(*parsed->writeBack(), bytes);
    }

    // Counts past their blobs and strings past their blobs: diagnostics, the bytes kept.
    void hostileCountsAndStrings() {
        const Bytes bytes = bundleOf({blobOf("SPMP", 3, 0, test::hexBytes("FF 01 00 00 00 02 00")),
                                      blobOf("VERS", 1, 2, test::hexBytes("01 00 00 00 7F 61")),
                                      blobOf("DFPR", 2, 1, test::hexBytes("FF FF 02 00"))});
        const auto parsed = parse(bytes);
        QVERIFY(test::hasRule(parsed->tree(), "shaderbin.mapping.count"));
        QVERIFY(test::hasRule(parsed->tree(), "materialbin.string.length"));
        QVERIFY(test::hasRule(parsed->tree(), "materialbin.parameters.count"));
        QCOMPARE(*parsed->writeBack(), bytes);
    }

    // The sample cut at every byte of every blob the notes lay out: never a crash, and written
    // back as read.
    void truncationAtEveryByte() {
        const Bytes sample = samples::shaderbinSamples().at(0).data;
        const auto whole = parse(sample);
        const ShaderFile& f = fileOf(*whole);
        std::vector<std::size_t> blobs{*f.dfprBlob, f.vers->blob};
        for (const MappingBlob& m : f.mappings)
            blobs.push_back(m.blob);
        for (const LightScenarios& s : f.scenarios)
            blobs.push_back(s.blob);
        for (const std::size_t blob : blobs) {
            const ByteSlice data = f.bundle.blobs[blob].data;
            for (std::size_t n = 0; n < data.size(); ++n) {
                grub::Bundle cut = f.bundle;
                cut.blobs[blob].data = Bytes(data.begin(), data.begin() + static_cast<std::ptrdiff_t>(n));
                cut.blobs[blob].dataSizeAgain = static_cast<std::uint32_t>(n);
                const Bytes bytes = grub::writeBundle(cut);
                const auto parsed = parse(bytes);
                QVERIFY2(*parsed->writeBack() == bytes,
                         qPrintable(QString("blob %1 cut to %2").arg(blob).arg(n)));
            }
        }
    }

    // The sample: detected as a shader, every blob the notes lay out read, written back byte for
    // byte, counted.
    void sampleShader() {
        const Bytes sample = samples::shaderbinSamples().at(0).data;
        QCOMPARE(detectFormat(sample, "sample_environment.shaderbin")->name(), std::string_view("shaderbin"));
        const auto parsed = parse(sample);
        QVERIFY2(!parsed->tree().errorCount(), qPrintable(test::describeDiagnostics(parsed->tree())));
        const ShaderFile& f = fileOf(*parsed);
        // A record of every type (14) and the glow the sample signs set (2).
        QCOMPARE(f.defaults->records.size(), std::size_t{16});
        QCOMPARE(f.mappings.size(), std::size_t{3});
        QCOMPARE(f.scenarios.size(), std::size_t{2});
        QCOMPARE(f.declarations.size(), std::size_t{1});
        QCOMPARE(f.declarations[0].groups.at(0).size(), std::size_t{575});
        QCOMPARE(*parsed->writeBack(), sample);
        CensusCounts counts;
        parsed->count(counts);
        QCOMPARE(counts.total("shaders"), std::uint64_t{1});
        QCOMPARE(counts.total("parameters"), std::uint64_t{16});
        // The older layouts (mappings 3.0 and 1.0, scenarios 1.8 and 1.0) read through; the bundle's
        // version rule refuses them, as it refuses every version the install does not hold.
        for (const auto& seed : samples::shaderbinOlderLayouts()) {
            const auto p = parse(seed.data);
            QVERIFY2(!test::hasRule(p->tree(), "truncated"),
                     qPrintable(test::describeDiagnostics(p->tree())));
            QCOMPARE(*p->writeBack(), seed.data);
        }
    }
};

QTEST_APPLESS_MAIN(TestShaderbin)
#include "tst_shaderbin.moc"
