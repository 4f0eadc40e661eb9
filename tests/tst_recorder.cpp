// What every parser leans on: the count guard, severity from the documented row, node edits
// with nodes off, and the one number formatter.
#include "bytes/number_text.h"
#include "bytes/text_out.h"
#include "tree/recorder.h"

#include <QtTest>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <sstream>

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

    void checkAttachesToTheNodeJustRecorded() {
        const Bytes bytes(16, 0);
        StructureTree tree(shareBytes(Bytes(bytes)));
        Node root;
        root.name = "file";
        root.kind = NodeKind::File;
        const NodeId file = tree.add(kNoNode, std::move(root));
        Recorder r(tree, ByteView(bytes), 0, file);
        // Nothing recorded yet: the container.
        r.check(false, "test.first", "no/such/row", "before any field");
        r.u32("first");
        const NodeId first = r.last();
        r.check(false, "test.default", "no/such/row", "about the field just read");
        r.check(false, "test.container", "no/such/row", "about the file", r.parent());
        NodeId header = kNoNode;
        {
            auto scope = r.scope("header");
            header = scope.id();
            r.u16("second");
        }
        // A container that just ended is the node just recorded.
        r.check(false, "test.scope", "no/such/row", "about the header");
        r.check(false, "test.kept", "no/such/row", "about the first field again", first);
        const auto& d = tree.diagnostics();
        QCOMPARE(d.size(), std::size_t{5});
        QCOMPARE(d[0].node, file);
        QCOMPARE(d[1].node, first);
        QVERIFY(first != file && first != kNoNode);
        QCOMPARE(d[2].node, file);
        QCOMPARE(d[3].node, header);
        QCOMPARE(d[4].node, first);
        QCOMPARE(d[3].offset, std::uint64_t{6}); // where the reader stood: 4 + 2 bytes

        // With nodes off nothing is recorded, and every check goes to the container.
        StructureTree batch(shareBytes(Bytes(bytes)), false);
        Recorder b(batch, ByteView(bytes), 0, kNoNode);
        b.u32("first");
        QCOMPARE(b.last(), kNoNode);
        b.check(false, "test.default", "no/such/row", "nodes off");
        QCOMPARE(batch.diagnostics().size(), std::size_t{1});
        QCOMPARE(batch.diagnostics()[0].node, kNoNode);
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

    // reachable() records, without throwing, the error that seek and require would have thrown
    // into guard: the same node and diagnostic, rule, message and offset.
    void reachableRecordsWhatAGuardedSeekWould() {
        const Bytes bytes(20, 0);
        const auto tried = [&](std::uint64_t pos, std::uint64_t n, bool throwing) {
            StructureTree tree(shareBytes(Bytes(bytes)));
            Recorder r(tree, ByteView(bytes), 100, tree.append(kNoNode));
            const bool read = throwing ? r.guard([&] {
                r.seek(pos);
                r.require(n);
            })
                                       : r.reachable(pos, n);
            return std::make_pair(read, std::move(tree));
        };
        for (const auto& [pos, n] : {std::pair<std::uint64_t, std::uint64_t>{0, 20},
                                     {20, 0},
                                     {16, 5},
                                     {21, 0},
                                     {0xFFFFFFFFFFFFFFF0ull, 32},
                                     {4, 0xFFFFFFFFFFFFFFFFull}}) {
            const auto [guarded, thrownTree] = tried(pos, n, true);
            const auto [reached, tree] = tried(pos, n, false);
            QCOMPARE(reached, guarded);
            QCOMPARE(reached, pos <= 20 && n <= 20 - pos);
            QCOMPARE(tree.nodeCount(), thrownTree.nodeCount());
            QCOMPARE(tree.diagnostics().size(), thrownTree.diagnostics().size());
            if (reached) continue;
            const LocatedDiagnostic& d = tree.diagnostics()[0];
            const LocatedDiagnostic& expected = thrownTree.diagnostics()[0];
            QCOMPARE(d.diagnostic.rule, std::string("truncated"));
            QCOMPARE(d.diagnostic.message, expected.diagnostic.message);
            QCOMPARE(d.offset, expected.offset);
            QCOMPARE(d.node, expected.node);
            QCOMPARE(tree.node(d.node).offset, std::min<std::uint64_t>(pos, 20) + 100);
        }
        // Worked out by hand: 5 bytes at 16 of 20.
        QCOMPARE(tried(16, 5, false).second.diagnostics()[0].diagnostic.message,
                 std::string("need 5 byte(s) at 16 but the data ends at 20"));
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

    // The number writer goes through std::to_chars; every output must still read as printf's
    // "%.9g" did (the command line's output is a contract), and a float must come back exactly.
    void numberTextIsPrintfsSpelling() {
        std::mt19937 rng(7);
        std::vector<double> values{0.0,
                                   -0.0,
                                   1e-45,
                                   -5875.23095703125,
                                   123456789.0,
                                   1234567890.0,
                                   1e21,
                                   1e-5,
                                   0.0001,
                                   std::numeric_limits<double>::infinity(),
                                   -std::numeric_limits<double>::infinity(),
                                   std::numeric_limits<double>::quiet_NaN(),
                                   -std::numeric_limits<double>::quiet_NaN(),
                                   std::numeric_limits<float>::max(),
                                   std::numeric_limits<float>::denorm_min()};
        for (int i = 0; i < 200000; ++i) {
            std::uint32_t bits = static_cast<std::uint32_t>(rng());
            float f;
            std::memcpy(&f, &bits, 4);
            values.push_back(f);
            values.push_back(std::ldexp(static_cast<double>(rng()), static_cast<int>(rng() % 80) - 60));
        }
        // Ties, where printf rounds half to even: 2.5 is "2" at one digit, 0.125 "0.12" at two.
        for (int n = -2000; n <= 2000; ++n)
            for (const int j : {1, 2, 3, 10, 20})
                values.push_back(std::ldexp(n, -j) + (n % 7 == 0 ? 1000.0 : 0.0));
        for (const double v : values)
            for (const int significant : {1, 2, 3, 6, 9, 17}) {
                char expected[64];
                std::snprintf(expected, sizeof expected, "%.*g", significant, v);
                const std::string got = numberText(v, significant);
                if (got != expected)
                    QFAIL(qPrintable(QString("%1 (%%.%2g) written as %3")
                                         .arg(expected)
                                         .arg(significant)
                                         .arg(got.c_str())));
            }
        for (std::size_t i = 15; i < 400015; i += 2) { // the floats
            const auto f = static_cast<float>(values[i]);
            if (!std::isfinite(f)) continue;
            QCOMPARE(std::strtof(numberText(f).c_str(), nullptr), f);
        }
        // Worked by hand: 0xC5B799D7 is −1 × 2^12 × (1 + 0x3799D7 / 2^23) = −5875.22998046875,
        // whose nine significant digits are −5875.22998.
        const std::uint32_t bits = 0xC5B799D7u;
        float f;
        std::memcpy(&f, &bits, 4);
        QCOMPARE(numberText(f), std::string("-5875.22998"));
    }

    void textOutSpellsValuesAsTheStringFormatters() {
        std::ostringstream stream;
        {
            TextOut out(stream);
            out << "n=" << std::uint64_t{18446744073709551615ull} << ' ' << std::int64_t{-42} << ' ';
            out.number(0.1f).number(1e-10, 6) << ' ';
            out.jsonString("plain").jsonString("quote \" back\\ tab\t nul").jsonString("\xff");
            out.jsonString("Game:\\media\\\"x\"\\").jsonString("\\").jsonString("");
        }
        QCOMPARE(QString::fromStdString(stream.str()),
                 QString::fromUtf8("n=18446744073709551615 -42 0.1000000011e-10 \"plain\""
                                   "\"quote \\\" back\\\\ tab\\t nul\"\"\xef\xbf\xbd\""
                                   "\"Game:\\\\media\\\\\\\"x\\\"\\\\\"\"\\\\\"\"\""));
        // A buffer's worth and more arrives whole.
        std::ostringstream big;
        {
            TextOut out(big);
            for (int i = 0; i < 100000; ++i)
                out << std::uint64_t(i % 10);
        }
        QCOMPARE(big.str().size(), std::size_t{100000});
        QCOMPARE(big.str().substr(99990), std::string("0123456789"));
    }

    // Batch reading builds no text for nodes it does not record or checks that hold.
    void textIsMadeOnlyWhenNeeded() {
        const Bytes bytes(8, 0);
        StructureTree tree(shareBytes(Bytes(bytes)), false);
        Recorder r(tree, ByteView(bytes), 0, kNoNode);
        int made = 0;
        const auto text = [&] {
            ++made;
            return std::string("text");
        };
        r.u32("a");
        r.describe(text);
        r.check(true, "test.rule", "no/such/row", text);
        { auto s = r.scope(text); }
        { auto s = r.item(3); }
        QCOMPARE(made, 0);
        r.check(false, "test.rule", "no/such/row", text);
        QCOMPARE(made, 1); // a broken statement has its message
        QCOMPARE(tree.diagnostics().size(), std::size_t{1});
    }

    // The summary's count is rewritten at each occurrence, across a change in its number of
    // digits too: 9 → 10, 99 → 100, 999 → 1000.
    void summaryCountsAcrossDigitWidths() {
        const Bytes bytes(8, 0);
        StructureTree tree(shareBytes(Bytes(bytes)), true);
        Recorder r(tree, ByteView(bytes), 0, kNoNode);
        const auto summaryAfter = [&](std::uint64_t further) {
            while (tree.diagnostics().size() <= StructureTree::kListedPerRule ||
                   tree.diagnostics().back().diagnostic.occurrences() < further)
                r.report(Severity::Error, "test.rule", "broken");
            return tree.diagnostics().back().diagnostic.message;
        };
        const auto expected = [](const char* count) {
            return "and " + std::string(count) +
                   " more like this in the same container (the first 20 are listed)";
        };
        QCOMPARE(summaryAfter(1), expected("1"));
        QCOMPARE(summaryAfter(9), expected("9"));
        QCOMPARE(summaryAfter(10), expected("10"));
        QCOMPARE(summaryAfter(11), expected("11"));
        QCOMPARE(summaryAfter(99), expected("99"));
        QCOMPARE(summaryAfter(100), expected("100"));
        QCOMPARE(summaryAfter(1000), expected("1000"));
        QCOMPARE(tree.errorCount(), std::uint64_t{1020});
    }

    // A rule broken 25 times in one container: 20 listed with their messages, then one summary
    // that counts the other 5; the messages of occurrences 22 to 25 are never made.
    void repeatsPastTheListedOnesAreOnlyCounted() {
        const Bytes bytes(8, 0);
        StructureTree tree(shareBytes(Bytes(bytes)), false);
        Recorder r(tree, ByteView(bytes), 0, kNoNode);
        int made = 0;
        for (int i = 0; i < 25; ++i)
            r.check(false, "test.rule", "pgeo/file/section_name",
                    [&] { return "occurrence " + std::to_string(++made); });
        QCOMPARE(made, int{StructureTree::kListedPerRule} + 1);
        QCOMPARE(tree.diagnostics().size(), std::size_t{StructureTree::kListedPerRule} + 1);
        const Diagnostic& summary = tree.diagnostics().back().diagnostic;
        QCOMPARE(summary.repeats, std::uint64_t{4});
        QCOMPARE(summary.message,
                 std::string("and 5 more like this in the same container (the first 20 are listed)"));
        QCOMPARE(summary.severity, Severity::Warning); // the row is Observed
        QCOMPARE(tree.warningCount(), std::uint64_t{25});
        // The same rule in another container (another recorder base) is listed afresh.
        Recorder other(tree, ByteView(bytes), 4, kNoNode);
        other.check(false, "test.rule", "pgeo/file/section_name", "in the next container");
        QCOMPARE(tree.diagnostics().back().diagnostic.message, std::string("in the next container"));
    }

    // A table of 100 records out of reach in one container: the first 20 get their error node and
    // message, the 21st an error node whose diagnostic becomes the summary that counts the other 80,
    // and the 22nd to the 100th no node and no message, with nodes on as with them off.
    void recordsOutOfReachPastTheListedOnesMakeNoNode() {
        const Bytes bytes(16, 0);
        for (const bool nodes : {true, false}) {
            StructureTree tree(shareBytes(Bytes(bytes)), nodes);
            Recorder r(tree, ByteView(bytes), 0, tree.append(kNoNode));
            for (std::uint64_t i = 0; i < 100; ++i)
                QVERIFY(!r.reachable(16 + 8 * i, 8));
            QCOMPARE(tree.diagnostics().size(), std::size_t{StructureTree::kListedPerRule} + 1);
            QCOMPARE(tree.errorCount(), std::uint64_t{100});
            QCOMPARE(tree.diagnostics().back().diagnostic.message,
                     std::string("and 80 more like this in the same container (the first 20 are listed)"));
            if (nodes) QCOMPARE(tree.nodeCount(), std::size_t{1 + StructureTree::kListedPerRule + 1});
        }
    }

    // Nodes are kept in fixed chunks: ids run on across chunks, and a node never moves.
    void nodesKeepTheirPlaceAsTheTreeGrows() {
        StructureTree tree;
        Node root;
        root.name = "file";
        const NodeId file = tree.add(kNoNode, std::move(root));
        const Node* rootAddress = &tree.node(file);
        for (int i = 0; i < 1000; ++i) {
            const NodeId id = tree.append(file);
            QCOMPARE(id, NodeId(i + 1));
            tree.node(id).name = indexName(static_cast<std::uint64_t>(i));
        }
        QCOMPARE(&tree.node(file), rootAddress);
        QCOMPARE(tree.nodeCount(), std::size_t{1001});
        QCOMPARE(tree.node(file).children.size(), std::size_t{1000});
        QCOMPARE(tree.node(700).parent, file);
        QCOMPARE(tree.path(700), std::string("file/[699]"));
        StructureTree batch({}, false);
        QCOMPARE(batch.append(kNoNode), kNoNode);
        QCOMPARE(batch.nodeCount(), std::size_t{0});
    }
};

QTEST_APPLESS_MAIN(TestRecorder)
#include "tst_recorder.moc"
