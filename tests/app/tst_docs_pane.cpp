#include "docs/doc_table.h"
#include "formats/grub/grub_handler.h"
#include "formats/grub/grub_samples.h"
#include "views/doc_comparison.h"
#include "views/docs_pane.h"

#include <QtTest>

using namespace assetscope;
using namespace assetscope::app;

namespace {
// A header struct at `structAt` with one documented field at `fieldAt` of `size` bytes.
StructureTree treeWith(const char* key, std::uint64_t structAt, std::uint64_t fieldAt, std::uint64_t size) {
    StructureTree tree(shareBytes(Bytes(64)));
    Node file;
    file.name = "file";
    file.kind = NodeKind::File;
    file.size = 64;
    const NodeId root = tree.add(kNoNode, file);
    Node header;
    header.name = "header";
    header.kind = NodeKind::Struct;
    header.offset = structAt;
    header.size = 24;
    const NodeId h = tree.add(root, header);
    Node field;
    field.doc = DocTable::instance().find(key);
    field.name = field.doc ? field.doc->name : "missing";
    field.offset = fieldAt;
    field.size = size;
    field.type = "u32";
    field.value = std::uint64_t{3};
    field.confidence = field.doc ? field.doc->confidence : Confidence::None;
    tree.add(h, field);
    return tree;
}
} // namespace

class TestDocsPane : public QObject {
    Q_OBJECT
private slots:
    void readWhereDocumented() {
        const DocField* doc = DocTable::instance().find("grub/header/blob_count");
        QVERIFY(doc);
        QCOMPARE(doc->offset, std::optional<std::uint64_t>(0x10));
        const StructureTree tree = treeWith("grub/header/blob_count", 8, 8 + 0x10, 4);
        const DocComparison c = compareWithDoc(tree, 2);
        QCOMPARE(c.relativeOffset, std::uint64_t{0x10});
        QVERIFY(!c.offsetMismatch);
        QVERIFY(!c.sizeMismatch);
        DocsPane pane;
        pane.showNode(&tree, 2);
        const QString text = pane.text();
        QVERIFY2(text.contains(QStringLiteral("Read where the document says")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("0x10")));
        QVERIFY(text.contains(QString::fromStdString(doc->note)));
        QVERIFY(text.contains(QStringLiteral("Proven")));
        QVERIFY(!text.contains(QStringLiteral("mismatch")));
    }

    void mismatchShownPlainly() {
        // Read at +0x14 where the document says +0x10, and 2 bytes where it says 4.
        const StructureTree tree = treeWith("grub/header/blob_count", 8, 8 + 0x14, 2);
        const DocComparison c = compareWithDoc(tree, 2);
        QVERIFY(c.offsetMismatch);
        QVERIFY(c.sizeMismatch);
        DocsPane pane;
        pane.showNode(&tree, 2);
        const QString text = pane.text();
        QVERIFY2(text.contains(QStringLiteral("Offset mismatch: the document puts this field at +0x10 in its "
                                              "structure; it was read at +0x14.")),
                 qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("Size mismatch: documented 4 bytes, read 2.")));
    }

    void undocumentedAndEmpty() {
        const StructureTree tree = treeWith("no/such/key", 0, 4, 4);
        DocsPane pane;
        pane.showNode(&tree, 2);
        QVERIFY(pane.text().contains(QStringLiteral("do not describe")));
        QVERIFY(!pane.comparison().doc);
        pane.showNode(&tree, 1234); // out of range: no crash, the hint
        QVERIFY(pane.text().contains(QStringLiteral("Select a field")));
        pane.showNode(nullptr, kNoNode);
        QVERIFY(pane.text().contains(QStringLiteral("Select a field")));
    }

    // A node of a file's "checked_rules" container: the pane shows the statement the check
    // enforces, where the document states it, and whether the file keeps it.
    void ruleNodeShowsItsStatement() {
        const samples::SampleFiles files = samples::grubSamples();
        const auto crowd = std::find_if(files.begin(), files.end(),
                                        [](const auto& f) { return f.name.ends_with(".crowdbin"); });
        QVERIFY(crowd != files.end());
        const auto parsed = grub::grubHandler().parse(shareBytes(Bytes(crowd->data)), ParseSettings{});
        const StructureTree& tree = parsed->tree();
        NodeId rule = kNoNode;
        for (NodeId id = 0; id < tree.nodeCount() && rule == kNoNode; ++id)
            if (tree.node(id).doc && tree.node(id).doc->key == "grub/rules/crowd_blobs_are_bundles")
                rule = id;
        QVERIFY(rule != kNoNode);
        QCOMPARE(tree.node(tree.node(rule).parent).name, std::string("checked_rules"));
        DocsPane pane;
        pane.showNode(&tree, rule);
        const QString text = pane.text();
        QVERIFY2(text.contains(QString::fromStdString(tree.node(rule).doc->note)), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("a sentence of the document's prose")));
        QVERIFY(text.contains(QStringLiteral("Proven")));
        QVERIFY(text.contains(QStringLiteral("holds")));
    }
};

QTEST_MAIN(TestDocsPane)
#include "tst_docs_pane.moc"
