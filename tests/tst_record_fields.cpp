// One description per fixed record (tree/record_fields.h): a layout decodes, encodes and records
// a record from one field list, with tails, records inside records and element containers.
#include "tree/record_fields.h"

#include <QtTest>

#include <array>
#include <cstdint>

using namespace assetscope;

namespace {

struct Pair {
    std::uint8_t a = 0;
    std::uint16_t b = 0;
};

struct Sample {
    std::uint32_t tag = 0;
    std::array<std::uint8_t, 2> gap{};
    std::uint64_t pointer = 0;
    std::array<std::uint16_t, 3> items{};
    Pair one;
    std::array<Pair, 2> two{};
    std::uint32_t extra = 0; // the tail's
};

using record_fields::Field;
using record_fields::Shown;

void pairShown(Recorder& r, const Sample& s, std::size_t i) {
    r.tree().edit(r.last(), [&](Node& n) { n.display = "a " + std::to_string(s.two[i].a); });
}

constexpr auto kPairLayout = record_fields::layout(Field<&Pair::a>{"a"}, Field<&Pair::b>{"b"});

} // namespace

template <> struct assetscope::record_fields::NestedLayout<Pair> {
    static constexpr const auto& layout = kPairLayout;
};

namespace {

constexpr auto kHead =
    record_fields::layout(Field<&Sample::tag>{"tag", Shown::AsTag}, Field<&Sample::gap>{{}, Shown::AsRun},
                          Field<&Sample::pointer>{"pointer"}, Field<&Sample::items>{"items", Shown::AsItems},
                          Field<&Sample::one>{"one"}, Field<&Sample::two>{"two", {}, {}, pairShown});
constexpr auto kTail = record_fields::continuing(kHead, Field<&Sample::extra>{"extra"});

// Worked out by hand: "burG", two undescribed bytes, the u64 0x0102030405060708, the u16s 1,
// 0x0203 and 0xffff, the pairs (0x11, 0x2233), (0x44, 0x5566), (0x77, 0x8899), then the tail's
// 0xdeadbeef; all little-endian.
const Bytes kBytes = {'b',  'u',  'r',  'G',  0xaa, 0xbb, 0x08, 0x07, 0x06, 0x05, 0x04,
                      0x03, 0x02, 0x01, 0x01, 0x00, 0x03, 0x02, 0xff, 0xff, 0x11, 0x33,
                      0x22, 0x44, 0x66, 0x55, 0x77, 0x99, 0x88, 0xef, 0xbe, 0xad, 0xde};

struct Recorded {
    explicit Recorded(Bytes bytes) : data(std::move(bytes)), tree(shareBytes(Bytes(data))) {
        Node root;
        root.name = "file";
        root.kind = NodeKind::File;
        file = tree.add(kNoNode, std::move(root));
    }
    const Node& child(NodeId parent, std::size_t i) const {
        return tree.node(tree.node(parent).children.at(i));
    }

    Bytes data;
    StructureTree tree;
    NodeId file = kNoNode;
};

} // namespace

class TestRecordFields : public QObject {
    Q_OBJECT
private slots:
    void placesEachFieldFromTheList() {
        static_assert(kHead.size == 29 && kTail.size == 4);
        QCOMPARE(kHead.start(), std::size_t{0});
        QCOMPARE(kTail.start(), std::size_t{29});
        QCOMPARE(kHead.offsetOf<&Sample::pointer>(), std::size_t{6});
        QCOMPARE(kHead.offsetOf<&Sample::items>(), std::size_t{14});
        QCOMPARE(kHead.offsetOf<&Sample::two>(), std::size_t{23});
        QCOMPARE(kTail.offsetOf<&Sample::extra>(), std::size_t{29}); // from the record's start
        QCOMPARE(kHead.indexOf<&Sample::one>(), std::size_t{4});
        QCOMPARE(kPairLayout.offsetOf<&Pair::b>(), std::size_t{1});
    }

    void decodesAndEncodesTheSameBytes() {
        Sample s = kHead.decode(kBytes.data());
        QCOMPARE(s.tag, std::uint32_t{0x47727562});
        QCOMPARE(s.gap[1], std::uint8_t{0xbb});
        QCOMPARE(s.pointer, std::uint64_t{0x0102030405060708});
        QCOMPARE(s.items[1], std::uint16_t{0x0203});
        QCOMPARE(s.items[2], std::uint16_t{0xffff});
        QCOMPARE(s.one.b, std::uint16_t{0x2233});
        QCOMPARE(s.two[1].a, std::uint8_t{0x77});
        QCOMPARE(s.two[1].b, std::uint16_t{0x8899});
        QCOMPARE(s.extra, std::uint32_t{0}); // the head leaves the tail's member alone
        kTail.decodeInto(kBytes.data(), s);
        QCOMPARE(s.extra, std::uint32_t{0xdeadbeef});
        QCOMPARE(s.pointer, std::uint64_t{0x0102030405060708}); // kept

        const auto head = kHead.encode(s);
        QVERIFY(std::equal(head.begin(), head.end(), kBytes.begin()));
        const auto tail = kTail.encode(s); // its own bytes
        QVERIFY(std::equal(tail.begin(), tail.end(), kBytes.begin() + 29));
        Bytes whole(kBytes.size(), 0);
        kHead.encode(s, whole.data());
        kTail.encode(s, whole.data()); // at its place in the record
        QCOMPARE(whole, kBytes);
    }

    void recordsANodePerFieldInContainers() {
        Recorded t(kBytes);
        Recorder r(t.tree, ByteView(t.data), 0, t.file);
        decltype(kHead)::Nodes nodes{};
        Sample s;
        kHead.recordInto(r, s, &nodes);
        kTail.recordInto(r, s);
        QCOMPARE(s.two[0].b, std::uint16_t{0x5566});
        QCOMPARE(s.extra, std::uint32_t{0xdeadbeef});
        const Node& file = t.tree.node(t.file);
        QCOMPARE(file.children.size(), std::size_t{7});
        QCOMPARE(t.child(t.file, 0).type, std::string("tag"));
        const Node& gap = t.child(t.file, 1);
        QCOMPARE(gap.name, std::string("undescribed_0x4")); // named by where it lies
        QCOMPARE(gap.kind, NodeKind::Bytes);
        QCOMPARE(gap.size, std::uint64_t{2});
        QCOMPARE(t.child(t.file, 2).type, std::string("u64"));
        const Node& items = t.child(t.file, 3);
        QCOMPARE(items.name, std::string("items"));
        QCOMPARE(items.size, std::uint64_t{6});
        QCOMPARE(items.children.size(), std::size_t{3});
        QCOMPARE(t.tree.node(items.children[2]).name, std::string("[2]"));
        QCOMPARE(t.tree.node(items.children[2]).offset, std::uint64_t{18});
        const Node& one = t.child(t.file, 4);
        QCOMPARE(one.children.size(), std::size_t{2});
        QCOMPARE(t.tree.node(one.children[1]).name, std::string("b"));
        QCOMPARE(nodes[kHead.indexOf<&Sample::one>()], t.tree.node(t.file).children[4]);
        const Node& two = t.child(t.file, 5);
        QCOMPARE(two.children.size(), std::size_t{2});
        const Node& second = t.tree.node(two.children[1]);
        QCOMPARE(second.name, std::string("[1]"));
        QCOMPARE(second.offset, std::uint64_t{26});
        QCOMPARE(second.size, std::uint64_t{3});
        QCOMPARE(second.display, std::string("a 119"));
        QCOMPARE(t.child(t.file, 6).offset, std::uint64_t{29});
    }

    void aRecordCutShortKeepsTheFieldsBeforeTheCut() {
        // Cut inside items[1] (at 16): read field by field, tag, gap, pointer and items[0] stay.
        Recorded t(Bytes(kBytes.begin(), kBytes.begin() + 16));
        Recorder r(t.tree, ByteView(t.data), 0, t.file);
        Sample s;
        QVERIFY(!r.guard([&] { kHead.recordInto(r, s); }));
        QCOMPARE(s.pointer, std::uint64_t{0x0102030405060708});
        QCOMPARE(s.items[0], std::uint16_t{1});
        QCOMPARE(t.tree.diagnostics().size(), std::size_t{1});
        QCOMPARE(t.tree.diagnostics()[0].diagnostic.message,
                 std::string("need 2 byte(s) at 16 but the data ends at 16"));
        QCOMPARE(t.tree.node(t.file).children.size(), std::size_t{5}); // 4 fields and the error

        // Whole: the record's bytes are required first, so nothing of it is read.
        Recorded whole(Bytes(kBytes.begin(), kBytes.begin() + 16));
        Recorder w(whole.tree, ByteView(whole.data), 0, whole.file);
        QVERIFY(!w.guard([&] { kHead.record(w); }));
        QCOMPARE(whole.tree.diagnostics()[0].diagnostic.message,
                 std::string("need 29 byte(s) at 0 but the data ends at 16"));
        QCOMPARE(whole.tree.node(whole.file).children.size(), std::size_t{1});
    }
};

QTEST_APPLESS_MAIN(TestRecordFields)
#include "tst_record_fields.moc"
