// .materialbin files and a model's material slots, laid out byte by byte from the public readers'
// notes (public-reader-notes.md, "Materials and shaders") with values worked out by hand.
#include "docs/parameter_names.h"
#include "formats/grub/bundle_writer.h"
#include "formats/grub/grub_handler.h"
#include "formats/materialbin/material_writer.h"
#include "formats/materialbin/materialbin_handler.h"
#include "formats/materialbin/materialbin_samples.h"
#include "formats/modelbin/model_builder.h"
#include "formats/modelbin/model_handler.h"
#include "formats/modelbin/model_writer.h"
#include "formats/registry.h"
#include "test_support.h"

#include <QtTest>

using namespace assetscope;
using namespace assetscope::materialbin;
using namespace assetscope::shading;

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

// A material of a MATL 1.2 blob (FH6's: three strings, here "abc" and two empty ones) and an
// MTPR 2.0 blob holding `mtpr`.
Bytes materialBytes(const Bytes& mtpr, Bytes matl = test::hexBytes("03 61 62 63 00 00")) {
    grub::Bundle b;
    b.blobs.push_back(blobOf("MATL", 1, 2, std::move(matl), {grub::nameMetadata("hand_made")}));
    b.blobs.push_back(blobOf("MTPR", 2, 0, mtpr));
    return grub::writeBundle(b);
}

std::unique_ptr<ParsedFile> parse(const Bytes& bytes) {
    auto parsed = materialbinHandler().parse(shareBytes(Bytes(bytes)), ParseSettings{});
    test::materialiseAll(parsed->tree());
    return parsed;
}

const MaterialFile& fileOf(const ParsedFile& parsed) {
    return dynamic_cast<const ParsedMaterial&>(parsed).file();
}

// An MTPR blob of one record and the trailer (three u32 1, 2, 3).
Bytes mtprOfOne(std::string_view recordHex) {
    return test::hexBytes("01 " + std::string(recordHex) + " 01 00 00 00 02 00 00 00 03 00 00 00");
}

NodeId nodeNamed(const StructureTree& tree, std::string_view name) {
    for (NodeId id = 0; id < tree.nodeCount(); ++id)
        if (tree.node(id).name == name) return id;
    return kNoNode;
}

} // namespace

class TestMaterialbin : public QObject {
    Q_OBJECT

private slots:
    // The names table: every name's CRC-32 is its hash (the notes' claim, checked on one row).
    void parameterNamesAreCrc32OfTheName() {
        QCOMPARE(crc32Of("NormalTexture"), 0x8C658791u);
        const ParameterName* row = parameterName(0x8C658791u);
        QVERIFY(row);
        QCOMPARE(row->name, std::string_view("NormalTexture"));
        QCOMPARE(row->role, std::string_view("normal"));
        QCOMPARE(parameterLabel(0x8C658791u), std::string("NormalTexture"));
        QCOMPARE(parameterLabel(0x00000001u), std::string("0x00000001"));
        QVERIFY(parameterNameCount() > 300);
        QCOMPARE(parameterNamed("DiffTintColorParam")->hash, 0x1F3EB7A9u);
    }

    // A 7-bit length of 130 is the two bytes 82 01 (low seven bits first, bit 7: another byte).
    void sevenBitLengthOfTwoBytes() {
        Bytes matl = test::hexBytes("82 01");
        matl.insert(matl.end(), 130, 'x');
        matl.insert(matl.end(), {0, 0});
        const auto parsed = parse(materialBytes(mtprOfOne(""), matl));
        const MaterialFile& f = fileOf(*parsed);
        QVERIFY(f.matl);
        QCOMPARE(f.matl->paths.size(), std::size_t{3});
        QCOMPARE(f.matl->paths[0], std::string(130, 'x'));
        const NodeId length = nodeNamed(parsed->tree(), "length");
        QVERIFY(length != kNoNode);
        QCOMPARE(parsed->tree().node(length).size, std::uint64_t{2});
        QCOMPARE(std::get<std::uint64_t>(parsed->tree().node(length).value), std::uint64_t{130});
        QCOMPARE(*parsed->writeBack(), materialBytes(mtprOfOne(""), matl));
    }

    // Record 3.0, Color: version 03 00, hash of DiffTintColorParam (0x1F3EB7A9), type 01, a GUID,
    // then r, g, b, a = 1.0, 0.5, 0.25, 0.75.
    void colorRecordOfVersion3() {
        const Bytes bytes = materialBytes(mtprOfOne("03 00 A9 B7 3E 1F 01 "
                                                    "00 01 02 03 04 05 06 07 08 09 0A 0B 0C 0D 0E 0F "
                                                    "00 00 80 3F 00 00 00 3F 00 00 80 3E 00 00 40 3F"));
        const auto parsed = parse(bytes);
        QVERIFY2(!parsed->tree().errorCount() && !parsed->tree().warningCount(),
                 qPrintable(test::describeDiagnostics(parsed->tree())));
        const MaterialFile& f = fileOf(*parsed);
        QVERIFY(f.parameters);
        QCOMPARE(f.parameters->records.size(), std::size_t{1});
        const ParameterRecord& p = f.parameters->records[0];
        QCOMPARE(p.hash, 0x1F3EB7A9u);
        QCOMPARE(p.type, std::uint8_t{1});
        QVERIFY(p.guid);
        QCOMPARE((*p.guid)[15], std::uint8_t{0x0F});
        QCOMPARE(p.floats, (std::vector<float>{1.0f, 0.5f, 0.25f, 0.75f}));
        QVERIFY(!p.unknownFlag); // 3.0: no bool yet
        QCOMPARE(f.parameters->trailer.value(), (std::array<std::uint32_t, 3>{1, 2, 3}));
        QCOMPARE(parsed->tree().node(p.node).name, std::string("DiffTintColorParam"));
        // The contract's look: a material deriving from MATL's path, the record's node.
        const auto looks = parsed->materials();
        QCOMPARE(looks.size(), std::size_t{1});
        QCOMPARE(looks[0].kind, MaterialLook::Kind::Material);
        QCOMPARE(looks[0].derivesFrom, std::string("abc"));
        QCOMPARE(looks[0].name, std::string("hand_made"));
        QCOMPARE(looks[0].parameters.size(), std::size_t{1});
        QCOMPARE(looks[0].parameters[0].type, ParameterType::Color);
        QCOMPARE(looks[0].parameters[0].numbers, (std::vector<double>{1.0, 0.5, 0.25, 0.75}));
        QCOMPARE(looks[0].parameters[0].node, p.node);
        QCOMPARE(*parsed->writeBack(), bytes);
    }

    // Record 2.0, Texture2D: NormalTexture (0x8C658791), type 06, the path as a 7-bit string of 37
    // bytes (25), then the CRC-32 of the lower-cased path, 0x21770B52.
    void textureRecordWithPathAndCrc() {
        const std::string path = "Game:\\Media\\Textures\\wall_n.swatchbin";
        QCOMPARE(path.size(), std::size_t{37});
        QCOMPARE(texturePathHash(path), 0x21770B52u);
        std::string hex = "02 00 91 87 65 8C 06 25 ";
        for (const char c : path)
            hex += QString::asprintf("%02X ", static_cast<unsigned char>(c)).toStdString();
        hex += "52 0B 77 21";
        const auto parsed = parse(materialBytes(mtprOfOne(hex)));
        QVERIFY2(!parsed->tree().warningCount(), qPrintable(test::describeDiagnostics(parsed->tree())));
        const ParameterRecord& p = fileOf(*parsed).parameters->records.at(0);
        QCOMPARE(p.path, path);
        QCOMPARE(p.pathHash.value(), 0x21770B52u);
        QCOMPARE(parsed->tree().node(p.node).name, std::string("NormalTexture"));
        const MaterialParameter look = lookParameter(p);
        QCOMPARE(look.path, path);
        QCOMPARE(look.type, ParameterType::Texture);
    }

    // Record 3.1 (FH5), Sampler: the unknown bool 1 and its u32 7; address U 1 (Wrap), V 3
    // (Clamp), and from 1.1 the kind 2 (SamplerStates1).
    void samplerRecordWithKind() {
        const auto parsed = parse(materialBytes(mtprOfOne("03 01 10 52 64 06 01 07 00 00 00 07 "
                                                          "00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 "
                                                          "01 00 00 00 03 00 00 00 02 00 00 00")));
        QVERIFY2(!parsed->tree().warningCount(), qPrintable(test::describeDiagnostics(parsed->tree())));
        const ParameterRecord& p = fileOf(*parsed).parameters->records.at(0);
        QCOMPARE(p.hash, 0x06645210u);
        QCOMPARE(p.unknownFlag.value(), std::uint8_t{1});
        QCOMPARE(p.unknownValue.value(), 7u);
        QCOMPARE(p.words, (std::vector<std::uint32_t>{1, 3, 2}));
        QCOMPARE(parsed->tree().node(p.node).name, std::string("SamplerStates1Sampler"));
    }

    // Record 2.0, ColorGradient: n = 2, then two RGBA8 words (the reading of two readers).
    void gradientOfRgba8Words() {
        const auto parsed =
            parse(materialBytes(mtprOfOne("02 00 01 00 00 00 08 02 00 00 00 FF 00 00 FF 00 FF 00 FF")));
        QVERIFY2(!parsed->tree().warningCount(), qPrintable(test::describeDiagnostics(parsed->tree())));
        const ParameterRecord& p = fileOf(*parsed).parameters->records.at(0);
        QCOMPARE(p.words, (std::vector<std::uint32_t>{0xFF0000FFu, 0xFF00FF00u}));
        QCOMPARE(parsed->tree().node(p.node).name, std::string("0x00000001"));
    }

    // Record 1.1, Vector2: two floats and eight padding bytes (before 2.0).
    void vector2WithPaddingBefore2() {
        const Bytes bytes =
            materialBytes(mtprOfOne("01 01 01 00 00 00 0B 00 00 80 3F 00 00 00 40 AA BB CC DD EE FF 00 11"));
        const auto parsed = parse(bytes);
        const ParameterRecord& p = fileOf(*parsed).parameters->records.at(0);
        QCOMPARE(p.floats, (std::vector<float>{1.0f, 2.0f}));
        QCOMPARE(p.padding[0], std::uint8_t{0xAA});
        QVERIFY(test::hasRule(parsed->tree(), "materialbin.parameter.version", Severity::Note));
        QCOMPARE(*parsed->writeBack(), bytes);
    }

    // Type 10 (and any code no reader lays out) leaves the record's size unknown: a diagnostic,
    // the rest of the blob kept as it was, and no trailer read.
    void unknownTypeCodeKeepsTheRest() {
        const Bytes bytes = materialBytes(test::hexBytes("02 02 00 01 00 00 00 0A 11 22 33 44 55 66 77 88"));
        const auto parsed = parse(bytes);
        QVERIFY(test::hasRule(parsed->tree(), "materialbin.parameter.type", Severity::Warning));
        const MaterialFile& f = fileOf(*parsed);
        QCOMPARE(f.parameters->records.size(), std::size_t{0});
        QVERIFY(!f.parameters->trailer);
        QCOMPARE(f.parameters->rest.size(), std::size_t{15});
        QVERIFY(nodeNamed(parsed->tree(), "unread parameters") != kNoNode);
        QCOMPARE(*parsed->writeBack(), bytes);
    }

    // A count no blob of this size can hold: named, then the records read as far as they go.
    void countPastTheBlob() {
        const auto parsed = parse(materialBytes(test::hexBytes("C8 02 00 01 00 00 00 02 00 00 80 3F")));
        QVERIFY(test::hasRule(parsed->tree(), "materialbin.parameters.count"));
        QVERIFY(test::hasRule(parsed->tree(), "truncated"));
        QCOMPARE(fileOf(*parsed).parameters->records.size(), std::size_t{1});
    }

    // A string longer than its blob: 50 bytes named, 3 there.
    void stringLongerThanItsBlob() {
        const Bytes bytes = materialBytes(mtprOfOne(""), test::hexBytes("32 61 62 63"));
        const auto parsed = parse(bytes);
        QVERIFY(test::hasRule(parsed->tree(), "materialbin.string.length"));
        QVERIFY(test::messageOf(parsed->tree(), "materialbin.string.length").find("50") != std::string::npos);
        QCOMPARE(*parsed->writeBack(), bytes);
        // A length that never ends (bit 7 set on five bytes).
        const auto endless = parse(materialBytes(mtprOfOne(""), test::hexBytes("FF FF FF FF FF 01")));
        QVERIFY(test::hasRule(endless->tree(), "materialbin.string.length"));
    }

    // Every blob of the sample cut at every byte: diagnostics, never a crash, and the bytes
    // written back as they were read.
    void truncationAtEveryByte() {
        const Bytes sample = samples::materialbinSamples().at(0).data;
        const auto whole = parse(sample);
        const MaterialFile& f = fileOf(*whole);
        for (const std::size_t blob : {*f.matlBlob, *f.mtprBlob}) {
            const ByteSlice data = f.bundle.blobs[blob].data;
            for (std::size_t n = 0; n < data.size(); ++n) {
                grub::Bundle cut = f.bundle;
                cut.blobs[blob].data = Bytes(data.begin(), data.begin() + static_cast<std::ptrdiff_t>(n));
                cut.blobs[blob].dataSizeAgain = static_cast<std::uint32_t>(n);
                const Bytes bytes = grub::writeBundle(cut);
                const auto parsed = parse(bytes);
                QVERIFY2(*parsed->writeBack() == bytes,
                         qPrintable(QString("blob %1 cut to %2").arg(blob).arg(n)));
                if (blob == *f.mtprBlob && n > 0 && n < data.size() - 12)
                    QVERIFY2(parsed->tree().errorCount() + parsed->tree().warningCount() > 0,
                             qPrintable(QString("MTPR cut to %1").arg(n)));
            }
        }
    }

    // The sample: detected as a material over the plain bundle, every type read, written back
    // byte for byte.
    void sampleMaterial() {
        const Bytes sample = samples::materialbinSamples().at(0).data;
        QCOMPARE(detectFormat(sample, "sample_brick_wall.materialbin")->name(),
                 std::string_view("materialbin"));
        const auto parsed = parse(sample);
        QVERIFY2(!parsed->tree().errorCount() && !parsed->tree().warningCount(),
                 qPrintable(test::describeDiagnostics(parsed->tree())));
        const MaterialFile& f = fileOf(*parsed);
        QCOMPARE(f.matl->paths.size(), std::size_t{3});
        QCOMPARE(f.alphaTest->flags, (std::vector<std::uint8_t>{0, 1}));
        QCOMPARE(f.parameters->records.size(), std::size_t{14});
        QCOMPARE(f.shaderPath(), std::string("Game:\\Media\\Shaders\\sample_environment.shaderbin"));
        QCOMPARE(*parsed->writeBack(), sample);
        CensusCounts counts;
        parsed->count(counts);
        QCOMPARE(counts.total("materials"), std::uint64_t{1});
        QCOMPARE(counts.total("parameters"), std::uint64_t{14});
    }

    // A crowd's MtlI blob holds a material bundle (grub-bundles.txt): the materials' format claims
    // it as a part of the crowd, read as the loose file is. The sample crowd's is the sample brick
    // wall: its 14 records counted, its look the crowd's third after the bench's two slots, named,
    // slotless, deriving from the sample shader, its node the nested MATL blob.
    void aCrowdsMtlIIsAMaterial() {
        (void)modelbin::modelbinHandler(); // add their claimants, as the registry does
        (void)materialbinHandler();
        const Bytes crowd = test::sampleCrowd();
        QVERIFY(!crowd.empty());
        const auto parsed = grub::grubHandler().parse(shareBytes(Bytes(crowd)), ParseSettings{});
        QVERIFY2(!parsed->tree().errorCount() && !parsed->tree().warningCount(),
                 qPrintable(test::describeDiagnostics(parsed->tree())));
        const auto& bundle = static_cast<const grub::ParsedBundle&>(*parsed);
        QCOMPARE(bundle.parts().size(), std::size_t{2});
        QCOMPARE(bundle.parts()[1]->noun(), std::string_view("material"));
        QCOMPARE(bundle.parts()[1]->meshCount(), std::size_t{0});
        CensusCounts counts;
        parsed->count(counts);
        QCOMPARE(counts.total("materials"), std::uint64_t{1});
        QCOMPARE(counts.total("parameters"), std::uint64_t{14});
        const auto looks = parsed->materials();
        QCOMPARE(looks.size(), std::size_t{3});
        const MaterialLook& wall = looks[2];
        QCOMPARE(wall.name, std::string("sample_brick_wall"));
        QCOMPARE(wall.kind, MaterialLook::Kind::Material);
        QVERIFY(!wall.slot);
        QCOMPARE(wall.part.value(), std::uint32_t{1});
        QCOMPARE(wall.derivesFrom, std::string("Game:\\Media\\Shaders\\sample_environment.shaderbin"));
        QCOMPARE(wall.parameters.size(), std::size_t{14});
        // The MATL blob: three strings of the 48-character shader path, each after its 1-byte length.
        QCOMPARE(parsed->tree().node(wall.node).name, std::string("MATL"));
        QCOMPARE(parsed->tree().node(wall.node).size, std::uint64_t{3 * (1 + 48)});
        // The crowd's scene is the bench's alone: the material adds nothing and says nothing.
        std::string reason;
        const auto scene = parsed->exportScene(ExportSelection{}, reason);
        QVERIFY(scene);
        QCOMPARE(scene->meshes.size(), std::size_t{2});
        QVERIFY2(reason.empty(), reason.c_str());
        // Written back byte for byte; cut anywhere inside the nested material, the crowd still
        // reads (diagnostics, no throw) and keeps its bytes.
        QCOMPARE(*parsed->writeBack(), crowd);
        const NodeId matl = wall.node;
        const std::uint64_t end = parsed->tree().node(matl).offset + parsed->tree().node(matl).size;
        for (std::uint64_t n = parsed->tree().node(matl).offset; n < end; n += 7) {
            Bytes cut = crowd;
            cut[n] ^= 0xA5;
            const auto changed = grub::grubHandler().parse(shareBytes(std::move(cut)), ParseSettings{});
            QVERIFY(changed);
            (void)changed->materials();
        }
    }

    // MATL 1.2's strings differ: the last non-empty one is the shader, with a note.
    void differingMatlStrings() {
        MaterialFile m = makeMaterial("m", "Game:\\a.shaderbin", {});
        m.matl->paths = {"Game:\\a.shaderbin", "Game:\\b.shaderbin", ""};
        const auto parsed = parse(writeMaterial(m));
        QCOMPARE(fileOf(*parsed).shaderPath(), std::string("Game:\\b.shaderbin"));
        QVERIFY(test::hasRule(parsed->tree(), "materialbin.matl.paths-differ", Severity::Note));
    }

    // A model's MatI slots, read by the materials' code: one look per slot in slot order, the
    // MATI path it derives from, the MTPR overrides; the model written back byte for byte.
    void modelSlotsAreInstances() {
        modelbin::BuildModel spec;
        spec.materials = {{3, "third", "media/materials/third.materialbin"},
                          {1, "first", "media/materials/first.materialbin"},
                          {2, "empty", ""}};
        modelbin::BuildMesh mesh;
        mesh.name = "quad";
        modelbin::GeometryBuilder(mesh).quad({0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0}, {1, 1},
                                             {0, 0, 1});
        mesh.materialGroups = {{-1, 1, -1, -1}};
        spec.meshes.push_back(mesh);
        const Bytes bytes = modelbin::buildModelBytes(spec);
        auto parsed = modelbin::modelbinHandler().parse(shareBytes(Bytes(bytes)), ParseSettings{});
        QVERIFY2(!parsed->tree().errorCount() && !parsed->tree().warningCount(),
                 qPrintable(test::describeDiagnostics(parsed->tree())));
        const auto looks = parsed->materials();
        QCOMPARE(looks.size(), std::size_t{3});
        QCOMPARE(looks[0].slot.value(), 1);
        QCOMPARE(looks[0].name, std::string("first"));
        QCOMPARE(looks[0].kind, MaterialLook::Kind::Instance);
        QCOMPARE(looks[0].derivesFrom, std::string("media/materials/first.materialbin"));
        QCOMPARE(looks[0].parameters.size(), std::size_t{1});
        QCOMPARE(parsed->tree().node(looks[0].parameters[0].node).name, std::string("DiffTintColorParam"));
        QCOMPARE(looks[1].slot.value(), 2);
        QVERIFY(looks[1].derivesFrom.empty());
        QCOMPARE(looks[2].slot.value(), 3);
        QCOMPARE(*parsed->writeBack(), bytes);
    }

    // Modl's TRef metadata (older games): a u32 count and that many texture path hashes. A model
    // of the install holds none, so the model's strict rule refuses it, and it is still read.
    void modelTextureReferences() {
        modelbin::BuildModel spec;
        modelbin::BuildMesh mesh;
        modelbin::GeometryBuilder(mesh).quad({0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0}, {1, 1},
                                             {0, 0, 1});
        spec.materials = {{0, "m", "media/materials/m.materialbin"}};
        spec.meshes.push_back(mesh);
        modelbin::Model model = modelbin::buildModel(spec);
        grub::Metadata tref;
        tref.tag = tagFromText("TRef");
        tref.payload = test::hexBytes("02 00 00 00 52 0B 77 21 91 87 65 8C");
        for (grub::Blob& blob : model.bundle.blobs)
            if (blob.tag == modelbin::kModlTag) blob.metadata.push_back(tref);
        const Bytes bytes = modelbin::writeModel(model);
        auto parsed = modelbin::modelbinHandler().parse(shareBytes(Bytes(bytes)), ParseSettings{});
        const auto& header = dynamic_cast<const modelbin::ParsedModel&>(*parsed).model().header;
        QVERIFY(header && header->textureHashes);
        QCOMPARE(*header->textureHashes, (std::vector<std::uint32_t>{0x21770B52u, 0x8C658791u}));
        QVERIFY(test::hasRule(parsed->tree(), "modelbin.blob.metadata-tag"));
        // A count past the payload: a diagnostic, no hashes.
        for (grub::Blob& blob : model.bundle.blobs)
            if (blob.tag == modelbin::kModlTag)
                blob.metadata.back().payload = test::hexBytes("09 00 00 00 01 02 03 04");
        parsed = modelbin::modelbinHandler().parse(shareBytes(modelbin::writeModel(model)), ParseSettings{});
        QVERIFY(test::hasRule(parsed->tree(), "modelbin.tref.count"));
    }
};

QTEST_APPLESS_MAIN(TestMaterialbin)
#include "tst_materialbin.moc"
