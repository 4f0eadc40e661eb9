// Two trees aligned row by row as diffTrees matches them: what the comparison view shows.
#include "compare/paired_tree.h"
#include "tree/recorder.h"

#include <QtTest>

using namespace assetscope;

namespace {

Node field(const char* name, std::uint64_t offset, std::uint64_t value) {
    Node n;
    n.name = name;
    n.type = "u32";
    n.offset = offset;
    n.size = 4;
    n.value = value;
    return n;
}

NodeId addRoot(StructureTree& tree, std::uint64_t size) {
    Node root;
    root.name = "file";
    root.kind = NodeKind::File;
    root.size = size;
    return tree.add(kNoNode, root);
}

// `count` u32 elements holding their index, one of them (`changed`) holding 0xFFFF instead.
StructureTree lazyTree(std::uint64_t count, std::uint64_t changed) {
    Bytes bytes(count * 4);
    for (std::uint64_t i = 0; i < count; ++i) {
        const std::uint32_t v = i == changed ? 0xFFFFu : static_cast<std::uint32_t>(i);
        for (int k = 0; k < 4; ++k)
            bytes[i * 4 + std::uint64_t(k)] = static_cast<std::uint8_t>(v >> (8 * k));
    }
    const SharedBytes shared = shareBytes(std::move(bytes));
    StructureTree tree(shared);
    const NodeId root = addRoot(tree, count * 4);
    Recorder r(tree, *shared, 0, root);
    r.array("items", count, 4, "item", [](Recorder& e, std::uint64_t) { e.u32("v"); });
    return tree;
}

std::uint64_t pageSpan(std::uint64_t) {
    return 1000;
}

} // namespace

class TestPairedTree : public QObject {
    Q_OBJECT
private slots:
    // A child only B has goes where B has it; repeated names are numbered as diff paths number them.
    void childrenAlignByPathName() {
        StructureTree a(shareBytes(Bytes(12)));
        StructureTree b(shareBytes(Bytes(12)));
        const NodeId ra = addRoot(a, 12);
        a.add(ra, field("x", 0, 1));
        a.add(ra, field("y", 4, 2));
        a.add(ra, field("y", 8, 3));
        const NodeId rb = addRoot(b, 16);
        b.add(rb, field("x", 0, 1));
        b.add(rb, field("w", 4, 9));
        b.add(rb, field("y", 8, 2));
        b.add(rb, field("y", 12, 4));
        PairedTree rows(a, b, {1000, &pageSpan});
        QCOMPARE(rows.childCount(rows.root()), std::size_t{4});
        const char* names[] = {"x", "w", "y", "y#1"};
        for (std::size_t i = 0; i < 4; ++i)
            QCOMPARE(QString::fromStdString(rows.row(rows.child(rows.root(), i)).name),
                     QString::fromLatin1(names[i]));
        const PairedTree::RowId w = rows.child(rows.root(), 1);
        QVERIFY(rows.oneSided(w));
        QCOMPARE(rows.row(w).a, kNoNode);
        QCOMPARE(rows.find("y#1"), rows.child(rows.root(), 3));
        QCOMPARE(rows.find("nothing"), PairedTree::kNoRow);
        QCOMPARE(rows.find("."), rows.root());

        const TreeDiff diff = diffTrees(a, "t", b, "t");
        for (const TreeChange& c : diff.changes)
            QVERIFY(rows.mark(c) != PairedTree::kNoRow);
        QCOMPARE(rows.row(w).kind, std::optional<DiffKind>(DiffKind::Added));
        QCOMPARE(rows.row(rows.find("y#1")).kind, std::optional<DiffKind>(DiffKind::Changed));
        QVERIFY(!rows.row(rows.find("x")).kind);
        QCOMPARE(rows.row(rows.root()).differencesInside, std::uint32_t(diff.changes.size()));
        QCOMPARE(rows.rowAt(false, 5), w);
        QCOMPARE(rows.rowAt(true, 5), rows.find("y"));
    }

    // A long lazy array: pages, and only the element a change names is built.
    void lazyArraysBuildOnlyWhatIsAskedFor() {
        StructureTree a = lazyTree(5000, 5000);
        StructureTree b = lazyTree(5000, 4321);
        const std::size_t before = a.nodeCount();
        const TreeDiff diff = diffTrees(a, "t", b, "t");
        QCOMPARE(diff.changes.size(), std::size_t{1});
        QCOMPARE(QString::fromStdString(diff.changes[0].path), QStringLiteral("items/[4321]/v"));
        PairedTree rows(a, b, {1000, &pageSpan});
        const PairedTree::RowId v = rows.mark(diff.changes[0]);
        QVERIFY(v != PairedTree::kNoRow);
        QCOMPARE(rows.row(v).kind, std::optional<DiffKind>(DiffKind::Changed));
        QCOMPARE(a.node(rows.row(v).a).offset, std::uint64_t(4321 * 4));
        const PairedTree::RowId items = rows.find("items");
        QCOMPARE(rows.childCount(items), std::size_t{5}); // pages of 1000
        QVERIFY(rows.row(rows.child(items, 4)).page);
        QCOMPARE(rows.row(rows.child(items, 4)).differencesInside, std::uint32_t{1});
        QVERIFY(a.nodeCount() <= before + 2);
        QCOMPARE(rows.rowAt(true, 4321 * 4 + 2), v);
        QCOMPARE(rows.find("items/[5000]"), PairedTree::kNoRow);
    }
};

QTEST_MAIN(TestPairedTree)
#include "tst_paired_tree.moc"
