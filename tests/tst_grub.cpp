// Grub bundles: each Proven rule of grub-bundles.txt with a passing and a failing case, the
// 0xFFF payload form, nesting, write-back, and truncation at every offset.
#include "formats/grub/blob_versions.h"
#include "formats/grub/bundle_parser.h"
#include "formats/grub/bundle_writer.h"
#include "test_support.h"

#include <QtTest>

#include <algorithm>

using namespace assetscope;
using namespace assetscope::grub;
using test::hasRule;

namespace {

struct Parsed {
    StructureTree tree;
    Bundle bundle;
};

Parsed parse(const Bytes& bytes, ParseOptions options = {}) {
    Parsed p{StructureTree(shareBytes(bytes)), {}};
    p.bundle = parseBundle(p.tree, options);
    return p;
}

// The hand-laid bundle below: one Modl 1.5 blob named "ab" holding the bytes 01 02 03.
// header 0x00-0x13, blob record 0x14-0x2b, Name record 0x2c-0x33, payload "ab" 0x34-0x35,
// header padding 0x36-0x37, data 0x38-0x3a, end padding 0x3b.
const char* kHandBundle = "62 75 72 47 01 01 00 00 38 00 00 00 3c 00 00 00 01 00 00 00"
                          "6c 64 6f 4d 01 05 01 00 2c 00 00 00 38 00 00 00 03 00 00 00 03 00 00 00"
                          "65 6d 61 4e 20 00 08 00"
                          "61 62 00 00"
                          "01 02 03 00";

// A blob of the tag's version among the install's (grub-bundles.txt lists them; others are refused).
Blob simpleBlob(std::string_view tag, Bytes data, std::vector<Metadata> meta = {}) {
    Blob b;
    b.tag = tagFromText(tag);
    b.versionMajor = 1;
    b.versionMinor = tag == "VERT" ? 1 : 0;
    if (tag == "TXCB") b.versionMajor = 0;
    b.data = std::move(data);
    b.metadata = std::move(meta);
    return b;
}

Bundle twoBlobs() {
    Bundle b;
    b.blobs.push_back(simpleBlob("Skel", {1, 2, 3, 4, 5}, {nameMetadata("skeleton"), idMetadata(7)}));
    b.blobs.push_back(simpleBlob("Modl", {9, 9, 9}, {nameMetadata("")}));
    return b;
}

void put32(Bytes& b, std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
        b[at + i] = static_cast<std::uint8_t>(v >> (8 * i));
}

} // namespace

class TestGrub : public QObject {
    Q_OBJECT

private slots:
    void handLaidBytesDecode() {
        const Bytes bytes = test::hexBytes(kHandBundle);
        Parsed p = parse(bytes);
        QVERIFY2(p.tree.errorCount() == 0, qPrintable(test::describeDiagnostics(p.tree)));
        QCOMPARE(p.bundle.blobs.size(), std::size_t{1});
        const Blob& blob = p.bundle.blobs[0];
        QCOMPARE(tagText(blob.tag), std::string("Modl")); // stored as ldoM, shown as it reads
        QCOMPARE(blob.versionText(), std::string("1.5"));
        QCOMPARE(blob.name().value(), std::string("ab"));
        QCOMPARE(blob.data.toBytes(), (Bytes{1, 2, 3}));
        QCOMPARE(blob.dataOffset, std::uint64_t{0x38});
        // The record is element 0 of the lazy record array; its tag node shows the tag the way it
        // reads, and the element itself the tag and version.
        QVERIFY(p.tree.isLazyArray(p.bundle.recordsNode));
        QCOMPARE(p.tree.node(p.bundle.recordsNode).offset, std::uint64_t{0x14});
        QCOMPARE(p.tree.node(p.bundle.recordsNode).type, std::string("blob record[1]"));
        const NodeId record = p.tree.child(p.bundle.recordsNode, 0);
        QCOMPARE(p.tree.node(record).display, std::string("Modl 1.5"));
        QCOMPARE(std::get<std::string>(p.tree.node(p.tree.node(record).children[0]).value),
                 std::string("Modl"));
        QCOMPARE(p.bundle.blobOfNode(p.tree, record), std::optional<std::size_t>{0});
    }

    void writerLaysOutTheDocumentedArrangement() {
        Bundle b;
        Blob blob = simpleBlob("Modl", {1, 2, 3}, {nameMetadata("ab")});
        blob.versionMinor = 5;
        b.blobs.push_back(blob);
        QCOMPARE(writeBundle(b), test::hexBytes(kHandBundle));
    }

    void versionRule() {
        QVERIFY(!hasRule(parse(test::hexBytes(kHandBundle)).tree, "grub.header.version"));
        Bytes bytes = test::hexBytes(kHandBundle);
        bytes[5] = 2;
        QVERIFY(hasRule(parse(bytes).tree, "grub.header.version", Severity::Error));
    }

    void version10IsReadWithTheOlderHeader() {
        Bundle b = twoBlobs();
        b.versionMinor = 0;
        Parsed p = parse(writeBundle(b));
        QVERIFY(hasRule(p.tree, "grub.header.version", Severity::Error)); // still a refusal: 1.1 is Proven
        QCOMPARE(p.tree.errorCount(), std::size_t{1});
        QCOMPARE(p.bundle.blobs.size(), std::size_t{2});
        QCOMPARE(p.bundle.blobs[0].name().value(), std::string("skeleton"));
    }

    void headerCutShortKeepsWhatWasRead() {
        // 1.0's header by hand: the blob count is the u16 at 6, the header size and total size the
        // u32s at 8 and 12.
        Bundle b = twoBlobs();
        b.versionMinor = 0;
        Bytes bytes = writeBundle(b);
        QCOMPARE(bytes[5], std::uint8_t{0});
        QCOMPARE(bytes[6] | bytes[7] << 8, 2);
        QCOMPARE(std::size_t(bytes[12] | bytes[13] << 8 | bytes[14] << 16), bytes.size());
        // Cut inside the header size: the fields before the cut stand, the bundle is 1.0, and the
        // error is at the field cut short.
        bytes.resize(10);
        Parsed p = parse(bytes);
        QCOMPARE(p.bundle.versionMinor, std::uint8_t{0});
        const auto& d = p.tree.diagnostics();
        QVERIFY(std::any_of(d.begin(), d.end(), [](const auto& x) {
            return x.diagnostic.message == "need 4 byte(s) at 8 but the data ends at 10";
        }));
        // A 1.1 header cut after its total size (0x3c): the bundle spans the 17 bytes there are.
        Bytes cut = test::hexBytes(kHandBundle);
        cut.resize(17);
        Parsed q = parse(cut);
        QCOMPARE(q.tree.node(q.bundle.node).size, std::uint64_t{17});
    }

    void tagRule() {
        Bytes bytes = test::hexBytes(kHandBundle);
        bytes[0] = 'B';
        Parsed p = parse(bytes);
        QVERIFY(hasRule(p.tree, "grub.header.tag", Severity::Error));
        QVERIFY(p.bundle.blobs.empty());
    }

    void reservedIsAWarning() {
        Bytes bytes = test::hexBytes(kHandBundle);
        bytes[6] = 1;
        Parsed p = parse(bytes);
        QVERIFY(hasRule(p.tree, "grub.header.reserved", Severity::Warning));
        QCOMPARE(p.tree.errorCount(), std::size_t{0}); // Unknown row: a warning, not a refusal
    }

    void totalSizeRule() {
        Bytes bytes = test::hexBytes(kHandBundle);
        put32(bytes, 0xC, 0x40);
        QVERIFY(hasRule(parse(bytes).tree, "grub.header.total-size", Severity::Error));
        Bytes longer = test::hexBytes(kHandBundle);
        longer.insert(longer.end(), {0, 0, 0, 0});
        Parsed p = parse(longer);
        QVERIFY(hasRule(p.tree, "grub.header.total-size", Severity::Error));
        QVERIFY(hasRule(p.tree, "grub.arrangement.trailing-bytes", Severity::Error));
    }

    void headerSizeRule() {
        Bytes bytes = test::hexBytes(kHandBundle);
        put32(bytes, 0x8, 0x3c);
        QVERIFY(hasRule(parse(bytes).tree, "grub.arrangement.header-size", Severity::Error));
    }

    void blobCountIsNotTrusted() {
        Bytes bytes = test::hexBytes(kHandBundle);
        put32(bytes, 0x10, 0x10000000);
        Parsed p = parse(bytes);
        QVERIFY(hasRule(p.tree, "truncated", Severity::Error));
        QVERIFY(p.bundle.blobs.empty());
    }

    void blobDataSizesMustAgree() {
        Bytes bytes = test::hexBytes(kHandBundle);
        put32(bytes, 0x14 + 0x14, 4);
        Parsed p = parse(bytes);
        QVERIFY(hasRule(p.tree, "grub.blob.data-size-again", Severity::Warning));
        QVERIFY(!hasRule(parse(test::hexBytes(kHandBundle)).tree, "grub.blob.data-size-again"));
    }

    void blobDataSizeOutOfBounds() {
        Bytes bytes = test::hexBytes(kHandBundle);
        put32(bytes, 0x14 + 0x10, 0x1000);
        Parsed p = parse(bytes);
        QVERIFY(hasRule(p.tree, "truncated", Severity::Error));
        QCOMPARE(p.bundle.blobs.size(), std::size_t{1}); // the record is still there
    }

    void metadataOffsetRule() {
        Bytes bytes = test::hexBytes(kHandBundle);
        put32(bytes, 0x14 + 0x8, 0x2d);
        const Parsed p = parse(bytes);
        QVERIFY(hasRule(p.tree, "grub.arrangement.metadata-offset", Severity::Error));
        // The records end at 0x2c, so the Name record belongs there.
        QCOMPARE(test::messageOf(p.tree, "grub.arrangement.metadata-offset"),
                 std::string("Modl metadata at 0x2d, expected 0x2c"));
    }

    void payloadOffsetRule() {
        Bytes bytes = test::hexBytes(kHandBundle);
        bytes[0x2c + 6] = 9;
        const Parsed p = parse(bytes);
        QVERIFY(hasRule(p.tree, "grub.arrangement.payload-offset", Severity::Error));
        // Offset 9 from the record at 0x2c; the payload belongs right after the record, at 0x34.
        QCOMPARE(test::messageOf(p.tree, "grub.arrangement.payload-offset"),
                 std::string("Name payload at 0x35, expected 0x34"));
    }

    void dataOffsetRule() {
        Bytes bytes = twoBlobs().blobs.empty() ? Bytes{} : writeBundle(twoBlobs());
        Parsed ok = parse(bytes);
        QVERIFY2(ok.tree.errorCount() == 0, qPrintable(test::describeDiagnostics(ok.tree)));
        // Second blob's data moved off its 4-aligned place.
        const std::size_t record1 = 20 + 24;
        const std::uint32_t at = ok.bundle.blobs[1].dataOffset;
        put32(bytes, record1 + 0xC, at + 1);
        QVERIFY(hasRule(parse(bytes).tree, "grub.arrangement.data-offset", Severity::Error));
    }

    void paddingMustBeZero() {
        Bytes bytes = test::hexBytes(kHandBundle);
        bytes[0x36] = 1; // header padding
        QVERIFY(hasRule(parse(bytes).tree, "grub.arrangement.nonzero-padding", Severity::Error));
        Bytes end = test::hexBytes(kHandBundle);
        end[0x3b] = 1; // end padding
        QVERIFY(hasRule(parse(end).tree, "grub.arrangement.nonzero-padding", Severity::Error));
        Bytes gap = writeBundle(twoBlobs());
        Parsed p = parse(gap);
        const std::uint64_t firstEnd = p.bundle.blobs[0].dataOffset + 5;
        gap[firstEnd] = 0xAA; // the gap between the two blobs' data
        QVERIFY(hasRule(parse(gap).tree, "grub.arrangement.nonzero-padding", Severity::Error));
    }

    void emptyNameIsAllowed() {
        Parsed p = parse(writeBundle(twoBlobs()));
        QCOMPARE(p.tree.errorCount(), std::size_t{0});
        QCOMPARE(p.bundle.blobs[1].name().value(), std::string());
        QCOMPARE(p.bundle.blobs[0].id().value(), 7u);
    }

    void payloadOfExactly0xFFFAndLarger() {
        for (std::size_t size :
             {std::size_t{0xFFE}, std::size_t{0xFFF}, std::size_t{0x1000}, std::size_t{0x9000}}) {
            Metadata m;
            m.tag = tagFromText("VDCL");
            m.payload.assign(size, 0x5A);
            Bundle b;
            b.blobs.push_back(simpleBlob("VERT", {1, 2, 3, 4}, {m, nameMetadata("after")}));
            const Bytes bytes = writeBundle(b);
            Parsed p = parse(bytes);
            QVERIFY2(p.tree.errorCount() == 0, qPrintable(test::describeDiagnostics(p.tree)));
            QCOMPARE(p.bundle.blobs[0].metadata[0].payload.size(), size);
            QCOMPARE(p.bundle.blobs[0].name().value(),
                     std::string("after")); // the record after it is in place
            // The 12-bit field holds 0xFFF for a large payload, the true size in the u32 before it.
            const std::uint16_t word = static_cast<std::uint16_t>(bytes[44 + 4] | bytes[44 + 5] << 8);
            QCOMPARE(word >> 4, size >= 0xFFF ? 0xFFF : static_cast<int>(size));
            QCOMPARE(writeBundle(p.bundle), bytes);
        }
    }

    // The lists themselves, against grub-bundles.txt's text: a two-digit minor is its own
    // version (LSCE 1.10 is listed, LSCE 1.1 is not), and tags compare as they read.
    void installListsMatchTheDocument() {
        QVERIFY(installBlobVersion(tagFromText("Mesh"), 1, 13));
        QVERIFY(installBlobVersion(tagFromText("Mesh"), 1, 12));
        QVERIFY(!installBlobVersion(tagFromText("Mesh"), 1, 11));
        QVERIFY(installBlobVersion(tagFromText("LSCE"), 1, 10));
        QVERIFY(!installBlobVersion(tagFromText("LSCE"), 1, 1));
        QVERIFY(installBlobVersion(tagFromText("Mrph"), 0, 0));
        QVERIFY(installBlobVersion(0x56657242, 1, 1));  // "VerB", the last of the list
        QVERIFY(!installBlobVersion(0x42726556, 1, 1)); // the same bytes the other way round
        QVERIFY(alwaysBundleTag(tagFromText("Skls")));
        QVERIFY(!alwaysBundleTag(tagFromText("Modl")));
    }

    // The install's Proven lists: blob versions, VDCL as the only large metadata, and a crowd's
    // ClsL, Clas, Mdls, MtlI and Skls blobs as bundles. Each is a refusal when broken, and a node
    // of the bundle's "checked_rules" container (the docs pane shows the statement through it).
    void provenListsAreRefusals() {
        const auto expect = [](const Bundle& bundle, const char* rule, const char* docKey, bool holds) {
            const Parsed p = parse(writeBundle(bundle));
            QCOMPARE(hasRule(p.tree, rule, Severity::Error), !holds);
            QCOMPARE(test::checkedRule(p.tree, docKey),
                     std::optional<std::string>(holds ? "holds" : "broken"));
            QCOMPARE(p.tree.node(p.tree.node(p.bundle.node).children.back()).name,
                     std::string("checked_rules"));
        };
        Bundle listed;
        listed.blobs.push_back(simpleBlob("VERT", {1, 2, 3, 4})); // VERT 1.1
        expect(listed, "grub.blob.version", "grub/rules/blob_versions", true);
        Bundle unlisted = listed;
        unlisted.blobs[0].versionMinor = 0; // VERT 1.0 is not among them
        expect(unlisted, "grub.blob.version", "grub/rules/blob_versions", false);
        // A version broken only in a nested bundle breaks the outer bundle's rule.
        Bundle outer;
        outer.blobs.push_back(nestedBlob(tagFromText("MtlI"), 1, 0, unlisted));
        expect(outer, "grub.blob.version", "grub/rules/blob_versions", false);

        Metadata big;
        big.tag = tagFromText("TXCH");
        big.payload.assign(0x1000, 1);
        Bundle large;
        large.blobs.push_back(simpleBlob("VERT", {1}, {big}));
        expect(large, "grub.metadata.large-tag", "grub/rules/large_payloads_are_vdcl", false);
        large.blobs[0].metadata[0].tag = tagFromText("VDCL");
        expect(large, "grub.metadata.large-tag", "grub/rules/large_payloads_are_vdcl", true);
        // A bundle without large payloads or crowd blobs does not list those two rules.
        QVERIFY(!test::checkedRule(parse(writeBundle(listed)).tree, "grub/rules/large_payloads_are_vdcl"));
        QVERIFY(!test::checkedRule(parse(writeBundle(listed)).tree, "grub/rules/crowd_blobs_are_bundles"));

        Bundle crowd;
        Blob classes = simpleBlob("Anim", {1, 2, 3, 4});
        classes.tag = tagFromText("ClsL");
        crowd.blobs.push_back(classes);
        expect(crowd, "grub.blob.not-bundle", "grub/rules/crowd_blobs_are_bundles", false);
        crowd.blobs[0] = nestedBlob(tagFromText("ClsL"), 1, 0, twoBlobs());
        expect(crowd, "grub.blob.not-bundle", "grub/rules/crowd_blobs_are_bundles", true);
        // The rule nodes are named and documented by their rows.
        const Parsed p = parse(writeBundle(crowd));
        for (NodeId id : p.tree.node(p.tree.node(p.bundle.node).children.back()).children) {
            const Node& rule = p.tree.node(id);
            QVERIFY(rule.doc);
            QCOMPARE(rule.doc->confidence, Confidence::Proven);
            QVERIFY(rule.doc->key.starts_with("grub/rules/"));
        }
    }

    void largeFormHoldingASmallPayloadIsRefused() {
        Metadata m;
        m.tag = tagFromText("VDCL");
        m.payload.assign(0x1000, 1);
        Bundle b;
        b.blobs.push_back(simpleBlob("VERT", {1}, {m}));
        Bytes bytes = writeBundle(b);
        // The u32 before the payload (after the one 8-byte record at 44) says 16.
        put32(bytes, 52, 16);
        QVERIFY(hasRule(parse(bytes).tree, "grub.metadata.large-size", Severity::Error));
    }

    void swatchExceptionsOnlyForSwatchTextures() {
        Bundle swatch;
        swatch.blobs.push_back(simpleBlob("TXCB", Bytes(13, 1), {nameMetadata("x")}));
        swatch.headerEndsUnaligned = true;
        swatch.endsShort = true;
        Parsed p = parse(writeBundle(swatch));
        QVERIFY2(p.tree.errorCount() == 0, qPrintable(test::describeDiagnostics(p.tree)));
        QVERIFY(p.bundle.headerEndsUnaligned && p.bundle.endsShort);
        QVERIFY(hasRule(p.tree, "grub.arrangement.unaligned-header", Severity::Note));
        QVERIFY(hasRule(p.tree, "grub.arrangement.short-end", Severity::Note));
        QCOMPARE(writeBundle(p.bundle), writeBundle(swatch));

        Bundle other = swatch;
        other.blobs[0].tag = tagFromText("MATL");
        Parsed q = parse(writeBundle(other));
        QVERIFY(hasRule(q.tree, "grub.arrangement.header-size", Severity::Error));
        QVERIFY(hasRule(q.tree, "grub.arrangement.total-size", Severity::Error));
    }

    void nestedBundlesAreParsedRecursively() {
        Bundle inner = twoBlobs();
        Bundle middle;
        middle.blobs.push_back(nestedBlob(tagFromText("MatI"), 1, 0, inner, {idMetadata(0)}));
        Bundle outer;
        outer.blobs.push_back(simpleBlob("Skel", {0, 0}));
        outer.blobs.push_back(nestedBlob(tagFromText("Mdls"), 1, 0, middle));
        Parsed p = parse(writeBundle(outer));
        QVERIFY2(p.tree.errorCount() == 0, qPrintable(test::describeDiagnostics(p.tree)));
        QCOMPARE(p.bundle.nestedBundleCount(), std::size_t{2});
        const Blob& mdls = p.bundle.blobs[1];
        QVERIFY(mdls.nested);
        QVERIFY(mdls.nested->blobs[0].nested);
        QCOMPARE(mdls.nested->blobs[0].nested->blobs[0].name().value(), std::string("skeleton"));
        // Nested offsets are absolute in the file.
        const Blob& deepest = mdls.nested->blobs[0].nested->blobs[0];
        QCOMPARE(p.tree.bytes()[deepest.dataOffset], std::uint8_t{1});
        QCOMPARE(writeBundle(p.bundle), writeBundle(outer));
    }

    // The bundle bomb: blob records whose data points back at the bundle that holds them. Such
    // data lies in the header area (here the bundle's own first 24 bytes, which start with burG)
    // and is not read again, however many records point there; the arrangement's rule refuses
    // the offsets.
    void blobsPointingBackAtTheirBundleAreNotReadAgain() {
        Bundle outer;
        outer.blobs.push_back(nestedBlob(tagFromText("Mdls"), 1, 0, twoBlobs()));
        for (int i = 0; i < 3; ++i)
            outer.blobs.push_back(simpleBlob("Anim", {1, 2, 3, 4}));
        Bytes bytes = writeBundle(outer);
        QCOMPARE(parse(bytes).bundle.nestedBundleCount(), std::size_t{1});
        for (std::size_t i = 1; i < 4; ++i) {
            const std::size_t record = 20 + 24 * i;
            put32(bytes, record + 0xC, 0); // data offset: the bundle's start
            put32(bytes, record + 0x10, 24);
            put32(bytes, record + 0x14, 24);
        }
        Parsed p = parse(bytes);
        QCOMPARE(p.bundle.nestedBundleCount(), std::size_t{1}); // the Mdls blob's own bundle only
        QVERIFY(hasRule(p.tree, "grub.arrangement.data-offset", Severity::Error));
        QVERIFY(hasRule(p.tree, "grub.arrangement.nested-not-read", Severity::Note));
        QVERIFY(p.bundle.blobs[1].nested == nullptr);
        QCOMPARE(p.bundle.blobs[1].data.size(), std::size_t{24}); // still the blob's bytes, shown raw
    }

    // One misplaced blob is one diagnostic: the blobs after it sit where the arrangement puts
    // them, which is not where the misplaced one ends, and that repeats the same cause.
    void oneMisplacedBlobIsOneDiagnostic() {
        Bundle b;
        for (int i = 0; i < 4; ++i)
            b.blobs.push_back(simpleBlob("Anim", {1, 2, 3, 4, 5, 6, 7, 8}));
        Bytes bytes = writeBundle(b);
        const std::size_t first = 20;
        const std::uint32_t at = static_cast<std::uint32_t>(bytes[first + 0xC] | bytes[first + 0xD] << 8);
        put32(bytes, first + 0xC, at + 4);
        Parsed p = parse(bytes);
        std::size_t misplaced = 0;
        for (const LocatedDiagnostic& d : p.tree.diagnostics())
            if (d.diagnostic.rule == "grub.arrangement.data-offset") {
                ++misplaced;
                QCOMPARE(d.offset, std::uint64_t{first + 0xC}); // the record's data offset field
            }
        QCOMPARE(misplaced, std::size_t{1});
    }

    // Two blobs claiming the same bytes: neither is read as a bundle, since each would read the
    // other's data again.
    void overlappingBlobDataIsNotReadAsBundles() {
        Bundle outer;
        outer.blobs.push_back(nestedBlob(tagFromText("Mdls"), 1, 0, twoBlobs()));
        outer.blobs.push_back(simpleBlob("Anim", {1, 2, 3, 4}));
        Bytes bytes = writeBundle(outer);
        const Parsed ok = parse(bytes);
        QCOMPARE(ok.bundle.nestedBundleCount(), std::size_t{1});
        const std::size_t second = 20 + 24;
        put32(bytes, second + 0xC, static_cast<std::uint32_t>(ok.bundle.blobs[0].dataOffset));
        put32(bytes, second + 0x10, static_cast<std::uint32_t>(ok.bundle.blobs[0].data.size()));
        put32(bytes, second + 0x14, static_cast<std::uint32_t>(ok.bundle.blobs[0].data.size()));
        Parsed p = parse(bytes);
        QCOMPARE(p.bundle.nestedBundleCount(), std::size_t{0});
        std::size_t notes = 0;
        for (const LocatedDiagnostic& d : p.tree.diagnostics())
            notes += d.diagnostic.rule == "grub.arrangement.nested-not-read";
        QCOMPARE(notes, std::size_t{2});
        QVERIFY(hasRule(p.tree, "grub.arrangement.data-offset", Severity::Error));
    }

    // Metadata records are one lazy array: the parse makes one node for all of them, and the
    // elements (the record's fields and the payload it points at) when a view asks.
    void metadataRecordsAreALazyArray() {
        const Bytes bytes = test::hexBytes(kHandBundle);
        Parsed p = parse(bytes);
        NodeId records = kNoNode;
        for (NodeId id = 0; id < p.tree.nodeCount(); ++id)
            if (p.tree.node(id).name == "records") records = id;
        QVERIFY(records != kNoNode);
        QVERIFY(p.tree.isLazyArray(records));
        QCOMPARE(p.tree.childCount(records), std::uint64_t{1});
        QCOMPARE(p.tree.node(records).offset, std::uint64_t{0x2c});
        const NodeId element = p.tree.child(records, 0);
        QCOMPARE(p.tree.node(element).kind, NodeKind::Metadata);
        QCOMPARE(p.tree.node(element).display, std::string("Name"));
        // tag, size and version (size 2 << 4 = 0x20), payload offset 8, then the payload "ab" at 0x34.
        const std::vector<NodeId>& fields = p.tree.node(element).children;
        QCOMPARE(fields.size(), std::size_t{4});
        QCOMPARE(std::get<std::uint64_t>(p.tree.node(fields[1]).value), std::uint64_t{0x20});
        QCOMPARE(std::get<std::uint64_t>(p.tree.node(fields[2]).value), std::uint64_t{8});
        QCOMPARE(p.tree.node(fields[3]).offset, std::uint64_t{0x34});
        QCOMPARE(std::get<std::string>(p.tree.node(fields[3]).value), std::string("ab"));
    }

    void nestingDepthIsCapped() {
        Bundle b = twoBlobs();
        for (int i = 0; i < 12; ++i) {
            Bundle outer;
            outer.blobs.push_back(nestedBlob(tagFromText("ClsL"), 1, 0, b));
            b = outer;
        }
        Parsed p = parse(writeBundle(b), ParseOptions{8});
        QVERIFY(hasRule(p.tree, "grub.limits.depth", Severity::Error));
    }

    void roundTripIsByteForByte() {
        const Bytes bytes = writeBundle(twoBlobs());
        Parsed p = parse(bytes);
        QCOMPARE(writeBundle(p.bundle), bytes);
    }

    void everyByteIsAccounted() {
        // The leaves of the tree cover the bundle with no gap and no overlap.
        Parsed p = parse(test::hexBytes(kHandBundle));
        std::vector<int> covered(p.tree.bytes().size(), 0);
        for (NodeId id = 0; id < p.tree.nodeCount(); ++id) {
            const Node& n = p.tree.node(id);
            if (!n.children.empty() || n.kind == NodeKind::Bundle) continue;
            for (std::uint64_t i = n.offset; i < n.offset + n.size; ++i)
                ++covered[i];
        }
        for (std::size_t i = 0; i < covered.size(); ++i)
            QVERIFY2(covered[i] == 1, qPrintable(QString("byte %1 covered %2 times").arg(i).arg(covered[i])));
    }

    void truncationAtEveryOffsetEndsInDiagnostics() {
        Bundle outer;
        outer.blobs.push_back(nestedBlob(tagFromText("MatI"), 1, 0, twoBlobs()));
        Metadata big;
        big.tag = tagFromText("VDCL");
        big.payload.assign(0x1100, 3);
        outer.blobs.push_back(simpleBlob("VERT", {1, 2, 3}, {big}));
        const Bytes bytes = writeBundle(outer);
        for (std::size_t n = 0; n < bytes.size(); ++n) {
            Parsed p = parse(Bytes(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(n)));
            QVERIFY2(p.tree.errorCount() > 0, qPrintable(QString("cut at %1 gave no error").arg(n)));
            QVERIFY(p.tree.root() != kNoNode);
        }
    }

    void corruptionNeverCrashes() {
        const Bytes bytes = writeBundle(twoBlobs());
        for (std::size_t i = 0; i < bytes.size(); ++i)
            for (std::uint8_t v :
                 {std::uint8_t{0}, std::uint8_t{0xFF}, std::uint8_t{0x7F}, std::uint8_t{0x80}}) {
                Bytes c = bytes;
                c[i] = v;
                Parsed p = parse(c);
                QVERIFY(p.tree.root() != kNoNode);
            }
    }
};

QTEST_APPLESS_MAIN(TestGrub)
#include "tst_grub.moc"
