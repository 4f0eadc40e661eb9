// What every parser leans on: the count guard, severity from the documented row, node edits
// with nodes off, and the one number formatter.
#include "bytes/number_text.h"
#include "tree/recorder.h"

#include <QtTest>

using namespace assetscope;

class TestRecorder : public QObject {
    Q_OBJECT
private slots:
    void severityFollowsTheDocumentedRow() {
        // pgeo's section name is Observed, its kind Proven; a statement with no row counts as Proven.
        QCOMPARE(documentedSeverity("pgeo/file/section_name"), Severity::Warning);
        QCOMPARE(documentedSeverity("pgeo/file/kind"), Severity::Error);
        QCOMPARE(documentedSeverity("pgeo/file/no_such_field"), Severity::Error);
        QCOMPARE(documentedSeverity("not a key"), Severity::Error);
    }

    void checkAndFlagReportWithTheRowsSeverity() {
        const Bytes bytes(16, 0);
        StructureTree tree(shareBytes(Bytes(bytes)));
        Node root;
        root.name = "file";
        root.kind = NodeKind::File;
        const NodeId file = tree.add(kNoNode, std::move(root));
        Recorder r(tree, ByteView(bytes), 0, file);
        r.u32("first");
        QVERIFY(!r.check(false, "test.observed", "pgeo/file/section_name", "an observed statement broke"));
        r.flag(12, "test.proven", "pgeo/file/kind", "a proven statement broke");
        QCOMPARE(tree.diagnostics().size(), std::size_t{2});
        QCOMPARE(tree.diagnostics()[0].diagnostic.severity, Severity::Warning);
        QCOMPARE(tree.diagnostics()[0].offset, std::uint64_t{4}); // where the reader stood
        QCOMPARE(tree.diagnostics()[1].diagnostic.severity, Severity::Error);
        QCOMPARE(tree.diagnostics()[1].offset, std::uint64_t{12});
        QCOMPARE(tree.diagnostics()[1].node, file);
    }

    void countGuardRefusesBeforeAllocating() {
        const Bytes bytes(20, 0);
        StructureTree tree(shareBytes(Bytes(bytes)));
        Recorder r(tree, ByteView(bytes), 100, kNoNode);
        r.u32("count");                                    // 16 bytes remain
        r.requireCount(4, 4, "test.count", "floats", 100); // exactly fits
        r.requireCount(0, 80, "test.count", "records", 100);
        try {
            r.requireCount(5, 4, "test.count", "floats", 100);
            QFAIL("5 floats do not fit in 16 bytes");
        } catch (const ParseError& e) {
            QCOMPARE(e.rule, std::string("test.count"));
            QCOMPARE(e.message, std::string("5 floats cannot fit in the 16 bytes that remain"));
            QCOMPARE(e.offset, std::uint64_t{100});
        }
        // A count whose product with the size overflows 64 bits is refused, not wrapped.
        QVERIFY_THROWS_EXCEPTION(ParseError,
                                 r.requireCount(0x4000000000000001ull, 4, "test.count", "floats", 0));
    }

    void editsAreSafeWithNodesOff() {
        const Bytes bytes(8, 0);
        StructureTree tree(shareBytes(Bytes(bytes)), false);
        Recorder r(tree, ByteView(bytes), 0, kNoNode);
        r.u32("a");
        QCOMPARE(r.last(), kNoNode);
        bool ran = false;
        tree.edit(r.last(), [&](Node& n) {
            ran = true;
            n.display = "never";
        });
        QVERIFY(!ran); // no node, and no display text built for it
        QCOMPARE(tree.nodeCount(), std::size_t{0});

        StructureTree recorded(shareBytes(Bytes(bytes)));
        Recorder w(recorded, ByteView(bytes), 0, kNoNode);
        w.u32("a");
        recorded.edit(w.last(), [](Node& n) { n.display = "shown"; });
        QCOMPARE(recorded.node(w.last()).display, std::string("shown"));
    }

    void numbersReadTheSameEverywhere() {
        QCOMPARE(hexText(0x1F), std::string("0x1f"));
        QCOMPARE(hexText(0), std::string("0x0"));
        QCOMPARE(hexDigits(0x80800000u, 8), std::string("0x80800000"));
        QCOMPARE(hexDigits(0xAB, 8), std::string("0x000000AB"));
        QCOMPARE(hexDigits(0x5, 2), std::string("0x05"));
        // A float read back with nine digits tells it from its neighbours: 0.1f is 0.100000001490116.
        QCOMPARE(numberText(0.1f), std::string("0.100000001"));
        QCOMPARE(numberText(1.5), std::string("1.5"));
        QCOMPARE(numberText(2.0 / 3.0, 6), std::string("0.666667"));
        const double values[] = {1, -2.5, 1e-10};
        QCOMPARE(numberTuple(std::span<const double>(values)), std::string("(1, -2.5, 1e-10)"));
        const float one[] = {0.25f};
        QCOMPARE(numberTuple(std::span<const float>(one)), std::string("(0.25)"));
    }
};

QTEST_APPLESS_MAIN(TestRecorder)
#include "tst_recorder.moc"
