// The documented-field table: every row of an implemented format is used by its parser, and
// fixed-offset fields are read at the offset the document gives.
#include "docs/doc_table.h"
#include "formats/grub/bundle_writer.h"
#include "formats/registry.h"
#include "formats/shaderbin/shaderbin_samples.h"
#include "samples/sample_set.h"
#include "test_support.h"
#include "tst_modelbin_fixtures.h"

#include <QtTest>

#include <map>

#include <set>

using namespace assetscope;

namespace {

// Files that exercise rows the sample set does not: older layouts the census never met.
samples::SampleFiles extraFixtures() {
    grub::Bundle v10;
    v10.versionMinor = 0;
    grub::Blob blob;
    blob.tag = tagFromText("Modl");
    blob.data = {1, 2, 3, 4};
    v10.blobs.push_back(blob);
    samples::SampleFiles files{{"fixtures/v10.bin", grub::writeBundle(v10)}};
    // Models of versions before 1.9 and 1.10 (one material id, a u8 morph count), a buffer
    // header before version 1 and a float vertex format.
    for (std::uint8_t minor : {0, 8})
        files.push_back(
            {"fixtures/v1_" + std::to_string(minor) + ".i.modelbin",
             modelbin::buildModelBytes(fixtures::singleMeshModel(fixtures::smallBox({1, minor})))});
    modelbin::Model model = modelbin::buildModel(fixtures::singleMeshModel(fixtures::smallBox({1, 13})));
    modelbin::Buffer& b = model.buffers[1];
    const Bytes payload(model.payload(b).begin(), model.payload(b).end());
    b.version = {0, 1};
    model.bundle.blobs[b.blob].versionMajor = 0;
    fixtures::setPayload(model, 1, payload, b.header.stride);
    model.layouts[0].elements[2].format = 16;
    files.push_back({"fixtures/old_buffer.i.modelbin", modelbin::writeModel(model)});
    // Shaders with the mappings' and light scenarios' older layouts, and a model with TRef
    // metadata (older games'), which the install's files do not hold.
    for (auto& seed : samples::shaderbinOlderLayouts())
        files.push_back(std::move(seed));
    modelbin::Model referencing =
        modelbin::buildModel(fixtures::singleMeshModel(fixtures::smallBox({1, 13})));
    grub::Metadata tref;
    tref.tag = tagFromText("TRef");
    tref.payload = {1, 0, 0, 0, 0x52, 0x0B, 0x77, 0x21};
    for (grub::Blob& blob : referencing.bundle.blobs)
        if (blob.tag == modelbin::kModlTag) blob.metadata.push_back(tref);
    files.push_back({"fixtures/tref.i.modelbin", modelbin::writeModel(referencing)});
    return files;
}

std::vector<std::unique_ptr<ParsedFile>> parseAll() {
    std::vector<std::unique_ptr<ParsedFile>> out;
    auto files = samples::allSampleFiles();
    for (auto& f : extraFixtures())
        files.push_back(std::move(f));
    for (const auto& f : files) {
        const FormatHandler* handler = detectFormat(f.data, f.name);
        if (!handler) continue; // chunks and other companions are read through their resource
        ParseSettings settings;
        settings.fileName = f.name.substr(f.name.rfind('/') + 1);
        out.push_back(handler->parse(shareBytes(f.data), settings));
        test::materialiseAll(out.back()->tree());
    }
    return out;
}

} // namespace

class TestDocTable : public QObject {
    Q_OBJECT

private slots:
    void tableLoadsWithoutErrors() {
        const auto& table = DocTable::instance();
        QVERIFY(table.fields().size() > 20);
        for (const auto& f : table.fields()) {
            QVERIFY2(!f.note.empty(), qPrintable(QString::fromStdString(f.key + " has no note")));
            QVERIFY2(!f.type.empty(), qPrintable(QString::fromStdString(f.key + " has no type")));
        }
        QVERIFY(table.find("grub/header/total_size"));
        QCOMPARE(table.find("grub/header/total_size")->offset.value(), std::uint64_t{0xC});
        QCOMPARE(table.find("grub/blob_record/data_size_again")->confidence, Confidence::Unknown);
    }

    // Each row says where its statement stands: a field table's row, a sentence of the prose (a
    // rule, the block grammar, a field a table's notes spell out), or the public readers' notes.
    void everyRowNamesItsOrigin() {
        const auto& table = DocTable::instance();
        std::map<DocOrigin, int> byOrigin;
        for (const auto& f : table.fields())
            ++byOrigin[f.origin];
        QCOMPARE(table.find("grub/header/tag")->origin, DocOrigin::Table);
        QCOMPARE(table.find("modelbin/mesh/index_count")->origin, DocOrigin::Table);
        QCOMPARE(table.find("meshset/rules/inline_size")->origin, DocOrigin::Prose);
        QCOMPARE(table.find("pgeo/block/sources")->origin, DocOrigin::Prose); // "Each block is str name; …"
        QCOMPARE(table.find("grub/header_v1_0/blob_count")->origin, DocOrigin::PublicReaders);
        for (const auto& f : table.fields())
            if (f.confidence == Confidence::Sourced)
                QVERIFY2(f.origin == DocOrigin::PublicReaders, f.key.c_str());
        qInfo().noquote() << table.fields().size() << "rows:" << byOrigin[DocOrigin::Table]
                          << "from field tables," << byOrigin[DocOrigin::Prose] << "from the prose,"
                          << byOrigin[DocOrigin::PublicReaders] << "from the public readers' notes";
        // An unknown origin is a loading error, not a silent default.
        std::string error;
        DocTable::fromJson(R"([{"format": "x", "structure": "s", "offset": "0x0", "size": "4", "type": "u32",
                               "field": "f", "confidence": "Proven", "note": "n", "origin": "elsewhere"}])",
                           &error);
        QVERIFY(!error.empty());
    }

    void everyRowOfAnImplementedFormatIsUsed() {
        const auto parsed = parseAll();
        std::set<const DocField*> used;
        std::set<std::string> formats;
        for (const auto& p : parsed) {
            for (NodeId id = 0; id < p->tree().nodeCount(); ++id)
                if (const DocField* d = p->tree().node(id).doc) used.insert(d);
        }
        for (const FormatHandler* h : formatHandlers())
            formats.insert(std::string(h->name()));
        QStringList unused;
        for (const auto& f : DocTable::instance().fields())
            if (formats.contains(f.format) && !used.contains(&f)) unused << QString::fromStdString(f.key);
        QVERIFY2(unused.isEmpty(), qPrintable("rows no parser used: " + unused.join(", ")));
    }

    void fixedOffsetsAreReadWhereTheDocumentSays() {
        const auto parsed = parseAll();
        int checked = 0;
        for (const auto& p : parsed) {
            const StructureTree& tree = p->tree();
            for (NodeId id = 0; id < tree.nodeCount(); ++id) {
                const Node& n = tree.node(id);
                if (!n.doc || !n.doc->offset || n.parent == kNoNode) continue;
                const Node& parent = tree.node(n.parent);
                QVERIFY2(n.offset - parent.offset == *n.doc->offset,
                         qPrintable(QString::fromStdString(
                             n.doc->key + " read at +" + std::to_string(n.offset - parent.offset) + " of " +
                             parent.name + ", documented at " + n.doc->offsetText)));
                ++checked;
            }
        }
        QVERIFY(checked > 0);
    }

    void noParserNamesAMissingRow() {
        for (const auto& p : parseAll())
            QVERIFY2(!test::hasRule(p->tree(), "doc.missing-row"),
                     qPrintable(test::describeDiagnostics(p->tree())));
    }
};

QTEST_APPLESS_MAIN(TestDocTable)
#include "tst_doc_table.moc"
