// A bundle nested in a Grub container goes to whichever format claims it through grub's table of
// nested claimants: a format known only to this test adds itself there and claims bundles
// holding a point set, and the container then answers for them through it (info, census counts, subjects,
// tables, export), while a crowd's model bundles stay with the models' own format.
#include "contract/parsed_file.h"
#include "contract/sample_sources.h"
#include "formats/grub/bundle_writer.h"
#include "formats/grub/grub_handler.h"
#include "formats/grub/nested_claimants.h"
#include "formats/registry.h"
#include "test_support.h"

#include <QtTest>

#include <algorithm>
#include <cstring>

using namespace assetscope;

namespace {

const std::uint32_t kPointsTag = tagFromText("ExtI");
constexpr std::uint32_t kPointSetSubject = 1;

// The blob of `bundle` that holds points: ExtI data of whole float triples.
const grub::Blob* pointBlob(const grub::Bundle& bundle) {
    for (const grub::Blob& b : bundle.blobs)
        if (b.tag == kPointsTag && !b.data.empty() && b.data.size() % 12 == 0) return &b;
    return nullptr;
}

// The points of a claimed bundle, drawn as one triangle fan.
class PointSet : public NestedPart {
public:
    PointSet(std::vector<exporting::Vec3> points, NodeId node) : m_points(std::move(points)), m_node(node) {}
    std::string_view noun() const override { return "point set"; }
    std::size_t meshCount() const override { return 1; }
    void count(CensusCounts& counts) const override {
        counts.add("meshes", 1);
        counts.add("vertices", m_points.size());
    }
    Subject subjectOf(const StructureTree& tree, NodeId node) const override {
        for (NodeId at = node; at != kNoNode && at < tree.nodeCount(); at = tree.node(at).parent)
            if (at == m_node) return {kPointSetSubject, 0};
        return {};
    }
    NodeId nodeOf(const Subject& subject) const override {
        return subject.kind == kPointSetSubject && subject.index == 0 ? m_node : kNoNode;
    }
    SubjectTables tables(const Subject& subject) const override {
        SubjectTables out;
        if (nodeOf(subject) == kNoNode) return out;
        out.heading = "Point set";
        out.summary = std::to_string(m_points.size()) + " points";
        return out;
    }
    std::optional<exporting::ExportScene> exportScene(const ExportSelection&, std::string&) const override {
        exporting::ExportScene scene;
        exporting::ExportMesh& mesh = scene.meshes.emplace_back();
        mesh.name = "points";
        mesh.subject = {kPointSetSubject, 0};
        mesh.node = m_node;
        mesh.positions = m_points;
        exporting::Primitive& fan = mesh.primitives.emplace_back();
        for (std::uint32_t i = 1; i + 1 < m_points.size(); ++i)
            fan.indices.insert(fan.indices.end(), {0, i, i + 1});
        scene.materials.push_back(exporting::Material::plain("points", {1, 1, 1, 1}));
        return scene;
    }

private:
    std::vector<exporting::Vec3> m_points;
    NodeId m_node;
};

// A format of its own only as a part of containers: it never sniffs a whole file.
class PointSetHandler : public FormatHandler {
public:
    std::string_view name() const override { return "test-point-set"; }
    std::string_view title() const override { return "Test point sets"; }
    std::string_view extensions() const override { return ".testpoints"; }
    int sniff(ByteView, std::string_view) const override { return 0; }
    std::unique_ptr<ParsedFile> parse(SharedBytes, const ParseSettings&) const override { return nullptr; }
};

// The test format's claim on a nested bundle.
std::unique_ptr<NestedPart> claimPointSet(StructureTree&, const grub::Bundle& bundle) {
    const grub::Blob* blob = pointBlob(bundle);
    if (!blob) return nullptr;
    std::vector<exporting::Vec3> points(blob->data.size() / 12);
    std::memcpy(points.data(), blob->data.data(), blob->data.size());
    return std::make_unique<PointSet>(std::move(points), blob->node);
}

grub::Blob plainBlob(std::string_view tag, Bytes data) {
    grub::Blob b;
    b.tag = tagFromText(tag);
    b.versionMajor = 1;
    b.data = std::move(data);
    return b;
}

// A container whose second blob holds a bundle with a triangle's three points.
Bytes containerWithPoints() {
    const float points[9] = {0, 0, 0, 1, 0, 0, 0, 2, 0};
    Bytes data(sizeof points);
    std::memcpy(data.data(), points, sizeof points);
    grub::Bundle inner;
    inner.blobs.push_back(plainBlob("ExtI", std::move(data)));
    grub::Bundle outer;
    outer.blobs.push_back(plainBlob("Anim", Bytes(16, 7)));
    outer.blobs.push_back(grub::nestedBlob(tagFromText("Clas"), 3, 0, inner));
    return grub::writeBundle(outer);
}

std::unique_ptr<ParsedFile> parseBundle(const Bytes& bytes) {
    return grub::grubHandler().parse(shareBytes(Bytes(bytes)), ParseSettings{});
}

const grub::ParsedBundle& asBundle(const std::unique_ptr<ParsedFile>& parsed) {
    return static_cast<const grub::ParsedBundle&>(*parsed);
}

std::optional<std::string> infoValue(const ParsedFile& file, std::string_view label) {
    for (const auto& [l, value] : file.info())
        if (l == label) return value;
    return std::nullopt;
}

} // namespace

class TestNestedClaim : public QObject {
    Q_OBJECT

private slots:
    // Before the format is added nobody claims the point bundle; after, the container hands it
    // over and answers for it through the part.
    void anAddedFormatClaimsANestedBundle() {
        const Bytes bytes = containerWithPoints();
        auto unclaimed = parseBundle(bytes);
        QVERIFY(asBundle(unclaimed).parts().empty());
        QVERIFY(!infoValue(*unclaimed, "nested point sets"));

        static const PointSetHandler handler;
        addFormatHandler(handler);
        grub::addNestedClaimant({handler.name(), claimPointSet, {}, {}});
        auto parsed = parseBundle(bytes);
        const grub::ParsedBundle& bundle = asBundle(parsed);
        QCOMPARE(bundle.parts().size(), std::size_t{1});
        QCOMPARE(bundle.parts()[0]->noun(), std::string_view("point set"));
        QCOMPARE(infoValue(*parsed, "nested point sets"), std::optional<std::string>("1 (1 mesh)"));

        CensusCounts counts;
        parsed->count(counts);
        QCOMPARE(counts.total("bundles"), std::uint64_t{2});
        QCOMPARE(counts.total("nested_bundles"), std::uint64_t{1});
        QCOMPARE(counts.total("meshes"), std::uint64_t{1});
        QCOMPARE(counts.total("vertices"), std::uint64_t{3});

        // The points' blob node, found in the real tree, belongs to the part's subject.
        const grub::Bundle& inner = *bundle.bundle().blobs[1].nested;
        const NodeId points = inner.blobs[0].node;
        QVERIFY(points != kNoNode);
        QCOMPARE(parsed->tree().node(points).offset, inner.blobs[0].dataOffset);
        const Subject subject = parsed->subjectOf(points);
        QCOMPARE(subject.kind, grub::kNestedSubject + kPointSetSubject);
        QCOMPARE(subject.index, std::int64_t{0});
        QCOMPARE(parsed->nodeOf(subject), points);
        QCOMPARE(parsed->tables(subject).heading, std::string("Point set"));
        QCOMPARE(parsed->tables(subject).summary, std::string("3 points"));
        // A node of the outer bundle is still the bundle's own subject.
        QCOMPARE(parsed->subjectOf(bundle.bundle().blobs[0].node).kind, grub::kBundleSubject);

        // The export scene holds the part's mesh, named by the container's subject.
        std::string reason;
        const auto scene = parsed->exportScene({}, reason);
        QVERIFY2(scene, reason.c_str());
        QCOMPARE(scene->meshes.size(), std::size_t{1});
        QCOMPARE(scene->meshes[0].subject, subject);
        QCOMPARE(scene->meshes[0].node, points);
        QCOMPARE(scene->meshes[0].positions.size(), std::size_t{3});
        QCOMPARE(scene->meshes[0].positions[2][1], 2.0f);
        QCOMPARE(scene->meshes[0].primitives[0].indices, (std::vector<std::uint32_t>{0, 1, 2}));
        // `--mesh` past the parts' meshes is refused with the count.
        ExportSelection past;
        past.meshes = {1};
        QVERIFY(!parsed->exportScene(past, reason));
        QVERIFY2(reason.find("hold 1 meshes") != std::string::npos, reason.c_str());
    }

    // The first claim wins, in the order claimants were added: the sample crowd's model bundle
    // stays with the models' format and its material with the materials' format, which added
    // themselves when they were registered, before formats added later; its ExtI is not a point set.
    void earlierFormatsClaimFirst() {
        const Bytes crowd = test::sampleCrowd();
        QVERIFY(!crowd.empty());
        auto parsed = parseBundle(crowd);
        const grub::ParsedBundle& bundle = asBundle(parsed);
        QCOMPARE(bundle.parts().size(), std::size_t{2});
        QCOMPARE(bundle.parts()[0]->noun(), std::string_view("model"));
        QCOMPARE(bundle.parts()[1]->noun(), std::string_view("material"));
        QVERIFY(!infoValue(*parsed, "nested point sets"));
        QVERIFY(infoValue(*parsed, "nested models").has_value());
    }
};

QTEST_GUILESS_MAIN(TestNestedClaim)
#include "tst_nested_claim.moc"
